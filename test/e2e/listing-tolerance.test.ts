/**
 * Listing as real servers do it, seen where a user meets it (`inspect`, `tools`, the library's host): a server
 * that refuses an optional listing keeps its tools and says which request failed; one sloppy tool costs only
 * itself; a name listed twice keeps its first tool and says so; a server that exits after `initialize` fails at
 * once with its exit code and the first line of its stderr, every time.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InspectReport } from "../../src/cli/commands/inspect.js";
import { connectHost } from "../../src/index.js";
import { fixtureCommand, fixtureServer } from "../fixtures/fixture-command.js";
import { configOf } from "./helpers.js";
import { runCli } from "./run-cli.js";

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "switchboard-listing-"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function writeConfig(name: string, servers: Record<string, unknown>): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, JSON.stringify({ mcpServers: servers }));
  return file;
}

function listingServer(mode: "sloppy" | "refuse-optional" | "refuse-tools" | "header-bindings") {
  return { ...fixtureCommand("listing-server"), env: { LISTING: mode } };
}

async function inspectJson(file: string): Promise<{ code: number | null; report: InspectReport }> {
  const result = await runCli(["inspect", "--config", file, "--json"]);
  return { code: result.code, report: JSON.parse(result.stdout) as InspectReport };
}

describe("a refused optional listing", () => {
  it("leaves the server ready with its tools and names each request that failed, with its code", async () => {
    const file = await writeConfig("refuse.json", { refuses: listingServer("refuse-optional") });
    const { code, report } = await inspectJson(file);
    expect(code).toBe(0);
    const [server] = report.servers;
    expect(server?.status).toBe("ready");
    expect(report.tools.map((tool) => tool.name)).toEqual(["works"]);
    const warnings = server?.warnings ?? [];
    expect(warnings.map((warning) => [warning.request, warning.code])).toEqual([
      ["resources/list", -32601],
      ["resources/templates/list", -32603],
      ["prompts/list", -32601],
    ]);
    expect(warnings[1]?.message).toContain("database is not reachable");

    const text = await runCli(["inspect", "--config", file]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("listing warnings:");
    expect(text.stdout).toContain("refuses: resources/list failed: Method not found (code -32601)");
    expect(text.stdout).toContain("refuses: resources/templates/list failed: database is not reachable");
  });
});

describe("a refused tools/list", () => {
  it("fails the server and names the request, the server's message and its code", async () => {
    const { code, report } = await inspectJson(
      await writeConfig("no-tools.json", { indexless: listingServer("refuse-tools") }),
    );
    expect(code).toBe(1);
    expect(report.servers[0]?.status).toBe("failed");
    expect(report.servers[0]?.reason).toBe(
      'Server "indexless" failed to connect to "' +
        process.execPath +
        '" over stdio: tools/list failed: the tool index is not built (code -32603)',
    );
  });
});

describe("sloppy tools", () => {
  const valid = [
    "first",
    "last",
    "null_annotations",
    "null_description",
    "null_output",
    "null_title",
    "paged",
    "root_any_of",
    "string_input",
  ];

  it("cost only themselves: every usable tool on both pages is listed, and each skipped one is named", async () => {
    const file = await writeConfig("sloppy.json", { sloppy: listingServer("sloppy") });
    const { code, report } = await inspectJson(file);
    expect(code).toBe(0);
    expect(report.servers[0]?.status).toBe("ready");
    expect(report.tools.map((tool) => tool.name)).toEqual(valid);
    // A name listed twice keeps the first definition.
    expect(report.tools.find((tool) => tool.name === "first")?.description).toBe("A valid tool");
    const messages = (report.servers[0]?.warnings ?? []).map((warning) => [warning.index, warning.message]);
    expect(messages).toEqual([
      [5, 'tool "string_input": inputSchema is not an object; listed as taking no arguments'],
      [7, "tool 7 is not an object; skipped"],
      [8, "tool 8 has no string name; skipped"],
      [9, 'tool "first" is listed twice (tools 0 and 9); the first is kept'],
    ]);

    // The root anyOf goes to repair, not quarantine: every provider gets all nine tools.
    for (const provider of ["anthropic", "openai-strict", "gemini"]) {
      const tools = await runCli(["tools", "--provider", provider, "--config", file, "--json"]);
      expect(tools.code).toBe(0);
      const array = JSON.parse(tools.stdout) as Array<{ name?: string; function?: { name: string } }>;
      const names = array.flatMap((tool) =>
        "functionDeclarations" in tool
          ? (tool as { functionDeclarations: { name: string }[] }).functionDeclarations.map((f) => f.name)
          : [tool.name ?? tool.function?.name ?? ""],
      );
      expect(names.sort()).toEqual(valid.map((name) => `sloppy__${name}`));
    }
  });

  it("can be called through the host", async () => {
    const host = await connectHost(
      configOf(fixtureServer("listing-server", { name: "sloppy", env: { LISTING: "sloppy" } })),
    );
    try {
      for (const tool of ["null_description", "null_output", "string_input", "root_any_of"]) {
        const result = await host.callTool("sloppy", tool, {});
        expect(result.content).toEqual([{ type: "text", text: `called ${tool}` }]);
      }
    } finally {
      await host.close();
    }
  });
});

describe("tools with invalid header bindings", () => {
  it("are quarantined at listing with the rule each broke; the server and its valid tool stay", async () => {
    const file = await writeConfig("headers.json", { bound: listingServer("header-bindings") });
    const { code, report } = await inspectJson(file);
    expect(code).toBe(0);
    expect(report.servers[0]?.status).toBe("ready");
    expect(report.tools.map((tool) => tool.name)).toEqual(["valid_tool"]);
    const messages = (report.servers[0]?.warnings ?? []).map((warning) => [warning.tool, warning.message]);
    expect(messages).toEqual([
      [
        "empty_header",
        'tool "empty_header" is not offered: property "value": x-mcp-header must be a non-empty string',
      ],
      [
        "object_header",
        'tool "object_header" is not offered: property "data": x-mcp-header is allowed only on a string, integer or boolean property (type object)',
      ],
      [
        "space_in_name",
        'tool "space_in_name" is not offered: property "value": x-mcp-header "My Region" is not a valid header name (letters, digits and !#$%&\'*+-.^_`|~ only)',
      ],
      [
        "duplicate_header",
        'tool "duplicate_header" is not offered: property "two": x-mcp-header "myfield" repeats "MyField" (header names ignore case)',
      ],
    ]);

    const host = await connectHost(
      configOf(fixtureServer("listing-server", { name: "bound", env: { LISTING: "header-bindings" } })),
    );
    try {
      expect(host.pool.get("bound")?.listing?.tools.map((tool) => tool.name)).toEqual(["valid_tool"]);
      const result = await host.callTool("bound", "valid_tool", { region: "us-west1" });
      expect(result.content).toEqual([{ type: "text", text: "called valid_tool" }]);
    } finally {
      await host.close();
    }
  });
});

describe("a 2026-07-28 server that leaves resultType out", () => {
  it("is listed and called, each result read as complete", async () => {
    const host = await connectHost(
      configOf(fixtureServer("listing-server", { name: "modern", env: { LISTING: "modern" } })),
      { versionNegotiation: { mode: "auto" } },
    );
    try {
      expect(host.servers[0]?.reason).toBeUndefined();
      expect(host.servers[0]?.state).toBe("ready");
      expect(host.pool.get("modern")?.info?.protocolVersion).toBe("2026-07-28");
      expect(host.pool.get("modern")?.listing?.tools.map((tool) => tool.name)).toEqual(["works"]);
      const result = await host.callTool("modern", "works", {});
      expect(result.content).toEqual([{ type: "text", text: "called works" }]);
    } finally {
      await host.close();
    }
  });
});

describe("a server that exits right after initialize", () => {
  it("fails at once, with its exit code and stderr, in every one of 50 starts", async () => {
    const outcomes: string[] = [];
    for (let batch = 0; batch < 10; batch += 1) {
      const runs = Array.from({ length: 5 }, async () => {
        const started = performance.now();
        const host = await connectHost(
          configOf(fixtureServer("exit-after-initialize", { name: "quits", connectTimeoutMs: 30_000 })),
          { restart: { maxAttempts: 0 } },
        );
        const [status] = host.servers;
        await host.close();
        const seconds = (performance.now() - started) / 1000;
        return `${status?.state} | ${status?.reason} | ${status?.stderrTail} | ${seconds < 15 ? "quick" : `${seconds} s`}`;
      });
      outcomes.push(...(await Promise.all(runs)));
    }
    const expected = [
      'failed | Server "quits" exited with code 3 before it was ready',
      "exit-after-initialize: fatal: the API key was rejected\nexit-after-initialize: giving up",
      "quick",
    ].join(" | ");
    expect(new Set(outcomes)).toEqual(new Set([expected]));
  }, 240_000);

  it("shows the first line of a long stderr in inspect's text output", async () => {
    const file = await writeConfig("quits.json", {
      quits: { ...fixtureCommand("exit-after-initialize"), env: { STDERR_LINES: "20" } },
    });
    const result = await runCli(["inspect", "--config", file]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('quits: Server "quits" exited with code 3 before it was ready');
    expect(result.stdout).toContain("stderr: exit-after-initialize: fatal: the API key was rejected");
    expect(result.stdout).toContain("exit-after-initialize: giving up");
    expect(result.stdout).toMatch(/… \d+ lines …/);
  });
});
