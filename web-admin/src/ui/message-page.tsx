import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";

/** A short full-page message ('Not found', 'Forbidden') with a way back into the staff area. */
export function MessagePage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="admin-message">
      <h1>{title}</h1>
      {children}
    </section>
  );
}

export function NotFoundPage() {
  return (
    <MessagePage title="Not found">
      <p>That page doesn’t exist in the staff area.</p>
      <p>
        <Link to="/" className="admin-button admin-button--primary">Back to the staff area</Link>
      </p>
    </MessagePage>
  );
}

export function AppErrorPage() {
  return (
    <MessagePage title="Unexpected Application Error!">
      <p>Something went wrong while showing this page. Please reload and try again.</p>
    </MessagePage>
  );
}
