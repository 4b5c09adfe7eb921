/**
 * Finds a Chromium or Chrome on this machine for the browser tests, the bench and Lighthouse:
 * CHROME_PATH first (the variable Lighthouse and chrome-launcher read), then the usual names
 * on PATH, then the macOS application paths. Never downloads a browser.
 */
import {accessSync, constants} from "node:fs";
import {delimiter, join} from "node:path";

export const BROWSER_NAMES_ON_PATH = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] as const;
export const MACOS_BROWSER_PATHS = [
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"
] as const;

export const INSTALL_BROWSER_HINT =
  "No Chromium or Chrome found (looked at CHROME_PATH, then " +
  BROWSER_NAMES_ON_PATH.join(", ") +
  " on PATH, then " +
  MACOS_BROWSER_PATHS.join(", ") +
  "). Install one: on Debian or Ubuntu `apt-get update && apt-get install -y chromium` " +
  "(bash .ci/run does this); on macOS install Google Chrome or `brew install --cask chromium`; or set CHROME_PATH to a Chromium or Chrome binary.";

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first browser found, or null. `env` is a parameter so tests can give their own PATH. */
export function findBrowser(
  env: NodeJS.ProcessEnv = process.env,
  executable: (path: string) => boolean = isExecutable
): string | null {
  const fromEnv = env.CHROME_PATH?.trim();
  if (fromEnv) return executable(fromEnv) ? fromEnv : null;
  const directories = (env.PATH ?? "").split(delimiter).filter(Boolean);
  for (const name of BROWSER_NAMES_ON_PATH) {
    for (const directory of directories) {
      const candidate = join(directory, name);
      if (executable(candidate)) return candidate;
    }
  }
  return MACOS_BROWSER_PATHS.find((path) => executable(path)) ?? null;
}
