/** Placeholder: filled in by the page's own work. */
export function SettingsPage() {
  return <h1>Settings</h1>;
}
