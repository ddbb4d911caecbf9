/** Placeholder: filled in by the page's own work. */
export function QuestionsPage() {
  return <h1>Questions</h1>;
}
