import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CatalogResource, CatalogResourceTemplate } from "../catalog/types.js";
import { buildResourceTable, namespacedUri } from "./resource-table.js";

const resource = (server: string, uri: string): CatalogResource => ({ server, uri, name: uri });
const template = (server: string, uriTemplate: string): CatalogResourceTemplate => ({
  server,
  uriTemplate,
  name: uriTemplate,
});

describe("buildResourceTable", () => {
  it("keeps a URI only one server lists and namespaces one two servers share", () => {
    const table = buildResourceTable(
      [resource("a", "file:///a.txt"), resource("a", "x://shared"), resource("b", "x://shared")],
      [],
    );
    expect(table.resources.map((entry) => entry.uri)).toEqual([
      "file:///a.txt",
      "switchboard://a/x://shared",
      "switchboard://b/x://shared",
    ]);
    expect(table.resolve("file:///a.txt")).toEqual({ server: "a", uri: "file:///a.txt" });
    expect(table.resolve("switchboard://b/x://shared")).toEqual({ server: "b", uri: "x://shared" });
    expect(table.resolve("x://shared")).toBeUndefined();
  });

  it("never lets a server forge the gateway's own scheme", () => {
    const table = buildResourceTable(
      [resource("evil", "switchboard://a/x://shared"), resource("a", "x://shared")],
      [],
    );
    expect(table.resources.map((entry) => entry.uri)).toEqual([
      "switchboard://evil/switchboard://a/x://shared",
      "x://shared",
    ]);
    expect(table.resolve("x://shared")).toEqual({ server: "a", uri: "x://shared" });
    expect(table.resolve("switchboard://evil/switchboard://a/x://shared")).toEqual({
      server: "evil",
      uri: "switchboard://a/x://shared",
    });
    // The forged name is not a way into "a".
    expect(table.resolve("switchboard://a/x://shared")).toBeUndefined();
  });

  it("maps URIs a server uses in results: its own stay, another server's are namespaced", () => {
    const table = buildResourceTable([resource("a", "x://mine"), resource("b", "x://theirs")], []);
    expect(table.toDownstream("a", "x://mine")).toBe("x://mine");
    expect(table.toDownstream("a", "x://theirs")).toBe("switchboard://a/x://theirs");
    expect(table.toDownstream("a", "x://unlisted")).toBe("x://unlisted");
  });

  it("matches expanded templates and expands the server's own template", () => {
    const table = buildResourceTable(
      [],
      [template("a", "db://rows/{id}"), template("b", "db://rows/{id}"), template("c", "log://{day}")],
    );
    expect(table.templates.map((entry) => entry.uriTemplate)).toEqual([
      "log://{day}",
      "switchboard://a/db://rows/{id}",
      "switchboard://b/db://rows/{id}",
    ]);
    expect(table.resolve("switchboard://b/db://rows/42")).toEqual({ server: "b", uri: "db://rows/42" });
    expect(table.resolve("log://monday")).toEqual({ server: "c", uri: "log://monday" });
    expect(table.resolveTemplate("switchboard://a/db://rows/{id}")).toEqual({
      server: "a",
      uriTemplate: "db://rows/{id}",
    });
  });

  it("is injective and reversible over listed resources, whatever the servers list", () => {
    const servers = fc.constantFrom("a", "b", "c d", "c%20d", "switchboard");
    const uris = fc.constantFrom(
      "x://1",
      "x://2",
      "file:///tmp/a",
      "switchboard://a/x://1",
      "switchboard://b/x://2",
    );
    fc.assert(
      fc.property(fc.array(fc.record({ server: servers, uri: uris }), { maxLength: 12 }), (listed) => {
        const unique = [...new Map(listed.map((item) => [`${item.server}\0${item.uri}`, item])).values()];
        const table = buildResourceTable(
          unique.map((item) => resource(item.server, item.uri)),
          [],
        );
        const downstream = unique.map((item) => table.toDownstream(item.server, item.uri));
        expect(new Set(downstream).size).toBe(unique.length);
        unique.forEach((item, index) => {
          expect(table.resolve(downstream[index]!)).toEqual({ server: item.server, uri: item.uri });
        });
      }),
    );
  });

  it("encodes the server name so it cannot contain the separator", () => {
    expect(namespacedUri("a/b", "x://y")).toBe("switchboard://a%2Fb/x://y");
  });
});
