import { describe, expect, it } from "vitest";
import { PROFILES } from "../providers/profiles.js";
import { legaliseName } from "./legalise-name.js";
import { sha256Hex } from "./short-hash.js";

const anthropic = PROFILES.anthropic.name;
const openai = PROFILES["openai-chat"].name;
const gemini = PROFILES.gemini.name;
const mcp = PROFILES.mcp.name;

const codes = (result: { warnings: { code: string }[] }) => result.warnings.map((w) => w.code);

describe("legaliseName", () => {
  it("leaves a legal name that fits unchanged, with no warnings", () => {
    expect(legaliseName("tickets__search", openai)).toEqual({ name: "tickets__search", warnings: [] });
  });

  it("maps each illegal character to one `_` and collapses nothing (josef.prochazka--webpage-singer)", () => {
    const result = legaliseName("josef.prochazka--webpage-singer", anthropic);
    expect(result.name).toBe("josef_prochazka--webpage-singer");
    expect(codes(result)).toEqual(["name-chars-mapped"]);
    expect(legaliseName("josef.prochazka--webpage-singer", gemini).name).toBe(
      "josef.prochazka--webpage-singer",
    );
    expect(legaliseName("josef.prochazka--webpage-singer", mcp).name).toBe("josef.prochazka--webpage-singer");
    expect(legaliseName("a b/c:d.e__f", anthropic).name).toBe("a_b_c_d_e__f");
    expect(legaliseName("a b/c:d.e", gemini).name).toBe("a_b_c:d.e");
  });

  it("maps a code point, not a UTF-16 unit: an emoji becomes one `_`, a lone surrogate too", () => {
    expect(legaliseName("café😀", anthropic).name).toBe("caf__");
    expect(legaliseName("x\uD800y", anthropic).name).toBe("x_y");
  });

  it("prepends `_` when the first character may not start a name (Gemini: digit or dot)", () => {
    const digit = legaliseName("21st_magic_component_builder", gemini);
    expect(digit.name).toBe("_21st_magic_component_builder");
    expect(codes(digit)).toEqual(["name-first-char-fixed"]);
    expect(legaliseName(".hidden", gemini).name).toBe("_.hidden");
    expect(legaliseName("21st_magic_component_builder", anthropic).name).toBe("21st_magic_component_builder");
  });

  it("prepends a letter when `_` may not start a name either", () => {
    const rule = {
      pattern: "^[a-z][a-z0-9_]{0,19}$",
      allowedChars: "a-z0-9_",
      firstChars: "a-z",
      maxLength: 20,
    };
    expect(legaliseName("_x", rule).name).toBe("a_x");
    expect(legaliseName("", rule, "id").name).toBe(`a_${sha256Hex("id").slice(0, 8)}`);
  });

  it("turns an empty name into `_` + a hash of its identity", () => {
    const result = legaliseName("", anthropic, "server/tool");
    expect(result.name).toBe(`_${sha256Hex("server/tool").slice(0, 8)}`);
    expect(codes(result)).toEqual(["name-empty"]);
  });

  it("truncates an over-long name and appends `_` + 8 hex digits so the whole is exactly maxLength", () => {
    const raw = "x".repeat(70);
    const result = legaliseName(raw, openai);
    expect(result.name).toBe(`${"x".repeat(55)}_${sha256Hex(raw).slice(0, 8)}`);
    expect(result.name).toHaveLength(64);
    expect(codes(result)).toEqual(["name-truncated"]);
    expect(legaliseName("x".repeat(64), openai).name).toBe("x".repeat(64));
    expect(legaliseName("y".repeat(10_000), anthropic).name).toHaveLength(128);
  });

  it("never cuts a surrogate pair in half when a rule allows astral characters", () => {
    const rule = { pattern: "^[a-z0-9_😀]{1,12}$", allowedChars: "a-z0-9_\\u{1F600}", maxLength: 12 };
    const raw = "ab😀😀😀😀😀😀";
    expect(legaliseName(raw, rule).name).toBe(`ab_${sha256Hex(raw).slice(0, 8)}`);
  });

  it("keeps warning messages short whatever the length of the name", () => {
    const [warning] = legaliseName(".".repeat(10_000), anthropic).warnings;
    expect(warning?.message.length).toBeLessThan(300);
  });
});
