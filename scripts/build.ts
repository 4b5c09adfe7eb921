/**
 * npm run build: a clean, offline build of the static site into dist/.
 * Clean because Framework caches data loaders and npm bundles by name and mtime.
 */
import {rmSync} from "node:fs";
import {bundleOnce, BUNDLE_DIR} from "./bundle.js";
import {finalizeBuild} from "./finalize-build.js";
import {observableToCompletion} from "./observable.js";

const started = performance.now();
for (const dir of ["dist", "src/.observablehq/cache", BUNDLE_DIR]) rmSync(dir, {recursive: true, force: true});
await bundleOnce();
await observableToCompletion(["build"]);
const problems = finalizeBuild("dist");
const seconds = (performance.now() - started) / 1000;
if (problems.length > 0) {
  console.error(`\nThe build produced ${problems.length} problem(s); a page error is a build failure:`);
  for (const {file, problem} of problems) console.error(`  dist/${file}: ${problem}`);
  process.exit(1);
}
console.log(
  `\nClean build finished in ${seconds.toFixed(1)} s; no rendered errors, nothing loaded from another origin.`
);
