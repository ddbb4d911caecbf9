import type { ReactNode } from "react";
import "./admin-parts.css";

/** A staff screen's title (h1, labelled by `titleId`) with its page-level actions beside it. */
export function PageHeader({ title, titleId, children }: { title: string; titleId: string; children?: ReactNode }) {
  return (
    <div className="admin-page-header">
      <h1 id={titleId} className="admin-page-title">{title}</h1>
      {children && <div className="admin-page-header__actions">{children}</div>}
    </div>
  );
}
