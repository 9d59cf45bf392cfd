import { describe, expect, it } from "vitest";
import { isProfileId, PROFILE_IDS, PROFILES } from "./profiles.js";

describe("provider profiles", () => {
  it("every profile's name pattern agrees with its allowed characters and length", () => {
    for (const id of PROFILE_IDS) {
      const { name } = PROFILES[id];
      const pattern = new RegExp(name.pattern);
      const first = name.firstChars ?? name.allowedChars;
      const longest = `${"a".repeat(name.maxLength)}`;
      expect(pattern.test(longest), id).toBe(true);
      expect(pattern.test(`${longest}a`), id).toBe(false);
      expect(new RegExp(`^[${first}]`).test("a"), id).toBe(true);
      expect(name.checkedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it("recognises only known profile ids", () => {
    expect(isProfileId("anthropic")).toBe(true);
    expect(isProfileId("toString")).toBe(false);
  });
});
