/**
 * npm run dev: the live preview. esbuild rebuilds src/bundles/ on every change in
 * lib/ or src/components/, and Framework's preview reloads the page when its
 * imported bundle changes.
 */
import {bundleAndWatch} from "./bundle.js";
import {observable} from "./observable.js";

const contexts = await bundleAndWatch();
const disposeAll = () => Promise.all(contexts.map((context) => context.dispose()));
const preview = observable(["preview", ...process.argv.slice(2)]);
const stop = async () => {
  preview.kill();
  await disposeAll();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
preview.on("exit", async (code) => {
  await disposeAll();
  process.exit(code ?? 0);
});
