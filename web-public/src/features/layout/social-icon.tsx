import type { SocialLink } from "@yarra/core/settings/types.ts";
// The four marks live in one cached SVG file, not in the first load's JavaScript (`?no-inline`:
// Vite would otherwise inline a file this small as a data URL in the bundle).
import sprite from "./social-icons.svg?no-inline";

export function SocialIcon({ network }: { network: SocialLink["network"] }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <use href={`${sprite}#${network}`} />
    </svg>
  );
}
