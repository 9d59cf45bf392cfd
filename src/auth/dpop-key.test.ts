import { DpopSession } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { createDpopKey, dpopKeySecrets, jwkThumbprint, loadDpopKey } from "./dpop-key.js";

describe("the stored DPoP key", () => {
  it("round-trips: the loaded key has the same public JWK and thumbprint, and signs proofs", async () => {
    const made = await createDpopKey("ES256");
    expect(Object.keys(made.stored.privateJwk).sort()).toEqual(["crv", "d", "kty", "x", "y"]);
    // The SDK's own thumbprint (jose) and ours agree, so a token's cnf.jkt matches across processes.
    expect(jwkThumbprint(made.keyPair.publicJwk)).toBe(made.keyPair.thumbprint);
    const fresh = await DpopSession.create({ alg: "ES256" });
    expect(jwkThumbprint(fresh.publicJwk)).toBe(fresh.thumbprint);
    // Exported once for the store; the key this process signs with cannot be read out again.
    expect(made.keyPair.privateKey.extractable).toBe(false);
    const loaded = await loadDpopKey(JSON.parse(JSON.stringify(made.stored)), "ES256");
    if (loaded === undefined) throw new Error("the stored key did not load");
    expect(loaded.keyPair.thumbprint).toBe(made.keyPair.thumbprint);
    expect(loaded.keyPair.publicJwk).toEqual(made.keyPair.publicJwk);
    expect(loaded.keyPair.privateKey.extractable).toBe(false);
    const session = await DpopSession.create({ keyPair: loaded.keyPair });
    const proof = await session.buildProof({ htm: "POST", htu: "https://as.example/token" });
    const header = JSON.parse(Buffer.from(proof.split(".")[0] ?? "", "base64url").toString()) as {
      jwk: Record<string, unknown>;
    };
    expect(header.jwk).toEqual(made.keyPair.publicJwk);
    expect(header.jwk.d).toBeUndefined();
  });

  it("round-trips RSA and EdDSA keys too", async () => {
    for (const alg of ["PS256", "EdDSA"] as const) {
      const made = await createDpopKey(alg);
      const loaded = await loadDpopKey(made.stored, alg);
      expect(loaded?.keyPair.thumbprint).toBe(made.keyPair.thumbprint);
    }
  });

  it("a key of the wrong shape, another algorithm or a mismatched half is undefined, never an error", async () => {
    const good = (await createDpopKey("ES256")).stored;
    const other = (await createDpopKey("ES256")).stored;
    const bad: unknown[] = [
      undefined,
      null,
      "key",
      [],
      {},
      { alg: "ES256" },
      { alg: "ES256", privateJwk: "x" },
      { alg: "ES256", privateJwk: { kty: "EC" } },
      { alg: "HS256", privateJwk: good.privateJwk },
      { alg: "ES384", privateJwk: good.privateJwk },
      { alg: "ES256", privateJwk: { ...good.privateJwk, d: 42 } },
      { alg: "ES256", privateJwk: { ...good.privateJwk, d: "not base64url!" } },
      { alg: "ES256", privateJwk: { ...good.privateJwk, kty: "RSA" } },
      { alg: "ES256", privateJwk: { ...good.privateJwk, crv: "P-384" } },
      // Another key's private half with this key's public half: it would sign proofs the server rejects.
      { alg: "ES256", privateJwk: { ...good.privateJwk, d: other.privateJwk.d } },
    ];
    for (const stored of bad) expect(await loadDpopKey(stored, "ES256")).toBeUndefined();
    expect(await loadDpopKey(good, "ES256")).toBeDefined();
  });

  it("names the private members as secrets, whatever the shape", async () => {
    const stored = (await createDpopKey("ES256")).stored;
    expect(dpopKeySecrets(stored)).toEqual([stored.privateJwk.d]);
    const rsa = (await createDpopKey("RS256")).stored;
    expect(dpopKeySecrets(rsa)).toHaveLength(6);
    expect(dpopKeySecrets({ privateJwk: { d: "hand-written-d" } })).toEqual(["hand-written-d"]);
    expect(dpopKeySecrets(undefined)).toEqual([]);
    expect(dpopKeySecrets({ privateJwk: 3 })).toEqual([]);
  });
});
