import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { redact, redactError, secretValues } from "./redact.js";

describe("redact", () => {
  it("replaces every occurrence of every configured value of 4+ characters", () => {
    const secrets = secretValues({ TOKEN: "tok-123", DEBUG: "1" }, { Authorization: "Bearer tok-123-long" });
    const text = "auth Bearer tok-123-long then tok-123 and tok-123; debug=1";
    expect(redact(text, secrets)).toBe("auth [redacted] then [redacted] and [redacted]; debug=1");
  });

  it("leaves text without secrets unchanged", () => {
    expect(redact("nothing here", secretValues({ A: "zzzz" }))).toBe("nothing here");
  });

  it("also redacts the bare credential of an Authorization-style header value", () => {
    const secrets = secretValues({ Authorization: "Bearer abc.def.ghi", "X-Key": "Basic dXNlcjpwdw==" });
    expect(redact("token abc.def.ghi and dXNlcjpwdw== rejected", secrets)).toBe(
      "token [redacted] and [redacted] rejected",
    );
  });
});

describe("redactError", () => {
  const hide = (text: string) => redact(text, ["s3cr3t"]);

  it("copies an error whose message, stack or cause holds a secret, keeping its class and fields", () => {
    const inner = new Error("inner s3cr3t");
    const error = new ProtocolError(ProtocolErrorCode.InternalError, "bad s3cr3t", { extra: 1 });
    Object.defineProperty(error, "cause", { value: inner, configurable: true });
    const clean = redactError(error, hide);
    expect(clean).not.toBe(error);
    expect(clean).toBeInstanceOf(ProtocolError);
    expect(clean.code).toBe(ProtocolErrorCode.InternalError);
    expect(clean.message).toBe("bad [redacted]");
    expect(clean.stack).not.toContain("s3cr3t");
    expect((clean.cause as Error).message).toBe("inner [redacted]");
    expect(error.message).toBe("bad s3cr3t");
  });

  it("returns the same error, or a non-error, untouched when there is nothing to hide", () => {
    const error = new Error("fine");
    expect(redactError(error, hide)).toBe(error);
    expect(redactError("s3cr3t", hide)).toBe("s3cr3t");
  });
});

describe("redact: encoded spellings", () => {
  const secret = 'p"a\\ss/wo rd+é';

  it("removes the JSON-escaped, doubly escaped and URL-encoded spellings", () => {
    const json = JSON.stringify({ args: [`--token=${secret}`] });
    expect(redact(json, [secret])).toBe('{"args":["--token=[redacted]"]}');
    expect(redact(JSON.stringify(json), [secret])).not.toContain("wo rd");
    expect(
      redact(`?k=${encodeURIComponent(secret)}&f=${new URLSearchParams({ s: secret }).toString().slice(2)}`, [
        secret,
      ]),
    ).toBe("?k=[redacted]&f=[redacted]");
  });

  it("removes the base64 of a secret inside a Basic credential", () => {
    const basic = Buffer.from(`someone:${secret}`).toString("base64");
    const out = redact(`Authorization: Basic ${basic}`, [secret]);
    expect(out).toContain("[redacted]");
    expect(Buffer.from(out.slice("Authorization: Basic ".length), "base64").toString()).not.toContain(secret);
  });

  it("never leaves a secret that the replacement itself would spell", () => {
    expect(redact("xx]abcabc", ["]abc"])).not.toContain("]abc");
    expect(redact("dact and edac", ["dact", "edac"])).toBe("[REMOVED] and [REMOVED]");
  });
});
