import { describe, expect, it } from "vitest";
import { identityOf, sha256Hex } from "./short-hash.js";

describe("identityOf", () => {
  it("keeps pairs apart that a NUL-joined key would merge", () => {
    expect(identityOf("a\u0000b", "c")).not.toBe(identityOf("a", "b\u0000c"));
    expect(sha256Hex(identityOf("a\u0000b", "c"))).not.toBe(sha256Hex(identityOf("a", "b\u0000c")));
  });

  it("keeps lone surrogates apart, which UTF-8 encoding alone would turn into the same U+FFFD", () => {
    expect(sha256Hex("\uD800")).toBe(sha256Hex("\uDC00"));
    expect(sha256Hex(identityOf("\uD800", "t"))).not.toBe(sha256Hex(identityOf("\uDC00", "t")));
  });
});

describe("sha256Hex", () => {
  it("is the standard SHA-256 in lowercase hex", () => {
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
