/** The staff area's index: the services screen (its list and forms arrive in a later issue). */
export function ServicesPage() {
  return (
    <section aria-labelledby="services-title">
      <h1 id="services-title" className="admin-page-title">Services</h1>
    </section>
  );
}
