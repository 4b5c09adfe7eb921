import {createHash} from "node:crypto";
import {readFileSync} from "node:fs";
import {describe, expect, test} from "vitest";

const dir = new URL("../../data/message/spec/", import.meta.url);
const sha256 = (name: string): string =>
  createHash("sha256")
    .update(readFileSync(new URL(name, dir)))
    .digest("hex");

// The values recorded in the shared spec folder's SOURCES.md (spec/a2a/SOURCES.md) for a2aproject/A2A tag v0.3.0.
const SOURCES_SHA256: Record<string, string> = {
  "a2a-v0.3.0.json": "97d6e2435336836cd1d41dffacf83a1a97902b62b826ef14ec5704db85c95f17",
  LICENSE: "cfc7749b96f63bd31c3c42b5c471bf756814053e847c10f3eb003417bc523d30"
};

/** The sha256 column of PROVENANCE.md's row for `file`. */
function provenanceSha256(file: string): string | undefined {
  const table = readFileSync(new URL("PROVENANCE.md", dir), "utf8");
  const row = table.split("\n").find((line) => line.startsWith(`| \`${file}\``));
  return row
    ?.split("|")
    .map((cell) => cell.trim().replace(/`/g, ""))
    .filter((cell) => /^[0-9a-f]{64}$/.test(cell))[0];
}

describe("the copied A2A v0.3.0 schema is the official file, unmodified", () => {
  for (const file of Object.keys(SOURCES_SHA256)) {
    test(`${file}: sha256 matches PROVENANCE.md and SOURCES.md`, () => {
      const actual = sha256(file);
      expect(provenanceSha256(file)).toBe(SOURCES_SHA256[file]);
      expect(actual).toBe(SOURCES_SHA256[file]);
    });
  }

  test("PROVENANCE.md names the repository, tag and commit", () => {
    const text = readFileSync(new URL("PROVENANCE.md", dir), "utf8");
    expect(text).toContain("https://github.com/a2aproject/A2A");
    expect(text).toContain("`v0.3.0`");
    expect(text).toContain("8d57eba286de756176892518a8fc39b0ac2ccefb");
  });
});
