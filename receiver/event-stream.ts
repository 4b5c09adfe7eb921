/**
 * Server-sent events to the pages that connected. Bounded: a few pages at once, and a page that
 * stops reading (its buffer past 1 MB) is disconnected rather than buffered for ever.
 */
import type {IncomingMessage, ServerResponse} from "node:http";

const MAX_PAGES = 8;
const MAX_BUFFERED_BYTES = 1024 * 1024;
const HEARTBEAT_MS = 15_000;

export class EventStream {
  private readonly pages = new Set<ServerResponse>();
  private readonly heartbeat = setInterval(() => this.write(": still here\n\n"), HEARTBEAT_MS).unref();

  open(
    request: IncomingMessage,
    response: ServerResponse,
    cors: Record<string, string>,
    hello: unknown,
    replay: readonly unknown[]
  ): void {
    if (this.pages.size >= MAX_PAGES) {
      response
        .writeHead(503, {"Content-Type": "text/plain; charset=utf-8", "Retry-After": "5", ...cors})
        .end(`at most ${MAX_PAGES} pages may watch at once`);
      return;
    }
    response.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "keep-alive",
      ...cors
    });
    this.pages.add(response);
    request.on("close", () => this.pages.delete(response));
    response.write(frame("hello", hello));
    for (const attempt of replay) response.write(frame("attempt", {attempt}));
  }

  send(event: string, data: unknown): void {
    if (this.pages.size > 0) this.write(frame(event, data));
  }

  closeAll(): void {
    clearInterval(this.heartbeat);
    for (const page of this.pages) page.end();
    this.pages.clear();
  }

  private write(text: string): void {
    for (const page of this.pages) {
      if (page.writableLength > MAX_BUFFERED_BYTES) {
        page.destroy();
        this.pages.delete(page);
      } else page.write(text);
    }
  }
}

/** One event; JSON.stringify escapes every newline, so the data is one line. */
function frame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
