/** Placeholder: filled in by the page's own work. */
export function FaqPage() {
  return (
    <section className="page-placeholder">
      <h1>FAQ</h1>
    </section>
  );
}
