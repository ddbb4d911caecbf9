import type { ReactNode } from "react";
import "./page-hero.css";

export interface PageHeroImage {
  src: string;
  width: number;
  height: number;
  /** Empty when the picture is only decoration (the default). */
  alt?: string;
}

interface PageHeroProps {
  image: PageHeroImage;
  heading: string;
  /** A word (or words) of the heading drawn in the accent colour. */
  highlight?: string;
  eyebrow?: string;
  size?: "short" | "tall";
  /** How much the picture is scaled up, e.g. 1.1; 1 shows it as is. */
  zoom?: number;
  align?: "bottom" | "center";
  /** Lead text and calls to action under the heading. */
  children?: ReactNode;
  headingId?: string;
}

/** Splits the heading around the first occurrence of the highlighted word. */
export function splitHighlight(heading: string, highlight?: string): [string, string, string] {
  const at = highlight ? heading.indexOf(highlight) : -1;
  if (!highlight || at < 0) return [heading, "", ""];
  return [heading.slice(0, at), highlight, heading.slice(at + highlight.length)];
}

/** The banner at the top of a marketing page: picture, heading with an accent word, lead. */
export function PageHero(
  { image, heading, highlight, eyebrow, size = "short", zoom = 1, align = "bottom", children, headingId }:
    PageHeroProps,
) {
  const [before, accent, after] = splitHighlight(heading, highlight);
  return (
    <section
      className={`page-hero page-hero--${size} page-hero--${align}`}
      aria-labelledby={headingId}
    >
      <img
        className="page-hero__image"
        src={image.src}
        width={image.width}
        height={image.height}
        alt={image.alt ?? ""}
        style={zoom !== 1 ? { transform: `scale(${zoom})` } : undefined}
        decoding="async"
        fetchPriority="high"
      />
      <div className="page-hero__shade" aria-hidden="true" />
      <div className="page-hero__inner">
        {eyebrow && <p className="page-hero__eyebrow">{eyebrow}</p>}
        <h1 className="page-hero__title" id={headingId}>
          {before}
          {accent && <span className="page-hero__highlight">{accent}</span>}
          {after}
        </h1>
        {children && <div className="page-hero__body">{children}</div>}
      </div>
    </section>
  );
}
