/** Reading a request body with a size limit and a deadline, so neither a huge body nor a slow sender can hold the receiver. */
import type {IncomingMessage} from "node:http";

export type BodyRead =
  | {ok: true; body: Uint8Array}
  | {ok: false; problem: "too-large" | "timed-out" | "aborted"; bytes: number};

export function readBodyWithin(request: IncomingMessage, maxBytes: number, timeoutMs: number): Promise<BodyRead> {
  const declared = Number(request.headers["content-length"] ?? NaN);
  if (declared > maxBytes) return Promise.resolve({ok: false, problem: "too-large", bytes: declared});
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    const finish = (read: BodyRead) => {
      clearTimeout(timer);
      request.removeAllListeners("data");
      resolve(read);
    };
    const timer = setTimeout(() => finish({ok: false, problem: "timed-out", bytes}), timeoutMs);
    request.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > maxBytes) return finish({ok: false, problem: "too-large", bytes});
      chunks.push(chunk);
    });
    request.on("end", () => finish({ok: true, body: new Uint8Array(Buffer.concat(chunks))}));
    request.on("aborted", () => finish({ok: false, problem: "aborted", bytes}));
    request.on("error", () => finish({ok: false, problem: "aborted", bytes}));
  });
}
