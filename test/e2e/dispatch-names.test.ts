/**
 * Invariant 2 against a real server: whatever the provider's name rules and the naming options, the server
 * receives exactly the tool names it published. Every emitted name of every target is called; names that only
 * look right (the bare tool name, someone else's prefix, a case change) never reach the server. The fixture
 * logs every tools/call name it receives, published or not.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectHost, type Host } from "../../src/catalog/host.js";
import { dispatchToolCalls } from "../../src/dispatch/dispatch-tool-calls.js";
import { TARGET_IDS } from "../../src/providers/targets.js";
import type { ToolCall } from "../../src/spec/tool-call.js";
import { buildToolset } from "../../src/toolset/build-toolset.js";
import { dispatchFixture } from "../fixtures/dispatch-fixture-command.js";
import { childPids, configOf } from "./helpers.js";

/** Tools that are safe to call repeatedly (no hang, crash, removal or huge output). */
const SAFE = new Set([
  "echo",
  "add",
  "structured_only",
  "picture",
  "sound",
  "embedded",
  "link",
  "nothing",
  "fail",
  "stats",
  "report.v2/get",
]);

const scratch = mkdtempSync(join(tmpdir(), "switchboard-names-"));
const log = join(scratch, "calls.jsonl");
let host: Host;

beforeAll(async () => {
  // A server name with characters every provider rejects, so every emitted name is legalised.
  host = await connectHost(configOf(dispatchFixture("my server.v1", { env: { DISPATCH_CALL_LOG: log } })));
});
afterAll(async () => {
  await host?.close();
  expect(childPids()).toEqual([]);
  rmSync(scratch, { recursive: true, force: true });
});

function received(): { name: string; published: boolean }[] {
  return readFileSync(log, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { name: string; published: boolean });
}

describe("names reaching a real server", () => {
  it("every emitted name of every target reaches the server as the tool's own name", async () => {
    const snapshot = host.catalog.snapshot();
    const expected: string[] = [];
    for (const target of TARGET_IDS) {
      for (const options of [
        {},
        { naming: { prefix: false } },
        { naming: { separator: ".", aliases: { "my server.v1": "m" } } },
      ]) {
        const toolset = buildToolset(snapshot.tools, target, { generation: snapshot.generation, ...options });
        const entries = toolset.names.entries().filter((entry) => SAFE.has(entry.tool));
        expect(entries.length).toBe(SAFE.size);
        const calls: ToolCall[] = entries.map((entry, index) => ({
          id: `c${index}`,
          name: entry.name,
          arguments: {},
        }));
        const results = await dispatchToolCalls(calls, { toolset, host });
        for (const [index, result] of results.entries()) {
          expect(result.server).toBe("my server.v1");
          expect(result.tool).toBe(entries[index]?.tool);
          expect(["ok", "tool-error"]).toContain(result.outcome);
        }
        expected.push(...entries.map((entry) => entry.tool));
      }
    }
    const names = received().map((entry) => entry.name);
    expect(names.sort()).toEqual(expected.sort());
    expect(received().every((entry) => entry.published)).toBe(true);
    expect(names).toContain("report.v2/get");
  });

  it("names that merely look right never reach the server", async () => {
    const before = received().length;
    const snapshot = host.catalog.snapshot();
    const prefixed = buildToolset(snapshot.tools, "anthropic");
    const bare = buildToolset(snapshot.tools, "anthropic", { naming: { prefix: false } });
    const echo = prefixed.names.nameOf("my server.v1", "echo") ?? "";
    const lookalikes = [
      "echo", // the server's own name, without the table's prefix
      "my server.v1__echo", // the raw, illegal prefix
      echo.toUpperCase(),
      `${echo}_`,
      `other__echo`,
      "report.v2/get",
    ];
    const results = await dispatchToolCalls(
      lookalikes.map((name, index) => ({ id: `x${index}`, name, arguments: {} })),
      { toolset: prefixed, host },
    );
    expect(results.map((result) => result.outcome)).toEqual(lookalikes.map(() => "unknown-tool"));
    // With bare names, a prefixed one is just as unknown.
    const [viaBare] = await dispatchToolCalls([{ id: "y", name: echo, arguments: {} }], {
      toolset: bare,
      host,
    });
    expect(viaBare?.outcome).toBe("unknown-tool");
    expect(received().length).toBe(before);
  });
});
