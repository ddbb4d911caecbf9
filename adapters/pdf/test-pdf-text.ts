/**
 * Test helper: a PDF's text as pdftotext (poppler) reads it. Without pdftotext the test fails and
 * says what to install (`npm test` installs it first where it may: web-public/scripts/chromium.mjs);
 * a check of a PDF's words is never skipped quietly.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command("pdftotext", { args: ["-layout", "-enc", "UTF-8", "-", "-"], stdin: "piped", stdout: "piped", stderr: "piped" }).spawn();
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) throw new Error(PDFTOTEXT_MISSING);
    throw error;
  }
  const writer = child.stdin.getWriter();
  await writer.write(bytes);
  await writer.close();
  const { code, stdout, stderr } = await child.output();
  if (code !== 0) throw new Error(`pdftotext failed: ${new TextDecoder().decode(stderr)}`);
  return new TextDecoder().decode(stdout);
}

export const PDFTOTEXT_MISSING =
  "pdftotext is not installed: the invoice tests read PDFs back with it (Debian/Ubuntu: apt-get install poppler-utils)";
