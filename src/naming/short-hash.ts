import * as crypto from "node:crypto";

/**
 * The exact identity of a (server, tool) pair, as hashed into suffixes. JSON rather than `server\u0000tool`
 * because names may themselves contain NUL (`"a\u0000b"+"c"` vs `"a"+"b\u0000c"` would meet), and because
 * JSON escapes lone surrogates, which UTF-8 encoding would otherwise collapse to U+FFFD before hashing.
 */
export function identityOf(server: string, tool: string): string {
  return JSON.stringify([server, tool]);
}

/** Full SHA-256 of a string as 64 lowercase hex digits; callers take a prefix as long as they need. */
export function sha256Hex(text: string): string {
  // One-shot `crypto.hash` (Node >= 20.12) is about twice as fast as createHash for short inputs.
  if (typeof crypto.hash === "function") return crypto.hash("sha256", text, "hex");
  return crypto.createHash("sha256").update(text, "utf8").digest("hex");
}
