import { useRouterState } from "@tanstack/react-router";
import { useEffect } from "react";
import { useBusinessProfile } from "./business-profile-context.tsx";
import "./route-static-data.ts";
import { buildHead, type HeadTags, jsonForScript } from "./seo.ts";

function upsert<T extends Element>(selector: string, create: () => T): T {
  return document.head.querySelector<T>(selector) ?? document.head.appendChild(create());
}

function setMeta(attribute: "name" | "property", key: string, content: string | undefined) {
  const selector = `meta[${attribute}="${key}"]`;
  if (content === undefined) {
    document.head.querySelector(selector)?.remove();
    return;
  }
  upsert(selector, () => {
    const meta = document.createElement("meta");
    meta.setAttribute(attribute, key);
    return meta;
  }).setAttribute("content", content);
}

/** Writes a page's head into the live document (same tags the prerender step writes). */
export function applyHead(head: HeadTags) {
  if (document.title !== head.title) document.title = head.title;
  setMeta("name", "description", head.description);
  setMeta("name", "robots", head.robots);
  if (head.canonical) {
    upsert('link[rel="canonical"]', () => {
      const link = document.createElement("link");
      link.rel = "canonical";
      return link;
    }).href = head.canonical;
  } else {
    document.head.querySelector('link[rel="canonical"]')?.remove();
  }
  for (const [property, content] of head.social) {
    setMeta(property.startsWith("twitter:") ? "name" : "property", property, content);
  }
  if (!head.canonical) setMeta("property", "og:url", undefined);
  const ld = upsert("#ld-local-business", () => {
    const script = document.createElement("script");
    script.type = "application/ld+json";
    script.id = "ld-local-business";
    return script;
  });
  const json = jsonForScript(head.localBusiness);
  if (ld.textContent !== json) ld.textContent = json;
}

/**
 * Keeps <title>, description, canonical, Open Graph and JSON-LD in step with the matched route
 * (its `staticData.seo`) and the live business profile. Renders nothing, so hydration is untouched.
 */
export function DocumentHead() {
  const profile = useBusinessProfile();
  // Two selections of stable values (a static object, a string), so renders happen only on change.
  const seo = useRouterState({
    select: (state) => state.matches.findLast((m) => m.staticData?.seo)?.staticData.seo,
  });
  const path = useRouterState({
    select: (state) => String(state.matches.findLast((m) => m.staticData?.seo)?.fullPath ?? "/"),
  });
  useEffect(() => {
    applyHead(buildHead(seo, profile, window.location.origin, path));
  }, [seo, path, profile]);
  return null;
}
