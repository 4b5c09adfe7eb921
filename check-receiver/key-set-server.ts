/**
 * The sender's JWKS, served on loopback for the JWT profile's checks: the receiver fetches it from
 * here as it would from an agent's `jwks_uri`. It notes when it was fetched, so the rotation check
 * can wait out the receiver's refetch cooldown and say whether the receiver fetched again.
 */
import {createServer} from "node:http";
import type {AddressInfo} from "node:net";
import type {JSONWebKeySet} from "jose";
import type {KeySetHost} from "../lib/receiver-check/index.js";

export const KEY_SET_PATH = "/.well-known/jwks.json";

export interface KeySetServer extends KeySetHost {
  url: string;
  close(): Promise<void>;
}

export async function serveKeySet(port: number): Promise<KeySetServer> {
  let published: JSONWebKeySet = {keys: []};
  const fetchedAt: number[] = [];
  const server = createServer((request, response) => {
    if (request.method !== "GET" || new URL(request.url ?? "/", "http://keys").pathname !== KEY_SET_PATH) {
      response.writeHead(404).end();
      return;
    }
    fetchedAt.push(Date.now() / 1000);
    response
      .writeHead(200, {"content-type": "application/json", "cache-control": "no-store"})
      .end(JSON.stringify(published));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}${KEY_SET_PATH}`,
    publish: (set) => void (published = set),
    fetchedAtSeconds: () => fetchedAt,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      })
  };
}
