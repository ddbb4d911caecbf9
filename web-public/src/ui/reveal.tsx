import { type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import "./reveal.css";

/** public-site.md: sections fade in once at least 12% of them is visible. */
export const REVEAL_THRESHOLD = 0.12;

type RevealState = "static" | "hidden" | "shown";

interface RevealProps {
  as?: "div" | "section" | "article" | "li" | "ul";
  className?: string;
  /** Staggers siblings, in ms. */
  delay?: number;
  children: ReactNode;
  id?: string;
  "aria-labelledby"?: string;
}

/**
 * Fades its content in when it scrolls into view. The server and the first client render show
 * the content as is: it is only hidden after mount, when IntersectionObserver exists, motion is
 * welcome and the element is still below the fold, so prerendered HTML never depends on JS.
 */
export function Reveal({ as = "div", className, delay, children, ...rest }: RevealProps) {
  const ref = useRef<HTMLElement>(null);
  const [state, setState] = useState<RevealState>("static");

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    const box = element.getBoundingClientRect();
    // Already on screen at mount: hiding it now would only flicker.
    if (box.top < window.innerHeight && box.bottom > 0) return;
    setState("hidden");
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setState("shown");
        observer.disconnect();
      }
    }, { threshold: REVEAL_THRESHOLD });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const classes = ["reveal", state === "static" ? "" : `reveal--${state}`, className ?? ""].filter(Boolean).join(" ");
  const Tag = as;
  return (
    <Tag
      // Every tag `as` allows is an HTMLElement; TS can't see that through the union of tags.
      ref={ref as RefObject<never>}
      className={classes}
      style={delay ? { transitionDelay: `${delay}ms` } : undefined}
      {...rest}
    >
      {children}
    </Tag>
  );
}
