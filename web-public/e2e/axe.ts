/** axe-core run inside a page (issue 34's sweep and the public pages): WCAG 2.0–2.2 A and AA rules. */
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"];

/** The violations on the page as it stands (its context must bypass CSP to take the script). */
export async function axeViolations(page: Page): Promise<{ id: string; help: string; targets: string[] }[]> {
  await page.addScriptTag({ path: axePath });
  return await page.evaluate(async (tags) => {
    // deno-lint-ignore no-explicit-any
    const axe = (window as any).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: tags } });
    return result.violations.map((violation: { id: string; help: string; nodes: { target: unknown }[] }) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => JSON.stringify(node.target)).slice(0, 5),
    }));
  }, AXE_TAGS);
}

/** How far the page scrolls sideways past the viewport (0 when it fits). */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
