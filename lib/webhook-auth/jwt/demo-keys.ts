/**
 * The demo signing keys as Web Crypto keys, and fresh key pairs: what needs jose, apart from the
 * fixtures' data (../fixtures.ts), which a page reads at load without it.
 */
import {exportJWK, importJWK} from "jose";
import type {JWK} from "jose";
import type {DemoSigningKey} from "../fixtures.js";
import type {A2aPushJwtAlgorithm} from "./jwt-profile.js";

export async function importDemoPrivateKey(key: DemoSigningKey): Promise<CryptoKey> {
  return (await importJWK({...key.privateJwk, alg: key.alg}, key.alg)) as CryptoKey;
}

/**
 * A fresh signing key pair from the caller's crypto source (lib draws no
 * randomness itself). Returns the private key and its public JWK with kid.
 */
export async function generateSigningKey(input: {
  kid: string;
  alg?: A2aPushJwtAlgorithm;
  subtle?: SubtleCrypto;
}): Promise<{privateKey: CryptoKey; publicJwk: JWK}> {
  const subtle = input.subtle ?? globalThis.crypto.subtle;
  const alg = input.alg ?? "ES256";
  const params = alg === "ES256" ? {name: "ECDSA", namedCurve: "P-256"} : {name: "Ed25519"};
  const pair = (await subtle.generateKey(params, true, ["sign", "verify"])) as CryptoKeyPair;
  const publicJwk = await exportJWK(pair.publicKey);
  return {privateKey: pair.privateKey, publicJwk: {...publicJwk, kid: input.kid, alg, use: "sig"}};
}
