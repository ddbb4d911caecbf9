import assert from "node:assert/strict";
import { escapeHtml, htmlToText } from "./html.ts";

Deno.test("escapeHtml escapes the five special characters", () => {
  assert.equal(
    escapeHtml(`<a href="x">Tom & 'Jerry'</a>`),
    "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;",
  );
  assert.equal(escapeHtml("plain"), "plain");
});

Deno.test("htmlToText flattens a sanitised policy", () => {
  const cases: Array<[string, string]> = [
    ["<ul><li>One</li><li>Two &amp; three</li></ul>", "- One\n- Two & three"],
    ["<p>Intro</p><ol><li><strong>Bold</strong> item</li></ol>", "Intro\n- Bold item"],
    ["Line<br>next<br/>last", "Line\nnext\nlast"],
    ["<p>A&nbsp;&lt;b&gt; &#36;5 &#x41;</p>", "A <b> $5 A"],
    ["<p>\n  spaced   out \n</p>", "spaced out"],
    ["", ""],
  ];
  for (const [html, text] of cases) assert.equal(htmlToText(html), text, html);
});
