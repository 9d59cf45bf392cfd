/**
 * The conversation every framework plays, against a real MCP server (the repository's `changing-server` fixture
 * over stdio, twice, so every name collides and switchboard prefixes them) and the strict emulator's Chat
 * Completions API:
 *   1. two calls in parallel: `list_count` (answers) and `beta` (the fixture answers `isError: true`);
 *   2. `mutate`: the server drops `alpha` and sends `tools/list_changed`;
 *   3. `alpha`, which the framework still offers but the catalogue no longer has: answered as stale;
 *   4. text.
 */
import { buildToolset, connectHost, type Host, type SwitchboardConfig } from "switchboard";
import { type Emulator, type RequestView, startEmulator, type Turn } from "switchboard/testing";
import { expect } from "vitest";
import { fixtureServer } from "../../test/fixtures/fixture-command.js";

export interface Conversation {
  host: Host;
  emulator: Emulator;
  /** What the model was sent, one view per request. */
  views: RequestView[];
  /** The provider-facing name of a tool of the server `left`. */
  name(tool: string): string;
  close(): Promise<void>;
}

export async function startConversation(): Promise<Conversation> {
  const config: SwitchboardConfig = {
    file: "<inline>",
    servers: {
      left: fixtureServer("changing-server", { name: "left" }),
      right: fixtureServer("changing-server", { name: "right" }),
    },
    agents: {},
  };
  const host = await connectHost(config, { catalog: { debounceMs: 20 } });
  await host.catalog.settled();
  const views: RequestView[] = [];
  // The names switchboard gives the tools for openai-chat (what every adapter hands its framework by default).
  const table = buildToolset(host.catalog.snapshot().tools, "openai-chat").names;
  const name = (tool: string): string => {
    const found = table.nameOf("left", tool);
    if (found === undefined) throw new Error(`no tool ${tool} on left`);
    return found;
  };
  const turn =
    (make: () => Turn) =>
    (view: RequestView): Turn => {
      views.push(view);
      return make();
    };
  const emulator = await startEmulator({
    script: [
      turn(() => ({
        toolCalls: [
          { name: name("list_count"), arguments: {} },
          { name: name("beta"), arguments: {} },
        ],
      })),
      turn(() => ({ toolCalls: [{ name: name("mutate"), arguments: {} }] })),
      turn(() => ({ toolCalls: [{ name: name("alpha"), arguments: {} }] })),
      turn(() => ({ text: "done" })),
    ],
  });
  return {
    host,
    emulator,
    views,
    name,
    close: async () => {
      await emulator.close();
      await host.close();
    },
  };
}

/** What every framework must have sent back: the parallel answers, the isError result, the stale answer. */
export function expectSwitchboardAnswers(conversation: Conversation): void {
  const { views, name } = conversation;
  expect(views).toHaveLength(4);
  // Prefixed, collision-free names: both servers' tools are offered, none under its bare name.
  expect(views[0]?.tools).toContain(name("alpha"));
  expect(views[0]?.tools.filter((tool) => tool.endsWith("alpha"))).toHaveLength(2);
  expect(views[0]?.tools).not.toContain("alpha");

  const parallel = views[1]?.toolResults ?? [];
  expect(parallel.map((result) => result.name).sort()).toEqual([name("beta"), name("list_count")].sort());
  const count = parallel.find((result) => result.name === name("list_count"));
  expect(count?.text).toMatch(/^\d+$/);
  const failed = parallel.find((result) => result.name === name("beta"));
  expect(failed?.text).toBe("Tool error: unknown tool beta");

  expect(views[2]?.toolResults.map((result) => result.text)).toEqual(["mutated"]);

  const [stale] = views[3]?.toolResults ?? [];
  expect(stale?.text).toContain(
    `Error (stale-tool): The tool "${name("alpha")}" is no longer available: server "left" removed "alpha" from its tools`,
  );
  // Never sent to the server (which would have answered "unknown tool alpha").
  expect(stale?.text).not.toContain("unknown tool");
}
