/**
 * The text of a run's script ("Copy as script"): a TypeScript file that reproduces one lesson's
 * run with lib in Node and prints the lab's figures, one `label: value` a line. Every value of
 * the reader's is embedded by JSON.stringify, never pasted as raw text: a request body holding
 * quotes, backticks, `*\/` or line breaks stays inside its string literal.
 */

export interface RunScriptParts {
  /** The file name the opening comment suggests, without ".ts". */
  fileName: string;
  /** What the script reproduces, in a few words ("lesson 1's push delivery run"). */
  reproduces: string;
  /** Names imported from lib's public API. */
  libImports: readonly string[];
  /** The lab's figure lines, as `[{label, value}]`: the function's name and the module that has it. */
  figures: {name: string; from: string};
  /** Constants of the run's inputs, by name, in order (`inputs`, and lesson 4's `secrets`). */
  literals: Readonly<Record<string, unknown>>;
  /** The statements that compute `run` from the literals: the same lib calls the page makes. */
  compute: readonly string[];
  /** The expression whose figure lines are printed (e.g. "run"). */
  figuresOf: string;
}

// JSON.stringify gives a valid TypeScript literal for every JSON value (a lone surrogate comes out escaped).
const literal = (name: string, value: unknown) => `const ${name} = ${JSON.stringify(value, null, 2)} as const;`;

export function runScript(parts: RunScriptParts): string {
  return [
    `// Reproduces ${parts.reproduces} and prints the lab's figures.`,
    `// Save it at the root of an a2a-workbench checkout and run: npx tsx ${parts.fileName}.ts`,
    `import {${parts.libImports.join(", ")}} from "./lib/index.js";`,
    `import {${parts.figures.name}} from ${JSON.stringify(parts.figures.from)};`,
    "",
    ...Object.entries(parts.literals).map(([name, value]) => literal(name, value)),
    "",
    ...parts.compute,
    "",
    `for (const {label, value} of ${parts.figures.name}(${parts.figuresOf})) console.log(\`\${label}: \${value}\`);`,
    ""
  ].join("\n");
}
