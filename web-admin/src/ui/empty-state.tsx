import type { ReactNode } from "react";
import "./admin-parts.css";

/** The quiet text a list shows when it has nothing in it ('No services yet.'). */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="admin-empty">{children}</p>;
}
