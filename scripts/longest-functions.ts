/**
 * npm run longest: the longest functions of the code that runs (code-limits.ts), by lines, as issue #24
 * asks ("no function over 80 lines"). It reads the sources with TypeScript's own parser and
 * prints the ten longest (or `--most N`), each with its file, line and length. It never fails
 * (npm run lint checks the limit): the figure is for a reader.
 */
import {allFunctionLengths, FUNCTION_LINES, FUNCTION_ROOTS} from "./code-limits.js";

const mostArgument = process.argv.indexOf("--most");
const most = mostArgument === -1 ? 10 : Number(process.argv[mostArgument + 1]);
const all = allFunctionLengths();
console.log(
  `The ${most} longest functions in ${FUNCTION_ROOTS.join(", ")} (${all.filter((entry) => entry.lines > FUNCTION_LINES).length} of ${all.length} over ${FUNCTION_LINES} lines):`
);
for (const entry of all.slice(0, most))
  console.log(`${String(entry.lines).padStart(5)}  ${entry.file}:${entry.line}  ${entry.name}`);
