/** Placeholder: filled in by the page's own work. */
export function ContactPage() {
  return (
    <section className="page-placeholder">
      <h1>Contact Us</h1>
    </section>
  );
}
