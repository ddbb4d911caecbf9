/** Placeholder: filled in by the page's own work. */
export function BookingsPage() {
  return <h1>Bookings</h1>;
}
