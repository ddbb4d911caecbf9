import type { Council } from "@yarra/core/settings/types.ts";
import { useId, useState } from "react";

/** public-site.md: five councils are shown before the list is expanded. */
export const COUNCILS_SHOWN_COLLAPSED = 5;

/** The councils we serve with their suburbs as chips; the rest fold behind a toggle. */
export function ServiceAreas({ councils }: { councils: Council[] }) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const hiddenCount = Math.max(0, councils.length - COUNCILS_SHOWN_COLLAPSED);
  const shown = expanded ? councils : councils.slice(0, COUNCILS_SHOWN_COLLAPSED);

  return (
    <div className="service-areas">
      <ul className="service-areas__list" id={listId}>
        {shown.map((council) => (
          <li key={council.name} className="service-areas__council">
            <h3 className="service-areas__name">{council.name}</h3>
            <ul className="service-areas__chips" aria-label={`Suburbs in ${council.name}`}>
              {council.suburbs.map((suburb) => <li key={suburb}>{suburb}</li>)}
            </ul>
          </li>
        ))}
      </ul>
      {hiddenCount > 0 && (
        <button
          type="button"
          className="button button--outline service-areas__toggle"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? "View less ↑" : `View more (${hiddenCount}) →`}
        </button>
      )}
    </div>
  );
}
