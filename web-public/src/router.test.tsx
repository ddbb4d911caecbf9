import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { renderApp } from "./test/render-app.tsx";
import { server } from "./test/server.ts";

describe("router", () => {
  it("shows the home hero at / with its two calls to action", async () => {
    server.use(http.get("/api/services", () => HttpResponse.json({ items: [] })));
    await renderApp("/");
    const hero = screen.getByRole("heading", { level: 1 });
    expect(hero.textContent).toBe("Cleaning you can count on");
    const heroSection = within(hero.closest("section")!);
    expect(heroSection.getByRole("link", { name: "Book Now" }).getAttribute("href")).toBe("/book-now");
    expect(heroSection.getByRole("link", { name: "About Us" }).getAttribute("href")).toBe("/about-us");
  });

  it("shows 'Not found' for an unknown path, inside the layout", async () => {
    await renderApp("/nope");
    expect(screen.getByRole("heading", { level: 1, name: "Not found" })).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Main" })).toBeTruthy();
    expect(screen.getByRole("contentinfo")).toBeTruthy();
  });

  it("matches routes case-insensitively", async () => {
    const { router } = await renderApp("/ADMIN/Login");
    expect(router.state.matches.map((match) => match.routeId)).toContain("/admin/$");
    expect(await screen.findByTestId("admin-stub")).toBeTruthy();
  });

  it("mounts the admin remote at /admin and /admin/*, handing over the host's history", async () => {
    const { router } = await renderApp("/admin");
    const stub = await screen.findByTestId("admin-stub");
    expect(stub.textContent).toBe("admin remote at /admin on /admin");
    // The public layout is not drawn around the staff area.
    expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull();

    await router.navigate({ to: "/admin/$", params: { _splat: "login" } });
    await waitFor(() => expect(screen.getByTestId("admin-stub").textContent).toContain("on /admin/login"));
    // The same mounted remote followed the change: it was not remounted by the host.
    expect(screen.getByTestId("admin-stub")).toBe(stub);
  });

  it("moves focus to <main> after a route change", async () => {
    const { user } = await renderApp("/");
    await user.click(screen.getAllByRole("link", { name: "About Us" })[0]);
    await waitFor(() => expect(document.activeElement?.id).toBe("main"));
  });
});
