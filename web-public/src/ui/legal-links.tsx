import { Link } from "@tanstack/react-router";

/**
 * 'By booking you agree to our Terms and Privacy Policy.', for beside a form's submit button.
 * The pages open in a new tab, so reading them never leaves a half-filled form.
 */
export function LegalLinks({ action = "booking", className }: { action?: string; className?: string }) {
  return (
    <p className={className}>
      By {action} you agree to our{" "}
      <Link to="/terms" target="_blank" rel="noopener">
        Terms<span className="visually-hidden"> (opens in a new tab)</span>
      </Link>{" "}
      and{" "}
      <Link to="/privacy" target="_blank" rel="noopener">
        Privacy Policy<span className="visually-hidden"> (opens in a new tab)</span>
      </Link>.
    </p>
  );
}
