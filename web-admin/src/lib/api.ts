import { createApiClient } from "@yarra/api/client/http.ts";

/** The staff area's one fetch client: same origin as the host, bearer token from storage. */
export const api = createApiClient();
