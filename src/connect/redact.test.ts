import { describe, expect, it } from "vitest";
import { redact, secretValues } from "./redact.js";

describe("redact", () => {
  it("replaces every occurrence of every configured value of 4+ characters", () => {
    const secrets = secretValues({ TOKEN: "tok-123", DEBUG: "1" }, { Authorization: "Bearer tok-123-long" });
    const text = "auth Bearer tok-123-long then tok-123 and tok-123; debug=1";
    expect(redact(text, secrets)).toBe("auth [redacted] then [redacted] and [redacted]; debug=1");
  });

  it("leaves text without secrets unchanged", () => {
    expect(redact("nothing here", secretValues({ A: "zzzz" }))).toBe("nothing here");
  });
});
