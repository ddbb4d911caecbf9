/** Placeholder: filled in by the page's own work. */
export function AuditPage() {
  return <h1>Audit</h1>;
}
