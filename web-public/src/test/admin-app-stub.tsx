import type { RouterHistory } from "@tanstack/react-router";
import { useSyncExternalStore } from "react";

/** Stands in for the federated admin remote in tests; follows the history it was handed, as the real one does. */
export default function AdminAppStub({ history, basepath }: { history?: RouterHistory; basepath?: string }) {
  const pathname = useSyncExternalStore(
    (onChange) => history?.subscribe(onChange) ?? (() => {}),
    () => history?.location.pathname,
  );
  return (
    <div data-testid="admin-stub">
      admin remote at {basepath} on {pathname}
    </div>
  );
}
