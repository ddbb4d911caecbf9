import { useRouter } from "@tanstack/react-router";
import { lazy, Suspense, useState } from "react";
import { __federation_method_setRemote } from "virtual:__federation__";
import { ErrorBoundary } from "../../ui/error-boundary.tsx";
import { MessagePage } from "../../ui/message-page.tsx";
import { remoteEntryUrl } from "./remote-entry.ts";
import "./admin-mount.css";

/** Points the federation runtime at this attempt's entry file, then loads the staff area from it. */
function loadAdminApp(attempt: number) {
  __federation_method_setRemote("admin", { url: remoteEntryUrl(document, attempt), format: "esm", from: "vite" });
  return import("admin/AdminApp");
}

/**
 * Loaded only when a staff page is opened: none of it ships with '/'. Each attempt is a new lazy
 * component, as React.lazy keeps a failed load for good.
 */
const attemptToLoad = (attempt: number) => ({ attempt, AdminApp: lazy(() => loadAdminApp(attempt)) });

/** Mounts the staff area (a federation remote) at /admin, sharing the host's history. */
export function AdminMount() {
  const router = useRouter();
  const [{ attempt, AdminApp }, setLoad] = useState(() => attemptToLoad(0));
  return (
    <ErrorBoundary
      key={attempt}
      fallback={
        <div className="admin-mount__error">
          <MessagePage title="The staff area could not be loaded.">
            <p>Please check your connection and try again.</p>
            <p>
              <button type="button" className="button button--dark" onClick={() => setLoad(attemptToLoad(attempt + 1))}>
                Try again
              </button>
            </p>
          </MessagePage>
        </div>
      }
    >
      <Suspense fallback={<p className="admin-mount__loading" role="status">Loading the staff area…</p>}>
        <AdminApp history={router.history} basepath="/admin" />
      </Suspense>
    </ErrorBoundary>
  );
}
