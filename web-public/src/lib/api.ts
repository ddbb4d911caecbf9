import { createApiClient } from "@yarra/api/client/http.ts";

/** The site's one fetch client: same origin, bearer token from storage when present. */
export const api = createApiClient();
