import { useRouter } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { ErrorBoundary } from "../../ui/error-boundary.tsx";
import { MessagePage } from "../../ui/message-page.tsx";
import "./admin-mount.css";

// Loaded from the admin remote only when a staff page is opened: none of it ships with '/'.
const AdminApp = lazy(() => import("admin/AdminApp"));

/** Mounts the staff area (a federation remote) at /admin, sharing the host's history. */
export function AdminMount() {
  const router = useRouter();
  return (
    <ErrorBoundary
      fallback={
        <div className="admin-mount__error">
          <MessagePage title="The staff area could not be loaded.">
            <p>Please check your connection and reload the page.</p>
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
