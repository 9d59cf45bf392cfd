import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  expectSdkAnswer,
  icon,
  jsonObject,
  legacyCodec,
  mostly,
  odd,
  rare,
  shuffled,
} from "../../test/support/sdk-answers.js";
import { type ListMethod, readListResult } from "./list-result.js";

const METHODS: readonly ListMethod[] = ["resources/list", "resources/templates/list", "prompts/list"];

const text = fc.string({ maxLength: 5 });
const str = mostly(text, odd);
const icons = mostly(fc.array(icon, { maxLength: 2 }), odd);
/** An item's `_meta`: any JSON object, sometimes with a `__proto__` or number-like member. */
const itemMeta = mostly(jsonObject, odd);

const pad = (value: number, width: number) => String(value).padStart(width, "0");
/**
 * Date-times near the edges of what `z.iso.datetime({ offset: true })` accepts: leap days, month lengths,
 * hours, offsets, fractions, the separator.
 */
const builtDateTime = fc
  .record({
    year: fc.oneof(
      fc.constantFrom(0, 1900, 2000, 2023, 2024, 2100, 2400, 9999),
      fc.integer({ min: 0, max: 9999 }),
    ),
    month: fc.oneof(fc.constantFrom(1, 2, 2, 4, 6, 9, 11, 12), fc.integer({ min: 0, max: 13 })),
    day: fc.oneof(fc.constantFrom(28, 29, 29, 30, 31), fc.integer({ min: 0, max: 32 })),
    hour: fc.oneof(fc.integer({ min: 0, max: 23 }), fc.constant(24)),
    minute: fc.oneof(fc.integer({ min: 0, max: 59 }), fc.constant(60)),
    second: fc.oneof(fc.integer({ min: 0, max: 59 }), fc.constant(60)),
    fraction: fc.constantFrom("", "", "", ".0", ".123", ".123456789", "."),
    zone: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom("Z", "+01:00", "-00:00", "+23:59", "-09:30") },
      { weight: 1, arbitrary: fc.constantFrom("+24:00", "-05:60", "z", "+0100", "+01", "") },
    ),
    separator: fc.constantFrom("T", "T", "T", "T", "T", " ", "t"),
  })
  .map(
    ({ year, month, day, hour, minute, second, fraction, zone, separator }) =>
      `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}${separator}${pad(hour, 2)}:${pad(minute, 2)}:${pad(second, 2)}${fraction}${zone}`,
  );
const lastModified = fc.oneof(
  fc
    .date({
      min: new Date("1970-01-01T00:00:00Z"),
      max: new Date("2100-01-01T00:00:00Z"),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString()),
  builtDateTime,
  odd,
);
const annotations = mostly(
  shuffled({
    audience: mostly(
      fc.array(fc.constantFrom("user", "assistant"), { maxLength: 3 }),
      fc.array(fc.constantFrom("user", "system", "User"), { minLength: 1, maxLength: 2 }),
    ),
    priority: mostly(
      fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 1, 0.5)),
      fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(-0.1, 1.5), odd),
    ),
    lastModified,
    extra: rare(odd),
  }),
  odd,
);

const resource = mostly(
  shuffled(
    {
      name: str,
      title: str,
      icons,
      uri: str,
      description: str,
      mimeType: mostly(fc.constantFrom("text/plain", "application/json"), odd),
      size: mostly(fc.oneof(fc.nat(), fc.double({ noNaN: true, noDefaultInfinity: true })), odd),
      annotations,
      _meta: itemMeta,
      extra: rare(odd),
      uriTemplate: rare(text),
    },
    ["name", "uri"],
  ),
  odd,
);

const resourceTemplate = mostly(
  shuffled(
    {
      name: str,
      title: str,
      icons,
      uriTemplate: mostly(fc.constantFrom("file:///{path}", "demo://{id}"), odd),
      description: str,
      mimeType: str,
      annotations,
      _meta: itemMeta,
      // A resource's member, which a template's schema does not name.
      size: rare(fc.nat()),
      extra: rare(odd),
    },
    ["name", "uriTemplate"],
  ),
  odd,
);

const argument = mostly(
  shuffled({ name: str, description: str, required: mostly(fc.boolean(), odd), extra: rare(odd) }, ["name"]),
  odd,
);
const prompt = mostly(
  shuffled(
    {
      name: str,
      title: str,
      icons,
      description: str,
      arguments: mostly(fc.array(argument, { maxLength: 3 }), odd),
      _meta: itemMeta,
      extra: rare(odd),
    },
    ["name"],
  ),
  odd,
);

/** A page's `_meta` (`RequestMetaSchema`, a loose object). */
const pageMeta = mostly(
  shuffled({
    progressToken: mostly(fc.oneof(text, fc.integer()), fc.constantFrom(1.5, 2 ** 53, -(2 ** 53), null, {})),
    "io.modelcontextprotocol/related-task": mostly(
      shuffled({ taskId: str, extra: rare(odd) }, ["taskId"]),
      odd,
    ),
    ...Object.fromEntries([
      ["other", fc.jsonValue({ maxDepth: 1 })],
      ["5", rare(odd)],
      ["__proto__", rare(odd)],
    ]),
  }),
  odd,
);

const ITEMS: Record<ListMethod, readonly [string, fc.Arbitrary<unknown>]> = {
  "resources/list": ["resources", resource],
  "resources/templates/list": ["resourceTemplates", resourceTemplate],
  "prompts/list": ["prompts", prompt],
};

/** One page of `method`'s listing, sometimes with another listing's array or members the page schema keeps. */
function page(method: ListMethod): fc.Arbitrary<unknown> {
  const [listKey, item] = ITEMS[method];
  const [otherKey, otherItem] = ITEMS[METHODS[(METHODS.indexOf(method) + 1) % 3] as ListMethod];
  return shuffled(
    {
      [listKey]: mostly(fc.array(item, { maxLength: 4 }), odd),
      nextCursor: mostly(text, odd),
      _meta: pageMeta,
      ...Object.fromEntries([
        [otherKey, rare(fc.array(otherItem, { maxLength: 2 }))],
        ["other", rare(fc.jsonValue({ maxDepth: 1 }))],
        ["3", rare(odd)],
        ["__proto__", rare(odd)],
      ]),
    },
    [listKey],
  );
}

/** A method and a page for it, or now and then a page of another listing, or not a page at all. */
const asked = fc
  .constantFrom(...METHODS)
  .chain((method) =>
    fc.tuple(
      fc.constant(method),
      mostly(page(method), fc.oneof(page("resources/list"), page("prompts/list"), odd)),
    ),
  );

describe("readListResult", () => {
  it("returns what the SDK's validator returns, key order included, or leaves the page to it", () => {
    const codec = legacyCodec("resources/list");
    const valid = new Map<ListMethod, number>(METHODS.map((method) => [method, 0]));
    const read = new Map<ListMethod, number>(METHODS.map((method) => [method, 0]));
    fc.assert(
      fc.property(asked, ([method, value]) => {
        if (codec.validateResult(method, value).ok) valid.set(method, (valid.get(method) ?? 0) + 1);
        const mine = readListResult(method, value);
        if (mine === undefined) return;
        read.set(method, (read.get(method) ?? 0) + 1);
        expectSdkAnswer(codec, method, value, mine);
      }),
      { numRuns: 10_000 },
    );
    // A healthy share of the pages the SDK accepts is read here, not merely left to it.
    for (const method of METHODS) {
      expect(read.get(method)).toBeGreaterThan(500);
      expect(read.get(method)).toBeGreaterThan((valid.get(method) ?? 0) * 0.6);
    }
  });

  it("reads a resource's lastModified exactly when the SDK accepts it", () => {
    const codec = legacyCodec("resources/list");
    let read = 0;
    fc.assert(
      fc.property(fc.oneof(builtDateTime, lastModified, fc.string({ maxLength: 30 })), (date) => {
        const value = { resources: [{ name: "n", uri: "u", annotations: { lastModified: date } }] };
        const mine = readListResult("resources/list", value);
        expect(mine !== undefined).toBe(codec.validateResult("resources/list", value).ok);
        if (mine === undefined) return;
        read += 1;
        expectSdkAnswer(codec, "resources/list", value, mine);
      }),
      { numRuns: 5_000 },
    );
    expect(read).toBeGreaterThan(500);
  });

  it("reads the pages real servers send", () => {
    const codec = legacyCodec("resources/list");
    const pages: [ListMethod, string][] = [
      // @modelcontextprotocol/server-everything
      [
        "resources/list",
        '{"resources":[{"uri":"demo://resource/static/document/architecture.md","name":"architecture.md","mimeType":"text/markdown","description":"Static document file exposed from /docs: architecture.md"}]}',
      ],
      // @modelcontextprotocol/server-memory
      [
        "resources/list",
        '{"resources":[{"uri":"memory://knowledge-graph","name":"knowledge-graph","title":"Knowledge Graph","description":"The full knowledge graph with all entities and relations","mimeType":"application/json"}]}',
      ],
      // Everything a resource may carry.
      [
        "resources/list",
        '{"_meta":{"vendor/page":1},"resources":[{"size":1024,"annotations":{"lastModified":"2025-01-12T15:00:58.000Z","priority":0.8,"audience":["user","assistant"]},"icons":[{"src":"https://example.com/a.png","sizes":["48x48"],"theme":"dark"}],"uri":"file:///a.txt","name":"a.txt","_meta":{"vendor/etag":"x1"}}],"nextCursor":"next"}',
      ],
      [
        "resources/templates/list",
        '{"resourceTemplates":[{"name":"Dynamic Text Resource","uriTemplate":"demo://resource/dynamic/text/{resourceId}","mimeType":"text/plain","description":"Plaintext dynamic resource fabricated from the {resourceId} variable, which must be an integer."}]}',
      ],
      ["resources/templates/list", '{"resourceTemplates":[]}'],
      [
        "prompts/list",
        '{"prompts":[{"name":"simple-prompt","title":"Simple Prompt","description":"A prompt with no arguments"},{"name":"args-prompt","title":"Arguments Prompt","description":"A prompt with two arguments, one required and one optional","arguments":[{"name":"city","description":"Name of the city","required":true},{"name":"state","required":false}]}]}',
      ],
    ];
    for (const [method, text] of pages) {
      const value: unknown = JSON.parse(text);
      const mine = readListResult(method, value);
      expect(mine).toBeDefined();
      expectSdkAnswer(codec, method, value, mine);
    }
    // The schema's key order, not the server's.
    expect(JSON.stringify(readListResult("resources/list", JSON.parse(pages[2]?.[1] ?? "")))).toBe(
      '{"_meta":{"vendor/page":1},"nextCursor":"next","resources":[{"name":"a.txt","icons":[{"src":"https://example.com/a.png","sizes":["48x48"],"theme":"dark"}],"uri":"file:///a.txt","size":1024,"annotations":{"audience":["user","assistant"],"priority":0.8,"lastModified":"2025-01-12T15:00:58.000Z"},"_meta":{"vendor/etag":"x1"}}]}',
    );
  });

  it("leaves pages it cannot be sure of to the SDK", () => {
    const codec = legacyCodec("resources/list");
    const pages: [ListMethod, string][] = [
      // A member the item's schema would drop (older servers listed a resource's text).
      ["resources/list", '{"resources":[{"uri":"a://b","name":"b","text":"hello"}]}'],
      ["prompts/list", '{"prompts":[{"name":"p","arguments":[{"name":"a","type":"string"}]}]}'],
      ["resources/list", '{"resources":[{"uri":"a://b","name":"b","__proto__":{"x":1}}]}'],
      ["resources/templates/list", '{"resourceTemplates":[],"__proto__":{"x":1}}'],
    ];
    for (const [method, text] of pages) {
      const value: unknown = JSON.parse(text);
      expect(codec.validateResult(method, value).ok).toBe(true);
      expect(readListResult(method, value)).toBeUndefined();
    }
    // Not a real day, and another listing's page: the SDK refuses them.
    const refused: [ListMethod, string][] = [
      [
        "resources/list",
        '{"resources":[{"uri":"a://b","name":"b","annotations":{"lastModified":"2025-02-29T00:00:00Z"}}]}',
      ],
      ["prompts/list", '{"resources":[]}'],
    ];
    for (const [method, text] of refused) {
      const value: unknown = JSON.parse(text);
      expect(codec.validateResult(method, value).ok).toBe(false);
      expect(readListResult(method, value)).toBeUndefined();
    }
  });
});
