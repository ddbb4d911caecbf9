/** Placeholder: filled in by the page's own work. */
export function ExtrasPage() {
  return <h1>Extras</h1>;
}
