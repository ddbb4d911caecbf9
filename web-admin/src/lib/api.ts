import { createApiClient } from "@yarra/api/client/http.ts";

/**
 * The staff area's one fetch client: same origin as the host, the session in its httpOnly cookie,
 * and every write carrying the CSRF header.
 */
export const api = createApiClient();
