import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanQuery, isTaskStyle } from "./query-cleanup.js";

const words = (text: string) => text.split(/\s+/).filter(Boolean);

describe("cleanQuery", () => {
  it("turns paths, URLs, email addresses and selectors into the words a tool description uses", () => {
    expect(words(cleanQuery("read /tmp/a/b.txt and ./src/x.ts"))).toEqual([
      "read",
      "file",
      "path",
      "and",
      "file",
      "path",
    ]);
    expect(words(cleanQuery("list ~/docs/ and src/lib/"))).toEqual([
      "list",
      "directory",
      "folder",
      "path",
      "and",
      "directory",
      "folder",
      "path",
    ]);
    expect(words(cleanQuery("open https://example.com/x?y=1"))).toEqual([
      "open",
      "url",
      "link",
      "web",
      "page",
    ]);
    expect(words(cleanQuery("mail bob@example.com"))).toEqual(["mail", "email", "address"]);
    expect(words(cleanQuery("click #submit-button"))).toEqual(["click", "element", "selector"]);
  });

  it("drops IDs and long numbers, keeps short numbers that name things", () => {
    expect(words(cleanQuery("summary of NCT04280705 at 1589932800"))).toEqual(["summary", "of", "at"]);
    expect(words(cleanQuery("order 28a98d3e-eba6-4d5a-a88d-5bea72386913 on 2022-02-15"))).toEqual([
      "order",
      "on",
    ]);
    expect(words(cleanQuery("ISO 3166-2 codes, 5 cards, field iso_a2"))).toEqual([
      "ISO",
      "3166-2",
      "codes,",
      "5",
      "cards,",
      "field",
      "iso_a2",
    ]);
  });

  it("reads a name/version pair as a version, not a path (a user agent is not a file)", () => {
    const agent = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/58.0.3029.110";
    expect(cleanQuery(`set the user agent to ${agent}`)).not.toMatch(/file|directory/);
    expect(cleanQuery(`set the user agent to ${agent}`)).toMatch(/Mozilla\/5\.0/);
  });

  it("drops request boilerplate", () => {
    expect(words(cleanQuery("Could you please help me find flights"))).toEqual(["find", "flights"]);
  });

  it("keeps at most 2,000 characters of any input and never throws (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 5_000 }), (query) => {
        expect(cleanQuery(query).length).toBeLessThanOrEqual(2_000 * 12);
        expect(typeof isTaskStyle(query)).toBe("boolean");
      }),
    );
  });
});
