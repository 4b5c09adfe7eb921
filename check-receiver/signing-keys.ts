/**
 * The JWT profile's signing keys for a check: the current key (from `--signing-key FILE`, a private
 * JWK with its kid, so a receiver can be set up to trust it ahead of time, or made fresh), the key
 * the check rotates to, and a key it never publishes (its tokens are forgeries). Fresh keys come
 * from this machine's Web Crypto: lib draws no randomness.
 */
import {readFileSync} from "node:fs";
import {importJWK, type JWK} from "jose";
import * as z from "zod";
import type {CheckSigningKey, CheckSigningKeys} from "../lib/receiver-check/index.js";
import {generateSigningKey} from "../lib/webhook-auth/jwt/demo-keys.js";

/** A private EC P-256 or Ed25519 JWK with a kid: what ES256 and EdDSA sign with. */
const privateJwkSchema = z.union([
  z.object({
    kty: z.literal("EC"),
    crv: z.literal("P-256"),
    x: z.string(),
    y: z.string(),
    d: z.string(),
    kid: z.string().min(1).max(200)
  }),
  z.object({
    kty: z.literal("OKP"),
    crv: z.literal("Ed25519"),
    x: z.string(),
    d: z.string(),
    kid: z.string().min(1).max(200)
  })
]);

export async function checkSigningKeys(signingKeyFile: string | null): Promise<CheckSigningKeys> {
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, "");
  return {
    current: signingKeyFile === null ? await freshKey(`check-current-${stamp}`) : await readKey(signingKeyFile),
    next: await freshKey(`check-next-${stamp}`),
    foreign: await freshKey(`check-foreign-${stamp}`)
  };
}

async function freshKey(kid: string): Promise<CheckSigningKey> {
  return {kid, alg: "ES256", ...(await generateSigningKey({kid}))};
}

/** The key in the file, or an Error saying what the file holds and what is accepted. */
async function readKey(path: string): Promise<CheckSigningKey> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(`--signing-key ${JSON.stringify(path)} cannot be read as JSON: ${(error as Error).message}`);
  }
  const jwk = privateJwkSchema.safeParse(parsed);
  if (!jwk.success)
    throw new Error(
      `--signing-key ${JSON.stringify(path)} is not accepted: it must hold a private JWK with a kid, EC P-256 (ES256) or OKP Ed25519 (EdDSA).`
    );
  const alg = jwk.data.kty === "EC" ? "ES256" : "EdDSA";
  const privateKey = (await importJWK(jwk.data as JWK, alg)) as CryptoKey;
  const {d: _private, ...publicPart} = jwk.data;
  return {kid: jwk.data.kid, alg, privateKey, publicJwk: {...publicPart, alg, use: "sig"}};
}
