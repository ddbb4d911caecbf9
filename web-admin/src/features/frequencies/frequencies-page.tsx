/** Placeholder: filled in by the page's own work. */
export function FrequenciesPage() {
  return <h1>Frequencies</h1>;
}
