import assert from "node:assert/strict";
import { sanitizePolicyHtml } from "./sanitize-html.ts";

Deno.test("sanitizePolicyHtml", async (t) => {
  const cases: [string, string, string][] = [
    ["allowed markup kept", "<h3>Fees</h3><p>A <strong>b</strong> <b>c</b> <em>d</em> <i>e</i> <u>f</u> <span>g</span><br /></p><blockquote>q</blockquote><h4>h</h4><ol><li>1</li></ol><ul><li>2</li></ul>", "<h3>Fees</h3><p>A <strong>b</strong> <b>c</b> <em>d</em> <i>e</i> <u>f</u> <span>g</span><br /></p><blockquote>q</blockquote><h4>h</h4><ol><li>1</li></ol><ul><li>2</li></ul>"],
    ["script removed with its content", "<p>a</p><script>alert(1)</script>", "<p>a</p>"],
    ["script inside svg removed", "<svg><script>alert(1)</script></svg>ok", "ok"],
    ["style element removed with its content", "<style>body{display:none}</style><p>a</p>", "<p>a</p>"],
    ["event handlers removed", '<p onclick="x()" onmouseover="y()">a</p>', "<p>a</p>"],
    ["style and class attributes removed", '<span style="color:red" class="big">a</span>', "<span>a</span>"],
    ["other tags dropped, text kept", '<div><font size="7">big</font> <img src="x" onerror="alert(1)">text</div>', "big text"],
    ["iframe dropped with its content", '<iframe src="https://evil.example">x</iframe>a', "a"],
    ["comments dropped", "<!-- secret --><p>a</p>", "<p>a</p>"],
    ["https link kept, rel added", '<a href="https://example.com/t?a=1&amp;b=2">t</a>', '<a href="https://example.com/t?a=1&amp;b=2" rel="noopener noreferrer">t</a>'],
    ["http, mailto and tel kept", '<a href="http://x.au">h</a><a href="mailto:a@b.co">m</a><a href="tel:+61390000000">t</a>', '<a href="http://x.au" rel="noopener noreferrer">h</a><a href="mailto:a@b.co" rel="noopener noreferrer">m</a><a href="tel:+61390000000" rel="noopener noreferrer">t</a>'],
    ["target _blank kept", '<a href="https://x.au" target="_blank">x</a>', '<a href="https://x.au" target="_blank" rel="noopener noreferrer">x</a>'],
    ["other targets dropped", '<a href="https://x.au" target="_top">x</a>', '<a href="https://x.au" rel="noopener noreferrer">x</a>'],
    ["rel cannot be overridden", '<a href="https://x.au" rel="opener">x</a>', '<a href="https://x.au" rel="noopener noreferrer">x</a>'],
    ["javascript: link loses its href", '<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ["obfuscated javascript: too", '<a href=" JaVa&#09;ScRiPt:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ["data: link loses its href", '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ["protocol-relative and relative links lose their href", '<a href="//evil.example">a</a><a href="/terms">b</a>', '<a rel="noopener noreferrer">a</a><a rel="noopener noreferrer">b</a>'],
    ["text is escaped, not unescaped", "<p>5 &lt; 6 &amp; &lt;script&gt;</p>", "<p>5 &lt; 6 &amp; &lt;script&gt;</p>"],
    ["plain text stays", "No fee if you cancel early.", "No fee if you cancel early."],
  ];
  for (const [name, input, expected] of cases) {
    await t.step(name, () => assert.equal(sanitizePolicyHtml(input), expected));
  }
});
