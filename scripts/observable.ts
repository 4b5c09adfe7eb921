/**
 * Runs Framework's CLI with node directly: `npx observable preview` leaves an
 * orphan process behind when it is killed, this way the PID is the server's.
 */
import {spawn, type ChildProcess} from "node:child_process";
import {createRequire} from "node:module";
import {dirname, join} from "node:path";

const require = createRequire(import.meta.url);
const frameworkBin = join(dirname(require.resolve("@observablehq/framework/package.json")), "dist/bin/observable.js");

export function observable(args: string[]): ChildProcess {
  return spawn(process.execPath, [frameworkBin, ...args], {stdio: "inherit"});
}

export function observableToCompletion(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = observable(args);
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`observable ${args.join(" ")} exited with ${code}`))
    );
  });
}
