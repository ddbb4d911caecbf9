import { mapSearchUrl } from "@yarra/core/shared/contact.ts";
import type { ReactNode } from "react";

/** Issue 34: what a screen reader hears for an address that opens a map. */
export const mapLinkLabel = (address: string): string => `${address} (open in Maps)`;

interface MapLinkProps {
  /** The whole address, one line: the map searches for it. */
  address: string;
  /** What is seen (the address itself unless told); the accessible name is always the whole address. */
  children?: ReactNode;
  className?: string;
}

/**
 * An address as a link to Google Maps, in a new tab (the Maps app on a phone). A blank address is
 * a dash, not a link to an empty search.
 */
export function MapLink({ address, children, className }: MapLinkProps) {
  const line = address.trim();
  if (!line) return <>—</>;
  return (
    <a href={mapSearchUrl(line)} target="_blank" rel="noopener noreferrer" aria-label={mapLinkLabel(line)} className={className}>
      {children ?? <bdi>{line}</bdi>}
    </a>
  );
}
