/**
 * Where the end-to-end tests find Chromium: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else a
 * chromium/chrome on the PATH. Run as a script (before `npm run test:e2e`), it installs Debian's
 * package when none is found and the user may install packages, or says in one line what to do.
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
  if (!findChromium() && mayInstall()) {
    console.log("End-to-end tests need Chromium; installing Debian's package (apt-get install chromium)…");
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
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
