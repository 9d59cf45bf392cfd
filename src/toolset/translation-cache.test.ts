import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildNameTable } from "../naming/index.js";
import { TARGETS } from "../providers/targets.js";
import { joinedBytes } from "./array-bytes.js";
import { ToolTranslationCache } from "./translation-cache.js";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const join = (parts: readonly string[]) => `[${parts.join(",")}]`;

describe("ToolTranslationCache.arrayBytes", () => {
  it("joins and hashes afresh unless every part is the last build's, per target", () => {
    const cache = new ToolTranslationCache();
    let joins = 0;
    const counted = (parts: readonly string[]) => {
      joins += 1;
      return join(parts);
    };
    const a = ['{"name":"a"}', '{"name":"b"}'];
    expect(cache.arrayBytes("anthropic", a, counted)).toEqual({ json: join(a), hash: sha256(join(a)) });
    expect(cache.arrayBytes("anthropic", [...a], counted)).toEqual({ json: join(a), hash: sha256(join(a)) });
    expect(joins).toBe(1);
    const b = ['{"name":"a"}', '{"name":"c"}'];
    expect(cache.arrayBytes("anthropic", b, counted)).toEqual({ json: join(b), hash: sha256(join(b)) });
    expect(cache.arrayBytes("openai-chat", a, counted).hash).toBe(sha256(join(a)));
    expect(cache.arrayBytes("anthropic", a.slice(0, 1), counted).hash).toBe(sha256(join(a.slice(0, 1))));
    expect(joins).toBe(4);
    cache.clear();
    cache.arrayBytes("anthropic", a.slice(0, 1), counted);
    expect(joins).toBe(5);
  });
});

describe("ToolTranslationCache.joinedBytes", () => {
  it("joins afresh unless the parts are the last build's, and remembers the slices it handed back", () => {
    const cache = new ToolTranslationCache();
    const layout = { prefix: "[", suffix: "]", empty: "[]" };
    let joins = 0;
    const counted = (parts: readonly string[]) => {
      joins += 1;
      return joinedBytes(parts, layout);
    };
    const a = ['{"name":"a"}', '{"name":"b"}'];
    const first = cache.joinedBytes("anthropic", a, counted);
    expect(first).toMatchObject({ json: join(a), hash: sha256(join(a)), parts: a });
    // The next build hands back the slices (the translations adopted them): the same bytes, no new join.
    expect(cache.joinedBytes("anthropic", first.parts, counted)).toBe(first);
    expect(cache.joinedBytes("anthropic", [...a], counted)).toBe(first);
    expect(joins).toBe(1);
    const b = ['{"name":"a"}', '{"name":"c"}'];
    expect(cache.joinedBytes("anthropic", b, counted).json).toBe(join(b));
    expect(joins).toBe(2);
  });
});

describe("ToolTranslationCache.names", () => {
  it("reuses the table only for the same pairs and options, and equals a fresh table", () => {
    const cache = new ToolTranslationCache();
    const target = TARGETS.anthropic;
    const refs = [
      { server: "s", tool: "a" },
      { server: "s", tool: "b" },
    ];
    const first = cache.names(target, refs, undefined);
    expect(
      cache.names(
        target,
        refs.map((ref) => ({ ...ref })),
        undefined,
      ),
    ).toBe(first);
    expect(first.entries()).toEqual(buildNameTable(refs, target.profile.name).entries());
    const other = cache.names(target, refs, { prefix: false });
    expect(other).not.toBe(first);
    expect(other.nameOf("s", "a")).toBe("a");
    const fewer = cache.names(target, refs.slice(1), { prefix: false });
    expect(fewer.size).toBe(1);
    expect(fewer.nameOf("s", "a")).toBeUndefined();
  });
});
