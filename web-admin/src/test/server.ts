import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";

/** Each test installs the answers it needs with server.use(); logout always succeeds. */
export const server = setupServer(http.post("/api/auth/logout", () => new HttpResponse(null, { status: 204 })));
