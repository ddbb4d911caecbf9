import { type ApiClient, createApiClient, isApiError, itemsOf, type RequestOptions } from "@yarra/api/client/http.ts";

/** Where staff log in: its 401s are wrong passwords (INVALID_CREDENTIALS), never an ended session. */
export const LOGIN_PATH = "/api/auth/login";
/** Logging out of a session the server already ended is no reason to ask for a login. */
const LOGOUT_PATH = "/api/auth/logout";

type SessionRejectedListener = () => void;
const rejectedListeners = new Set<SessionRejectedListener>();

/** Logins that succeeded on this page: a 401 to a call sent before the last one is about the old session. */
let logins = 0;

/**
 * Runs `listener` each time the server refuses a call because it no longer takes the session (a
 * 401 UNAUTHENTICATED: logout elsewhere, a password change, the account deactivated). Returns the
 * unsubscribe. Calls sent before the latest login are not reported: that session is already gone.
 */
export function onSessionRejected(listener: SessionRejectedListener): () => void {
  rejectedListeners.add(listener);
  return () => void rejectedListeners.delete(listener);
}

/**
 * Makes one call to `path` and, when the server refuses it because it no longer takes the session,
 * tells the listeners before the failure goes on to the caller. For calls made without the client
 * (a CSV download); the client's own go through it already.
 */
export async function watchedCall<T>(path: string, call: () => Promise<T>): Promise<T> {
  const sentAfter = logins;
  const isLogin = path === LOGIN_PATH;
  try {
    return await call();
  } catch (error) {
    if (!isLogin && path !== LOGOUT_PATH && sentAfter === logins && isApiError(error) && error.code === "UNAUTHENTICATED") {
      for (const listener of [...rejectedListeners]) listener();
    }
    throw error;
  }
}

/** Wraps a client so every call, loads and writes alike, reports a session the server ended. */
export function watchSession(client: ApiClient): ApiClient {
  async function request<T>(method: string, path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    const answer = await watchedCall(path, () => client.request<T>(method, path, body, options));
    if (path === LOGIN_PATH && method.toUpperCase() === "POST") logins += 1;
    return answer;
  }
  return {
    request,
    get: (path, opts) => request("GET", path, undefined, opts),
    delete: (path, opts) => request("DELETE", path, undefined, opts),
    post: (path, body, opts) => request("POST", path, body, opts),
    put: (path, body, opts) => request("PUT", path, body, opts),
    patch: (path, body, opts) => request("PATCH", path, body, opts),
    list: async <T>(path: string, opts?: RequestOptions) => itemsOf<T>(await request("GET", path, undefined, opts)),
  };
}

/**
 * The staff area's one fetch client: same origin as the host, the session in its httpOnly cookie,
 * and every write carrying the CSRF header. A call the server refuses for want of a session tells
 * onSessionRejected's listeners (the signed-in layout asks to log in again over the screen).
 */
export const api = watchSession(createApiClient());
