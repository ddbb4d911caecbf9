import "./admin-parts.css";

/** A polite live region for short confirmations (pair with useFlash); it stays mounted so it is announced. */
export function FlashStatus({ message }: { message: string | null }) {
  return <p className="admin-flash" role="status">{message}</p>;
}
