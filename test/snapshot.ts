/**
 * Chart snapshots in the style of Observable Plot's own tests: the SVG is
 * normalised (float noise past 3 decimals, one element per line) and
 * compared with a committed file. A mismatch writes `<name>-changed.svg` beside
 * it for a person to look at.
 *
 * A missing snapshot fails like a mismatch, on CI and locally alike: it is never
 * written silently. To write new snapshots, or accept changed ones, give the
 * update flag, then review the files (git diff test/snapshots) and commit them:
 *
 *   UPDATE_SNAPSHOTS=1 npx vitest run test/components/delivery-charts.test.ts
 *
 * vitest's own `-u` does not reach this helper: it updates vitest's snapshots only.
 */
import {existsSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {join} from "node:path";

const SNAPSHOT_DIR = "test/snapshots";

/** The update flag: exactly UPDATE_SNAPSHOTS=1. */
const updateSnapshots = process.env.UPDATE_SNAPSHOTS === "1";

export function normaliseSvg(svg: string): string {
  return (
    svg
      .replace(/\d+\.\d{4,}/g, (number) => String(Number(Number(number).toFixed(3))))
      .replace(/>\s*</g, ">\n<")
      .trim() + "\n"
  );
}

/** Returns null when the snapshot matches (or was written under the update flag), otherwise a message saying where to look. */
export function compareSnapshot(name: string, svg: string): string | null {
  const expectedFile = join(SNAPSHOT_DIR, `${name}.svg`);
  const changedFile = join(SNAPSHOT_DIR, `${name}-changed.svg`);
  const actual = normaliseSvg(svg);
  const expected = existsSync(expectedFile) ? readFileSync(expectedFile, "utf8") : null;
  if (expected === actual) return null;
  if (updateSnapshots) {
    writeFileSync(expectedFile, actual);
    rmSync(changedFile, {force: true});
    return null;
  }
  writeFileSync(changedFile, actual);
  if (expected === null) {
    return `missing snapshot ${expectedFile}: look at ${changedFile}, then write it with UPDATE_SNAPSHOTS=1 (see test/snapshot.ts) and commit it`;
  }
  return `${expectedFile} differs: compare it with ${changedFile}; if the change is meant, accept it with UPDATE_SNAPSHOTS=1 (see test/snapshot.ts)`;
}
