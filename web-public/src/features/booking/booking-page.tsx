/** Placeholder: filled in by the page's own work. */
export function BookingPage() {
  return (
    <section className="page-placeholder">
      <h1>Book a Cleaning</h1>
    </section>
  );
}
