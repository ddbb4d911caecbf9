/** Placeholder: filled in by the page's own work. */
export function AboutPage() {
  return (
    <section className="page-placeholder">
      <h1>About Us</h1>
    </section>
  );
}
