import "./logo.css";

/** The brand mark (a droplet with a shine) and the brand name as its wordmark. */
export function Logo({ brandName, tone = "dark" }: { brandName: string; tone?: "dark" | "light" }) {
  const [first, ...rest] = brandName.split(" ");
  return (
    <span className={`logo logo--${tone}`}>
      <svg className="logo__mark" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="16" className="logo__tile" />
        <path d="M32 10c7 10 14 18 14 27a14 14 0 0 1-28 0c0-9 7-17 14-27z" className="logo__drop" />
        <path d="M26 38a6 6 0 0 0 6 6" className="logo__shine" />
        <path d="M48 12l1.6 4.4L54 18l-4.4 1.6L48 24l-1.6-4.4L42 18l4.4-1.6z" className="logo__spark" />
      </svg>
      <span className="logo__word">
        <span className="logo__first">{first}</span>
        {rest.length > 0 && <span className="logo__rest"> {rest.join(" ")}</span>}
      </span>
    </span>
  );
}
