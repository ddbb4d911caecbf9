import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import "./message-page.css";

/** A centred message with a way home: used for 'Not found' and the router's error screen. */
export function MessagePage(
  { eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode },
) {
  return (
    <section className="message-page">
      {eyebrow && <p className="message-page__eyebrow">{eyebrow}</p>}
      <h1 className="message-page__title">{title}</h1>
      {children && <div className="message-page__body">{children}</div>}
      <p>
        <Link to="/" className="button button--primary">Back to home</Link>
      </p>
    </section>
  );
}

export function NotFoundPage() {
  return (
    <MessagePage eyebrow="404" title="Not found">
      <p>We couldn’t find that page. It may have moved, or the address may be mistyped.</p>
    </MessagePage>
  );
}

export function AppErrorPage() {
  return (
    <MessagePage title="Unexpected Application Error!">
      <p>Something went wrong while showing this page. Please try again.</p>
    </MessagePage>
  );
}
