/**
 * npm run serve: the built site (dist/) on http://127.0.0.1:3000 with gzip, as a static host would serve it.
 *
 * Stopped by its PID (SIGTERM) or Ctrl-C (SIGINT), it closes the server and exits, leaving nothing
 * listening. package.json runs it as `exec node --import tsx …`: npm's shell becomes this one Node
 * process (no shell and no tsx process in between that a signal could stop while this one kept
 * the port), and npm passes the signal it gets on to it.
 */
import {startStaticServer} from "./static-server.js";

const port = Number(process.env.PORT ?? 3000);
const server = await startStaticServer({root: "dist", port, gzip: true});
console.log(`Serving dist/ at ${server.url} (Ctrl-C to stop)`);

let stopping = false;
function stop(signal: NodeJS.Signals): void {
  if (stopping) return;
  stopping = true;
  // A browser's keep-alive connection would hold close() open: the process exits once the port is closed, or at once on a second signal.
  void server.close().then(() => process.exit(0));
  process.once(signal, () => process.exit(0));
}
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) process.once(signal, () => stop(signal));
