/** npm run serve: the built site (dist/) on http://127.0.0.1:3000 with gzip, as a static host would serve it. */
import {startStaticServer} from "./static-server.js";

const port = Number(process.env.PORT ?? 3000);
const server = await startStaticServer({root: "dist", port, gzip: true});
console.log(`Serving dist/ at ${server.url} (Ctrl-C to stop)`);
