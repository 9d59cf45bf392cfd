import { describe, expect, it } from "vitest";
import { isSwitchboardError } from "../errors.js";
import { PROFILE_IDS, PROFILES } from "../providers/profiles.js";
import { compileNameRule } from "./compile-rule.js";

function usageError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

describe("compileNameRule", () => {
  it("accepts every shipped profile and caches per rule object", () => {
    for (const id of PROFILE_IDS) {
      const compiled = compileNameRule(PROFILES[id].name);
      expect(compiled.firstFix, id).toBe("_");
      expect(compiled).toBe(compileNameRule(PROFILES[id].name));
    }
    expect(compileNameRule(PROFILES["openai-chat"].name).maxHashLength).toBe(62);
    expect(compileNameRule(PROFILES.anthropic.name).maxHashLength).toBe(64);
  });

  it("picks a letter as the first-character fix when `_` may not start a name", () => {
    const rule = {
      pattern: "^[a-z][a-z0-9_]{0,19}$",
      allowedChars: "a-z0-9_",
      firstChars: "a-z",
      maxLength: 20,
    };
    expect(compileNameRule(rule).firstFix).toBe("a");
  });

  it("rejects rules the legaliser cannot satisfy, with code USAGE", () => {
    const noUnderscore = { pattern: "^[a-z0-9]{1,64}$", allowedChars: "a-z0-9", maxLength: 64 };
    const noHex = { pattern: "^[g-z_]{1,64}$", allowedChars: "g-z_", maxLength: 64 };
    const tooShort = { pattern: "^[a-z0-9_]{1,9}$", allowedChars: "a-z0-9_", maxLength: 9 };
    const noFirst = {
      pattern: "^[0-9][a-z0-9_]*$",
      allowedChars: "a-z0-9_",
      firstChars: "0-9",
      maxLength: 64,
    };
    for (const rule of [noUnderscore, noHex, tooShort, noFirst]) {
      const error = usageError(() => compileNameRule(rule));
      expect(isSwitchboardError(error) && error.code, rule.pattern).toBe("USAGE");
    }
  });

  it("wraps an invalid character class with its cause", () => {
    const error = usageError(() => compileNameRule({ pattern: "x", allowedChars: "z-a_", maxLength: 64 }));
    expect(isSwitchboardError(error) && error.code).toBe("USAGE");
    expect((error as Error).cause).toBeInstanceOf(SyntaxError);
  });
});
