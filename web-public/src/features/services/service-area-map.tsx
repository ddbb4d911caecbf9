import type { Council } from "@yarra/core/settings/types.ts";
import { useId } from "react";

/** Rough places of each council on our drawing (viewBox 600 x 460), around the CBD at 270,230. */
const COUNCIL_POSITIONS: Record<string, [number, number, string]> = {
  "City of Melbourne": [268, 228, "Melbourne"],
  "City of Yarra": [316, 206, "Yarra"],
  "City of Stonnington": [338, 266, "Stonnington"],
  "City of Port Phillip": [262, 292, "Port Phillip"],
  "City of Boroondara": [398, 214, "Boroondara"],
  "City of Glen Eira": [328, 322, "Glen Eira"],
  "Bayside City Council": [306, 382, "Bayside"],
  "City of Monash": [452, 322, "Monash"],
  "City of Whitehorse": [486, 226, "Whitehorse"],
  "City of Moonee Valley": [208, 168, "Moonee Valley"],
  "Merri-bek City Council": [262, 140, "Merri-bek"],
  "City of Darebin": [340, 126, "Darebin"],
};

/**
 * A simple drawn map of the councils we serve (our own SVG: no map tiles, no third-party
 * request). The council list next to it carries the same information as text.
 */
export function ServiceAreaMap({ councils }: { councils: Council[] }) {
  const titleId = useId();
  const clipId = useId();
  const places = councils.flatMap((council) => {
    const position = COUNCIL_POSITIONS[council.name];
    return position ? [{ name: council.name, x: position[0], y: position[1], label: position[2] }] : [];
  });

  return (
    <svg className="area-map" viewBox="0 0 600 460" width="600" height="460" role="img" aria-labelledby={titleId}>
      <title id={titleId}>
        {`Map of the Melbourne councils we serve: ${councils.map((council) => council.name).join(", ")}`}
      </title>
      <clipPath id={clipId}>
        <rect width="600" height="460" rx="24" />
      </clipPath>
      <rect width="600" height="460" rx="24" className="area-map__land" />
      <g clipPath={`url(#${clipId})`}>
      <path
        className="area-map__bay"
        d="M0 262 C70 254 150 252 212 262 C236 268 246 290 256 312 C272 346 288 380 300 420 L312 460 L0 460 Z"
      />
      <path
        className="area-map__river"
        d="M600 176 C548 170 520 196 478 190 C436 184 420 204 386 206 C352 208 340 232 306 236 C282 238 258 244 226 258"
      />
      <circle cx="270" cy="232" r="70" className="area-map__ring" />
      <circle cx="300" cy="240" r="190" className="area-map__ring" />
      </g>
      <text x="60" y="372" className="area-map__water">Port Phillip Bay</text>
      {places.map((place) => (
        <g key={place.name} transform={`translate(${place.x} ${place.y})`}>
          <circle r="9" className="area-map__dot" />
          <circle r="3.5" className="area-map__dot-core" />
          <text y="-14" textAnchor="middle" className="area-map__label">{place.label}</text>
        </g>
      ))}
    </svg>
  );
}
