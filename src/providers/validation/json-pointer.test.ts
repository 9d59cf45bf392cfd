import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resolveLocalRef } from "./json-pointer.js";

const escapeToken = (token: string) => token.replace(/~/g, "~0").replace(/\//g, "~1");

describe("resolveLocalRef", () => {
  it("resolves the pointer to any value reachable by object keys", () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 5 }), fc.integer(), (keys, leaf) => {
        let doc: unknown = leaf;
        for (const key of [...keys].reverse()) doc = { [key]: doc };
        const ref = `#/${keys.map(escapeToken).map(encodeURIComponent).join("/")}`;
        expect(resolveLocalRef(doc, ref)).toEqual({
          kind: "local",
          pointer: `/${keys.map(escapeToken).join("/")}`,
          value: leaf,
        });
      }),
    );
  });

  it("distinguishes dangling, external, root, array-index and anchor refs", () => {
    const doc = { $defs: { A: { $anchor: "a", type: "string" } }, list: [{ x: 1 }] };
    expect(resolveLocalRef(doc, "#/$defs/B")).toEqual({ kind: "dangling" });
    expect(resolveLocalRef(doc, "other.json#/x")).toEqual({ kind: "external" });
    expect(resolveLocalRef(doc, "#")).toMatchObject({ kind: "local", value: doc });
    expect(resolveLocalRef(doc, "#/list/0/x")).toMatchObject({ kind: "local", value: 1 });
    expect(resolveLocalRef(doc, "#/list/1")).toEqual({ kind: "dangling" });
    expect(resolveLocalRef(doc, "#a")).toMatchObject({ kind: "local", value: doc.$defs.A });
  });
});
