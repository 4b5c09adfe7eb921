/**
 * npm run lighthouse: Lighthouse 12 (the last line that runs on Node 20) against
 * the built site served with gzip on 127.0.0.1, in Debian's Chromium. Prints the
 * performance and accessibility scores of each page; run `npm run build` first.
 * Lighthouse is installed from the npm registry into .lighthouse/tool on first use
 * (kept out of package.json: it is a measuring tool, not a dependency of the site).
 */
import {execFile, execFileSync} from "node:child_process";
import {promisify} from "node:util";
import {existsSync, mkdirSync, readFileSync} from "node:fs";
import {findBrowser, INSTALL_BROWSER_HINT} from "./find-browser.js";
import {listPages} from "./site-files.js";
import {startStaticServer} from "./static-server.js";

const LIGHTHOUSE = "lighthouse@12.8.2";
const CHROME_FLAGS =
  "--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync --disable-dev-shm-usage";

const TOOL_DIR = ".lighthouse/tool";
const LIGHTHOUSE_BIN = `${TOOL_DIR}/node_modules/.bin/lighthouse`;
// Mobile (Lighthouse's default: slow 4G, 4x CPU slowdown) and desktop presets.
const PRESETS = [[], ["--preset=desktop"]] as const;

const browserPath = findBrowser();
if (browserPath === null) throw new Error(INSTALL_BROWSER_HINT);
mkdirSync(TOOL_DIR, {recursive: true});
if (!existsSync(LIGHTHOUSE_BIN)) {
  execFileSync("npm", ["install", "--prefix", TOOL_DIR, "--no-audit", "--no-fund", "--no-save", LIGHTHOUSE], {
    stdio: "inherit"
  });
}
const server = await startStaticServer({root: "dist", gzip: true});
try {
  const pages = process.argv.slice(2).length
    ? process.argv.slice(2)
    : listPages("dist").map((file) => file.replace(/(index)?\.html$/, ""));
  for (const path of pages) {
    for (const preset of PRESETS) {
      const mode = preset.length ? "desktop" : "mobile";
      const report = `.lighthouse/${path || "index"}-${mode}.json`;
      // Asynchronously: the static server runs in this process and must keep answering.
      await promisify(execFile)(
        LIGHTHOUSE_BIN,
        [
          `${server.url}${path}`,
          "--quiet",
          "--only-categories=performance,accessibility",
          ...preset,
          `--chrome-flags=${CHROME_FLAGS}`,
          "--output=json",
          `--output-path=${report}`
        ],
        {env: {...process.env, CHROME_PATH: browserPath}}
      );
      const {categories} = JSON.parse(readFileSync(report, "utf8")) as {categories: Record<string, {score: number}>};
      const score = (name: string) => Math.round((categories[name]?.score ?? 0) * 100);
      console.log(
        `${(path || "index").padEnd(24)} ${mode.padEnd(8)} performance ${String(score("performance")).padStart(3)}   accessibility ${String(score("accessibility")).padStart(3)}   (${report})`
      );
    }
  }
} finally {
  await server.close();
}
