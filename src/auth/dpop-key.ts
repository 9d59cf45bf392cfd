/**
 * The DPoP key pair (RFC 9449) as it is stored with a server's credentials, so tokens bound to it outlive the
 * process that bound them: the private key as a JWK, made extractable once for that purpose and imported back
 * non-extractable. A stored key is untrusted input (a hand-edited file, another version): anything that does not
 * import and sign is `undefined`, never an error. The JWK's private members are secrets (see `dpopKeySecrets`).
 */
import { createHash, webcrypto } from "node:crypto";
import type { DpopKeyPair } from "@modelcontextprotocol/client";
import { loadClientSdk } from "./client-sdk.js";
import type { DpopAlgorithm } from "./dpop-choice.js";

type JsonWebKey = webcrypto.JsonWebKey;
type CryptoKey = webcrypto.CryptoKey;
const { subtle } = webcrypto;

/** A DPoP key pair as stored: its algorithm and private JWK (the public half is derived from it). */
export interface StoredDpopKey {
  alg: DpopAlgorithm;
  /** The private key: its `d` (and an RSA key's primes) sign proofs. A secret, never printed. */
  privateJwk: JsonWebKey;
}

/** A key pair ready for `DpopSession.create({ keyPair })`, and what to store for it. */
export interface DpopKey {
  keyPair: DpopKeyPair;
  stored: StoredDpopKey;
}

type KeyParams = webcrypto.RsaHashedImportParams | webcrypto.EcKeyImportParams | webcrypto.Algorithm;

/** WebCrypto import parameters per JWS algorithm, and the `kty` (and `crv`) its JWK must have. */
const ALGORITHMS: Record<DpopAlgorithm, { params: KeyParams; kty: string; crv?: string }> = {
  ES256: { params: { name: "ECDSA", namedCurve: "P-256" }, kty: "EC", crv: "P-256" },
  ES384: { params: { name: "ECDSA", namedCurve: "P-384" }, kty: "EC", crv: "P-384" },
  ES512: { params: { name: "ECDSA", namedCurve: "P-521" }, kty: "EC", crv: "P-521" },
  RS256: { params: { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, kty: "RSA" },
  RS384: { params: { name: "RSASSA-PKCS1-v1_5", hash: "SHA-384" }, kty: "RSA" },
  RS512: { params: { name: "RSASSA-PKCS1-v1_5", hash: "SHA-512" }, kty: "RSA" },
  PS256: { params: { name: "RSA-PSS", hash: "SHA-256" }, kty: "RSA" },
  PS384: { params: { name: "RSA-PSS", hash: "SHA-384" }, kty: "RSA" },
  PS512: { params: { name: "RSA-PSS", hash: "SHA-512" }, kty: "RSA" },
  EdDSA: { params: { name: "Ed25519" }, kty: "OKP", crv: "Ed25519" },
};

/** The public members per key type (RFC 7518 §6, RFC 8037), in the lexicographic order RFC 7638 hashes them. */
const PUBLIC_MEMBERS: Record<string, readonly string[]> = {
  EC: ["crv", "kty", "x", "y"],
  RSA: ["e", "kty", "n"],
  OKP: ["crv", "kty", "x"],
};

/** The private members per key type: secrets. */
const PRIVATE_MEMBERS: Record<string, readonly string[]> = {
  EC: ["d"],
  RSA: ["d", "p", "q", "dp", "dq", "qi"],
  OKP: ["d"],
};

/**
 * A fresh key pair for `alg`, exported once so it can be stored, then used as the next process will use it:
 * imported back non-extractable (RFC 9449 §11 advises keys that cannot be read out), so nothing in this process
 * can export it again.
 */
export async function createDpopKey(alg: DpopAlgorithm): Promise<DpopKey> {
  const { generateDpopKeyPair } = await loadClientSdk();
  const generated = await generateDpopKeyPair({ alg, extractable: true });
  const exported = await subtle.exportKey("jwk", generated.privateKey);
  const stored: StoredDpopKey = { alg, privateJwk: keyMembers(exported, true) ?? {} };
  return (await loadDpopKey(stored, alg)) ?? { keyPair: generated, stored };
}

/**
 * The stored key as a key pair for `alg`, or `undefined` when it is absent, for another algorithm, of the wrong
 * shape, or does not sign (a private half that does not match the public one is found by signing once).
 */
export async function loadDpopKey(stored: unknown, alg: DpopAlgorithm): Promise<DpopKey | undefined> {
  if (typeof stored !== "object" || stored === null) return undefined;
  const { alg: storedAlg, privateJwk } = stored as { alg?: unknown; privateJwk?: unknown };
  if (storedAlg !== alg || typeof privateJwk !== "object" || privateJwk === null) return undefined;
  const expected = ALGORITHMS[alg];
  const jwk = privateJwk as Record<string, unknown>;
  if (jwk.kty !== expected.kty || (expected.crv !== undefined && jwk.crv !== expected.crv)) return undefined;
  const privateMembers = keyMembers(jwk, true);
  const publicJwk = keyMembers(jwk, false);
  if (privateMembers === undefined || publicJwk === undefined) return undefined;
  try {
    const [privateKey, publicKey] = await Promise.all([
      subtle.importKey("jwk", privateMembers, expected.params, false, ["sign"]),
      subtle.importKey("jwk", publicJwk, expected.params, true, ["verify"]),
    ]);
    if (!(await signsFor(privateKey, publicKey, expected.params))) return undefined;
    return {
      keyPair: { privateKey, publicKey, publicJwk, thumbprint: jwkThumbprint(publicJwk), alg },
      stored: { alg, privateJwk: privateMembers },
    };
  } catch {
    return undefined;
  }
}

/** RFC 7638 SHA-256 thumbprint of a public JWK (what an authorization server binds a token to as `cnf.jkt`). */
export function jwkThumbprint(publicJwk: JsonWebKey): string {
  const members = PUBLIC_MEMBERS[publicJwk.kty ?? ""] ?? [];
  const record = publicJwk as Record<string, unknown>;
  const canonical = Object.fromEntries(members.map((member) => [member, record[member]]));
  return createHash("sha256").update(JSON.stringify(canonical)).digest("base64url");
}

/** The private members of a stored key (for redaction): every value that must never be printed. */
export function dpopKeySecrets(stored: unknown): string[] {
  const jwk = (stored as { privateJwk?: unknown } | null | undefined)?.privateJwk;
  if (typeof jwk !== "object" || jwk === null) return [];
  const record = jwk as Record<string, unknown>;
  const members = PRIVATE_MEMBERS[String(record.kty)] ?? PRIVATE_MEMBERS.RSA ?? [];
  return members.map((member) => record[member]).filter((value) => typeof value === "string");
}

/**
 * Only the key members of `jwk` (no `key_ops`, `ext` or stray fields), all strings: with `withPrivate` the
 * private ones too, all required. `undefined` when one is missing.
 */
function keyMembers(jwk: Record<string, unknown> | JsonWebKey, withPrivate: boolean): JsonWebKey | undefined {
  const record = jwk as Record<string, unknown>;
  const kty = String(record.kty);
  const names = [...(PUBLIC_MEMBERS[kty] ?? []), ...(withPrivate ? (PRIVATE_MEMBERS[kty] ?? []) : [])];
  if (names.length === 0) return undefined;
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = record[name];
    if (typeof value !== "string" || value === "") return undefined;
    out[name] = value;
  }
  return out as JsonWebKey;
}

/** Signs a probe with `privateKey` and checks it with `publicKey`: the two halves belong together. */
async function signsFor(privateKey: CryptoKey, publicKey: CryptoKey, params: KeyParams): Promise<boolean> {
  const sign = signParams(params);
  const probe = new TextEncoder().encode("switchboard dpop key check");
  const signature = await subtle.sign(sign, privateKey, probe);
  return subtle.verify(sign, publicKey, signature, probe);
}

function signParams(
  params: KeyParams,
): webcrypto.AlgorithmIdentifier | webcrypto.EcdsaParams | webcrypto.RsaPssParams {
  if (params.name === "ECDSA") {
    const curve = (params as webcrypto.EcKeyImportParams).namedCurve;
    const hash = curve === "P-256" ? "SHA-256" : curve === "P-384" ? "SHA-384" : "SHA-512";
    return { name: "ECDSA", hash };
  }
  if (params.name === "RSA-PSS") return { name: "RSA-PSS", saltLength: 32 };
  return { name: params.name };
}
