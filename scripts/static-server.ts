/**
 * A tiny static server for the built site on 127.0.0.1, as any static host would
 * serve it: clean URLs (/push-delivery -> push-delivery.html), 404.html for the
 * rest, optional gzip, and an optional base path to mimic a sub-folder deploy.
 */
import {createReadStream, existsSync, statSync} from "node:fs";
import {createServer, type Server} from "node:http";
import {extname, join, normalize} from "node:path";
import {createGzip} from "node:zlib";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".txt": "text/plain; charset=utf-8"
};
const COMPRESSIBLE = new Set([".html", ".js", ".css", ".json", ".svg", ".txt"]);

export interface StaticServerOptions {
  root: string;
  port?: number;
  gzip?: boolean;
  /** Serve the site under this path, e.g. "/course/" for a project page. */
  basePath?: string;
  /** Largest request head accepted, in bytes (Node's default is 16 KiB; the bad-link tests send 100 KB values). */
  maxHeaderSize?: number;
}

export interface RunningServer {
  origin: string;
  /** The site's address: origin plus base path. */
  url: string;
  close(): Promise<void>;
}

function resolveFile(root: string, pathname: string): string | null {
  const safe = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, "");
  const candidates = [join(root, safe), join(root, `${safe}.html`), join(root, safe, "index.html")];
  return candidates.find((file) => file.startsWith(root) && existsSync(file) && statSync(file).isFile()) ?? null;
}

export function startStaticServer({
  root,
  port = 0,
  gzip = false,
  basePath = "/",
  maxHeaderSize = 16 * 1024
}: StaticServerOptions): Promise<RunningServer> {
  const absoluteRoot = join(process.cwd(), root);
  const server: Server = createServer({maxHeaderSize}, (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    let file: string | null = null;
    if (url.pathname.startsWith(basePath)) {
      try {
        file = resolveFile(absoluteRoot, `/${url.pathname.slice(basePath.length)}`);
      } catch {
        file = null; // a malformed percent-encoding is a 404, not a crash
      }
    }
    const status = file ? 200 : 404;
    file ??= join(absoluteRoot, "404.html");
    const extension = extname(file);
    const headers: Record<string, string> = {
      "content-type": CONTENT_TYPES[extension] ?? "application/octet-stream",
      "cache-control": "no-cache"
    };
    const compress =
      gzip && COMPRESSIBLE.has(extension) && /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""));
    if (compress) headers["content-encoding"] = "gzip";
    response.writeHead(status, headers);
    if (!existsSync(file)) return void response.end("Not found");
    const stream = createReadStream(file);
    (compress ? stream.pipe(createGzip()) : stream).pipe(response);
  });
  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      const origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`;
      resolve({origin, url: `${origin}${basePath}`, close: () => new Promise((done) => server.close(() => done()))});
    });
  });
}
