/**
 * knip (in npm run lint): files, exports and dependencies nothing uses. A lesson page is an entry:
 * its cells are read as the module page-cells.ts makes of them, so an export of a page bundle that
 * no page imports is reported like any other.
 */
import type {KnipConfig} from "knip";
import {pageCells} from "./scripts/page-cells.js";

const config: KnipConfig = {
  entry: [
    "src/*.md",
    "src/workers/*.ts",
    "src/cell-frames/*.ts",
    "src/data/*.ts",
    "scripts/*.{ts,mts}",
    "bench/settle.ts",
    "receiver/main.ts",
    "test/**/*.test.ts",
    "test/browser/chart-gallery/entry.ts",
    "observablehq.config.ts"
  ],
  project: [
    "src/*.md",
    "{lib,src,scripts,bench,receiver,demo-agent,check-receiver,test}/**/*.{ts,mts}",
    "!src/bundles/**",
    "!src/.observablehq/**"
  ],
  compilers: {
    md: (text: string) =>
      pageCells(text)
        .filter((cell) => !cell.inline)
        .map((cell) => cell.code.replaceAll('"./bundles/', '"./page-bundles/'))
        .join("\n")
  },
  ignoreExportsUsedInFile: true
};

export default config;
