/** Placeholder: filled in by the page's own work. */
export function AdminsPage() {
  return <h1>Admins</h1>;
}
