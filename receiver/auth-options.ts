/**
 * The authentication the receiver checks, from the command line: what lib's pipeline is given,
 * what a reader registers in the push config (printed once, at start), and what the page is told
 * (never a secret).
 */
import {randomBytes} from "node:crypto";
import {readFileSync} from "node:fs";
import {
  createJwksCache,
  decodeSymmetricSecret,
  RECOMMENDED_MIN_SECRET_BYTES,
  type ReceiverAuth
} from "../lib/webhook-auth/index.js";
import type {JwksCache} from "../lib/webhook-auth/jwt/jwks-cache.js";

export const authModes = ["bearer", "token", "standard-webhooks", "jwt"] as const;
export type AuthMode = (typeof authModes)[number];

export interface AuthChoice {
  auth: ReceiverAuth;
  token?: string;
  jwks?: JwksCache;
  /** What to register, for the banner: the only place a generated secret is shown. */
  register: [string, string][];
  /** For the page: the scheme, never the secret. */
  summary: string;
  /** The demo agent's flags for this authentication, or null when the demo agent cannot send it. */
  demoAgentFlags: string | null;
}

export interface AuthFlags {
  auth: AuthMode;
  credentials?: string;
  token?: string;
  /** Standard Webhooks secrets: more than one during a rotation's overlap (lesson 4), any one verifies. */
  secrets?: readonly string[];
  publicKey?: string;
  jwksUrl?: string;
  jwksFile?: string;
  issuer?: string;
  audience?: string;
}

const generated = () => randomBytes(24).toString("base64url");

export function authChoice(flags: AuthFlags): AuthChoice {
  if (flags.auth === "bearer") {
    const credentials = flags.credentials ?? generated();
    return {
      auth: {scheme: "authentication-info", authentication: {scheme: "Bearer", credentials}},
      register: [
        [
          "authentication",
          `{"scheme": "Bearer", "credentials": "${flags.credentials ? "(the credentials you gave)" : credentials}"}`
        ],
        ["sent as", "Authorization: Bearer <credentials> (@a2a-js/sdk, a2a-go, a2a-java)"]
      ],
      summary: "Authorization: Bearer (the configured credentials)",
      demoAgentFlags: `--credentials ${flags.credentials ? "<your credentials>" : credentials}`
    };
  }
  if (flags.auth === "token") {
    const token = flags.token ?? generated();
    return {
      auth: {scheme: "token-only"},
      token,
      register: [
        ["token", flags.token ? "(the token you gave)" : token],
        ["sent as", "X-A2A-Notification-Token (a2a-python, a2a-java) or A2A-Notification-Token (a2a-go 2.x)"]
      ],
      summary: "the configured token, in X-A2A-Notification-Token or A2A-Notification-Token",
      demoAgentFlags: `--token ${flags.token ? "<your token>" : token}`
    };
  }
  if (flags.auth === "standard-webhooks") {
    const given = flags.secrets ?? [];
    // A secret that cannot sign is refused at start, naming which (never printing it), not at the first push.
    given.forEach((secret, index) => {
      const decoded = decodeSymmetricSecret(secret);
      const which = `--secret${given.length > 1 ? ` (the ${ordinal(index + 1)})` : ""}`;
      if (!decoded.ok)
        throw new Error(`${which}: ${decoded.reason}; a Standard Webhooks secret is "whsec_" then base64`);
      // Standard Webhooks asks for 24 to 64 random bytes; a shorter key is one a sender's library may refuse, and weak.
      if (decoded.key.length < RECOMMENDED_MIN_SECRET_BYTES)
        throw new Error(
          `${which}: ${decoded.key.length} bytes after base64 decoding; a Standard Webhooks secret has at least ${RECOMMENDED_MIN_SECRET_BYTES} (whsec_ then at least 32 base64 characters)`
        );
    });
    const secrets = given.length ? given : [`whsec_${randomBytes(32).toString("base64")}`];
    return {
      auth: {scheme: "standard-webhooks", secrets, ...(flags.publicKey ? {publicKeys: [flags.publicKey]} : {})},
      register: [
        [
          "signing secret",
          given.length === 0
            ? secrets[0]!
            : given.length === 1
              ? "(the secret you gave)"
              : `(the ${given.length} secrets you gave: any one verifies, as during a rotation's overlap)`
        ],
        [
          "checked",
          "webhook-id, webhook-timestamp (5 min) and webhook-signature v1" + (flags.publicKey ? " or v1a" : "")
        ]
      ],
      summary: `Standard Webhooks v1${flags.publicKey ? " / v1a" : ""} signatures`,
      demoAgentFlags: null
    };
  }
  return jwtChoice(flags);
}

const ordinal = (n: number) => `${n}${n === 1 ? "st" : n === 2 ? "nd" : n === 3 ? "rd" : "th"}`;

function jwtChoice(flags: AuthFlags): AuthChoice {
  if (!flags.issuer || !flags.audience || (!flags.jwksUrl && !flags.jwksFile))
    throw new Error("--auth jwt needs --issuer, --audience and --jwks-url or --jwks-file");
  const jwksUrl = flags.jwksUrl;
  const keys = flags.jwksFile ? JSON.parse(readFileSync(flags.jwksFile, "utf8")) : {keys: []};
  return {
    auth: {
      scheme: "a2a-jwt",
      issuer: flags.issuer,
      audience: flags.audience,
      ...(jwksUrl ? {fetchJwks: async () => (await fetch(jwksUrl, {signal: AbortSignal.timeout(5000)})).json()} : {})
    },
    jwks: createJwksCache(keys, flags.jwksFile ? 0 : undefined),
    register: [["JWT", `iss ${flags.issuer}, aud ${flags.audience}, keys from ${jwksUrl ?? flags.jwksFile}`]],
    summary: `the A2A push JWT profile (iss ${flags.issuer}, aud ${flags.audience})`,
    demoAgentFlags: null
  };
}
