/**
 * Hostile servers (issue 15): a catastrophic-backtracking `pattern` in a tool's input and output schemas
 * (validation ran it on the event loop, so not even the call's timeout could fire) must leave calls and
 * `call_tool` answering promptly, with a healthy server beside them unharmed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveToolset } from "../../src/agent/live-toolset.js";
import { runAgent } from "../../src/agent/run-agent.js";
import { connectHost, type Host } from "../../src/catalog/host.js";
import { anthropicAdapter } from "../../src/providers/anthropic/anthropic-adapter.js";
import { startEmulator } from "../../src/testing/emulator/index.js";
import type { Emulator } from "../../src/testing/emulator/types.js";
import { fixtureServer } from "../fixtures/fixture-command.js";
import { childPids, configOf } from "./helpers.js";

/** 40 a's and a "!": 2^40 steps for a backtracking engine on `^(a+)+$`, microseconds for a linear one. */
const poison = `${"a".repeat(40)}!`;

describe("a catastrophic-backtracking pattern in a server's schemas", () => {
  let host: Host;
  let emulator: Emulator;
  beforeAll(async () => {
    host = await connectHost(
      configOf(
        fixtureServer("fault-stdio", { name: "hostile", env: { FAULT: "backtracking" }, timeoutMs: 2_000 }),
        fixtureServer("fault-stdio", { name: "healthy", env: { FAULT: "none", FAULT_LABEL: "healthy" } }),
      ),
      { catalog: { debounceMs: 20 } },
    );
    emulator = await startEmulator({
      script: (view) =>
        view.turnIndex === 0
          ? {
              toolCalls: [
                {
                  name: "call_tool",
                  arguments: { name: "hostile__match", arguments: { id: "in", text: poison } },
                },
                { name: "call_tool", arguments: { name: "healthy__work", arguments: { id: "next" } } },
              ],
            }
          : { text: view.toolResults.map((result) => result.text).join("\n---\n") },
    });
  });
  afterAll(async () => {
    await host?.close();
    await emulator?.close();
    expect(childPids()).toEqual([]);
  });

  it("output schema: the structured content is rejected promptly and the next call succeeds", async () => {
    const started = performance.now();
    // The call's own 2 s timeout could never fire while the validator held the event loop.
    const failure = await host.callTool("hostile", "match", { id: "out" }).then(
      () => undefined,
      (error: Error) => error,
    );
    expect(failure?.message).toMatch(/does not match the tool's output schema.*must match pattern/s);
    expect(performance.now() - started).toBeLessThan(2_000);
    const healthy = await host.callTool("healthy", "work", { id: "after" });
    expect(healthy.content).toEqual([{ type: "text", text: "healthy:after" }]);
  }, 30_000);

  it("input schema: call_tool reports the mismatch at once and runs the healthy call beside it", async () => {
    const adapter = anthropicAdapter({
      model: "claude-opus-4-8",
      clientOptions: { apiKey: "test", baseURL: emulator.baseUrls.anthropic, maxRetries: 0 },
    });
    const ended: string[] = [];
    const started = performance.now();
    const result = await runAgent({
      adapter,
      host,
      buildTools: liveToolset({
        catalog: host.catalog,
        target: adapter.target,
        toolSearch: { mode: "facade" },
      }),
      prompt: "Use the tools.",
      system: "backtracking input",
      onEvent: (event) => {
        if (event.type === "tool-call-end") ended.push(`${event.tool ?? "-"}:${event.outcome}`);
      },
    });
    expect(result.stopReason).toBe("done");
    expect(ended).toEqual(["match:malformed-call", "work:ok"]);
    expect(result.text).toContain('the arguments do not fit the input schema of "hostile__match"');
    expect(result.text).toContain('must match pattern "^(a+)+$"');
    expect(result.text).toContain("healthy:next");
    expect(performance.now() - started).toBeLessThan(20_000);
  }, 30_000);
});
