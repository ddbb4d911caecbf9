import { Hono } from "hono";

/** For load balancers and uptime checks: 200 only when the database answers. */
export function healthRoutes(checkDatabase: () => Promise<void>) {
  return new Hono().get("/health", async (c) => {
    c.header("Cache-Control", "no-store");
    try {
      await checkDatabase();
      return c.json({ status: "ok", database: "ok" });
    } catch (error) {
      console.error(JSON.stringify({ level: "error", requestId: c.get("requestId"), message: `health: ${error}` }));
      return c.json(
        { error: "The database is not answering.", code: "DATABASE_UNAVAILABLE", status: "error", database: "error" },
        503,
      );
    }
  });
}
