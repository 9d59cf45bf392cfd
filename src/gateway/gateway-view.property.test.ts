import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CatalogSnapshot } from "../catalog/types.js";
import type { SwitchboardConfig } from "../config/types.js";
import { buildGatewayView } from "./gateway-view.js";

const servers = ["alpha", "alpha_", "al pha", "al-pha", "Alpha"];
const names = ["search", "get", "get_", "search.v2", "a".repeat(130)];

function config(): SwitchboardConfig {
  const entries = servers.map((name) => [
    name,
    {
      kind: "stdio" as const,
      name,
      enabled: true,
      timeoutMs: 1,
      connectTimeoutMs: 1,
      tools: {},
      maxConcurrentCalls: 1,
      command: "x",
      args: [],
      env: {},
    },
  ]);
  return { file: "<inline>", servers: Object.fromEntries(entries), agents: {} };
}

describe("buildGatewayView", () => {
  it("never shows two servers' tools, prompts or resources under one name, and maps each back to its own", () => {
    const pick = fc.record({ server: fc.constantFrom(...servers), name: fc.constantFrom(...names) });
    fc.assert(
      fc.property(fc.array(pick, { maxLength: 20 }), fc.array(pick, { maxLength: 10 }), (tools, others) => {
        const unique = <T extends { server: string; name: string }>(items: T[]) => [
          ...new Map(items.map((item) => [`${item.server}\0${item.name}`, item])).values(),
        ];
        const snapshot: CatalogSnapshot = {
          generation: 1,
          servers: [],
          tools: unique(tools).map(({ server, name }) => ({
            server,
            tool: { name, inputSchema: { type: "object" } },
          })),
          prompts: unique(others).map(({ server, name }) => ({ server, name })),
          resources: unique(others).map(({ server, name }) => ({ server, uri: `x://${name}`, name })),
          resourceTemplates: [],
        };
        const view = buildGatewayView(snapshot, config());
        const toolNames = view.tools.map((tool) => tool.name);
        expect(new Set(toolNames).size).toBe(snapshot.tools.length);
        for (const name of toolNames) expect(name).toMatch(/^[A-Za-z0-9._-]{1,128}$/);
        for (const { server, tool } of snapshot.tools) {
          const name = view.toolset.names.nameOf(server, tool.name)!;
          expect(view.toolset.names.resolve(name)).toEqual({ server, tool: tool.name });
        }
        const promptNames = view.prompts.prompts.map((prompt) => prompt.name);
        expect(new Set(promptNames).size).toBe(snapshot.prompts.length);
        for (const name of promptNames) {
          const target = view.prompts.resolve(name)!;
          expect(snapshot.prompts).toContainEqual({ server: target.server, name: target.prompt });
        }
        const uris = view.resources.resources.map((entry) => entry.uri);
        expect(new Set(uris).size).toBe(snapshot.resources.length);
        for (const uri of uris) {
          const target = view.resources.resolve(uri)!;
          expect(
            snapshot.resources.some((entry) => entry.server === target.server && entry.uri === target.uri),
          ).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });
});
