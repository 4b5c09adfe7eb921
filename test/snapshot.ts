/**
 * Chart snapshots in the style of Observable Plot's own tests: the SVG is
 * normalised (Plot's random class suffixes, float noise past 3 decimals) and
 * compared with a committed file. A mismatch writes `<name>-changed.svg` beside
 * it for a person to look at. Snapshots are never created silently on CI.
 */
import {existsSync, readFileSync, writeFileSync} from "node:fs";
import {join} from "node:path";

const SNAPSHOT_DIR = "test/snapshots";

export function normaliseSvg(svg: string): string {
  return svg
    .replace(/plot-[0-9a-f]{6,}/g, "plot")
    .replace(/\d+\.\d{4,}/g, (number) => String(Number(Number(number).toFixed(3))))
    .replace(/>\s*</g, ">\n<")
    .trim() + "\n";
}

/** Returns null when the snapshot matches, otherwise a message saying where to look. */
export function compareSnapshot(name: string, svg: string): string | null {
  const expectedFile = join(SNAPSHOT_DIR, `${name}.svg`);
  const changedFile = join(SNAPSHOT_DIR, `${name}-changed.svg`);
  const actual = normaliseSvg(svg);
  if (!existsSync(expectedFile)) {
    if (process.env.CI) return `missing snapshot ${expectedFile}: run the tests locally and commit it`;
    writeFileSync(expectedFile, actual);
    return null;
  }
  if (readFileSync(expectedFile, "utf8") === actual) return null;
  writeFileSync(changedFile, actual);
  return `${expectedFile} differs: compare it with ${changedFile}`;
}
