/** Placeholder: filled in by the page's own work. */
export function ServicesPage() {
  return (
    <section className="page-placeholder">
      <h1>Services</h1>
    </section>
  );
}
