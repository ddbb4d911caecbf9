/** Placeholder: filled in by the page's own work. */
export function DomesticPage() {
  return (
    <section className="page-placeholder">
      <h1>Domestic Cleaning</h1>
    </section>
  );
}
