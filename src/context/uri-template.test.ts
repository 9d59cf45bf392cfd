import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expandUriTemplate, matchUriTemplate, templateVariables } from "./uri-template.js";

describe("URI templates", () => {
  it("lists variables in order, once, without modifiers", () => {
    expect(templateVariables("demo://x/{id}/{+path}{?q,page}{&id}{/seg*}{name:3}")).toEqual([
      "id",
      "path",
      "q",
      "page",
      "seg",
      "name",
    ]);
  });

  it("expands each operator as RFC 6570 does", () => {
    const values = { id: "a b", path: "/x/y", q: "1", page: "2" };
    expect(expandUriTemplate("demo://r/{id}", values)).toBe("demo://r/a%20b");
    expect(expandUriTemplate("file://{+path}", values)).toBe("file:///x/y");
    expect(expandUriTemplate("s://r{?q,page,missing}", values)).toBe("s://r?q=1&page=2");
    expect(expandUriTemplate("s://r{/id}{#q}", values)).toBe("s://r/a%20b#1");
    expect(expandUriTemplate("s://r/{missing}", values)).toBe("s://r/");
  });

  it("matches a concrete URI back to its variables", () => {
    expect(
      matchUriTemplate("demo://resource/dynamic/text/{resourceId}", "demo://resource/dynamic/text/42"),
    ).toEqual({
      resourceId: "42",
    });
    expect(matchUriTemplate("demo://resource/dynamic/text/{resourceId}", "demo://other/42")).toBeUndefined();
  });

  it("match inverts expand for simple templates (property)", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.string({ minLength: 1, maxLength: 12 }),
        (a, b) => {
          const template = "t://x/{a}/y/{b}";
          expect(matchUriTemplate(template, expandUriTemplate(template, { a, b }))).toEqual({ a, b });
        },
      ),
    );
  });
});
