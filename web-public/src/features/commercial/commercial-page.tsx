/** Placeholder: filled in by the page's own work. */
export function CommercialPage() {
  return (
    <section className="page-placeholder">
      <h1>Commercial Cleaning</h1>
    </section>
  );
}
