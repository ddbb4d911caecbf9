import { setupServer } from "msw/node";

/** Each test installs the answers it needs with server.use(). */
export const server = setupServer();
