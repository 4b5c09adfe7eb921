import {chmodSync, mkdtempSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {delimiter, join} from "node:path";
import {describe, expect, it} from "vitest";
import {findBrowser, INSTALL_BROWSER_HINT} from "../../scripts/find-browser.js";
import {launchBrowser} from "../browser/browser.js";

/** A folder holding fake executables with these names. */
function folderWith(...names: string[]): string {
  const folder = mkdtempSync(join(tmpdir(), "find-browser-"));
  for (const name of names) {
    writeFileSync(join(folder, name), "#!/bin/sh\n");
    chmodSync(join(folder, name), 0o755);
  }
  return folder;
}

const nothing = () => false;

describe("finding a browser", () => {
  it("takes CHROME_PATH first", () => {
    const folder = folderWith("chrome", "chromium");
    expect(findBrowser({CHROME_PATH: join(folder, "chrome"), PATH: folder})).toBe(join(folder, "chrome"));
  });

  it("refuses a CHROME_PATH that is not there rather than silently using another browser", () => {
    expect(findBrowser({CHROME_PATH: "/nonexistent/chrome", PATH: folderWith("chromium")})).toBeNull();
  });

  it("then looks for chromium, chromium-browser, google-chrome, google-chrome-stable on PATH, in that order", () => {
    const early = folderWith("google-chrome-stable");
    const late = folderWith("chromium-browser", "google-chrome");
    expect(findBrowser({PATH: [early, late].join(delimiter)}, undefined)).toBe(join(late, "chromium-browser"));
    expect(findBrowser({PATH: early})).toBe(join(early, "google-chrome-stable"));
  });

  it("then the macOS application paths", () => {
    const mac = "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome";
    expect(findBrowser({PATH: ""}, (path) => path === mac)).toBe(mac);
    expect(findBrowser({PATH: ""}, nothing)).toBeNull();
  });

  it("fails loudly, saying how to install one, when there is none (never skips)", async () => {
    await expect(launchBrowser(null)).rejects.toThrow(INSTALL_BROWSER_HINT);
    await expect(launchBrowser("/nonexistent/chromium")).rejects.toThrow(
      /apt-get update && apt-get install -y chromium/
    );
    expect(INSTALL_BROWSER_HINT).toMatch(/brew install --cask chromium/);
  });
});
