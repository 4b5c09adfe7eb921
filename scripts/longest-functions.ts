/**
 * npm run longest: the longest functions in lib/ and src/components/, by lines, as issue #24
 * asks ("no function over 80 lines"). It reads the sources with TypeScript's own parser and
 * prints the ten longest (or `--most N`), each with its file, line and length. It never fails:
 * the figure is for a reader, as the bench's are.
 */
import {readFileSync, readdirSync, statSync} from "node:fs";
import {join, relative} from "node:path";
import ts from "typescript";

const ROOTS = ["lib", "src/components"];
const LIMIT = 80;

export interface FunctionLength {
  file: string;
  name: string;
  line: number;
  lines: number;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry) && !entry.endsWith(".d.ts") ? [path] : [];
  });
}

/** Every function-like node of one file with the lines it spans, its name as a reader finds it. */
export function functionLengths(file: string, text: string): FunctionLength[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: FunctionLength[] = [];
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const start = lineOf(node.getStart(source));
      found.push({file, name: nameOf(node), line: start, lines: lineOf(node.getEnd()) - start + 1});
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function nameOf(node: ts.Node): string {
  const named = node as ts.Node & {name?: ts.Node};
  if (named.name && ts.isIdentifier(named.name)) return named.name.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isBinaryExpression(parent)) return parent.left.getText();
  return "(anonymous)";
}

const mostArgument = process.argv.indexOf("--most");
const most = mostArgument === -1 ? 10 : Number(process.argv[mostArgument + 1]);
const all = ROOTS.flatMap(sourceFiles).flatMap((file) =>
  functionLengths(relative(".", file), readFileSync(file, "utf8"))
);
all.sort((a, b) => b.lines - a.lines);
console.log(
  `The ${most} longest functions in ${ROOTS.join(" and ")} (${all.filter((entry) => entry.lines > LIMIT).length} of ${all.length} over ${LIMIT} lines):`
);
for (const entry of all.slice(0, most))
  console.log(`${String(entry.lines).padStart(5)}  ${entry.file}:${entry.line}  ${entry.name}`);
