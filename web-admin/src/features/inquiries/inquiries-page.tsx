/** Placeholder: filled in by the page's own work. */
export function InquiriesPage() {
  return <h1>Inquiries</h1>;
}
