/**
 * Where the end-to-end tests find Chromium: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else a
 * chromium/chrome on the PATH. Run as a script (first thing `npm test` does, and before
 * `npm run test:e2e`), it also makes sure of pdftotext (poppler-utils), with which the invoice
 * tests read their PDFs back: it installs Debian's packages for whichever is missing when the user
 * may install packages, or says in one line what to do.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { fileURLToPath } from "node:url";

const executable = (path) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const onPath = (name) => {
  const found = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" });
  return found.status === 0 ? found.stdout.trim() : null;
};

/** The Chromium to drive, or null. */
export function findChromium(env = process.env) {
  if (env.CHROMIUM_PATH) return executable(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : null;
  if (executable("/usr/bin/chromium")) return "/usr/bin/chromium";
  for (const name of ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]) {
    const path = onPath(name);
    if (path) return path;
  }
  return null;
}

const mayInstall = () => process.getuid?.() === 0 && onPath("apt-get") !== null;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.env.CHROMIUM_PATH && !findChromium()) {
    console.error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not an executable file.`);
    process.exit(1);
  }
  const hasPdftotext = () => onPath("pdftotext") !== null;
  const missing = [...(findChromium() ? [] : ["chromium"]), ...(hasPdftotext() ? [] : ["poppler-utils"])];
  if (missing.length > 0 && mayInstall()) {
    console.log(`The tests need ${missing.join(" and ")}; installing Debian's packages (apt-get install ${missing.join(" ")})…`);
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", ...missing], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  }
  if (!hasPdftotext()) {
    console.error("The invoice tests need pdftotext: install poppler-utils (Debian/Ubuntu: sudo apt-get install poppler-utils).");
    process.exit(1);
  }
  const found = findChromium();
  if (!found) {
    console.error(
      "End-to-end tests need Chromium: install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.",
    );
    process.exit(1);
  }
  console.log(`End-to-end tests drive ${found}`);
}
