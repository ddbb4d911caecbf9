/** window.confirm, then the action only when the staff member agrees. */
export async function confirmThen<T>(message: string, action: () => Promise<T>): Promise<T | undefined> {
  if (!window.confirm(message)) return undefined;
  return action();
}
