/**
 * Import cost (issue 10, issue 22 item 4): importing the `switchboard` barrel, making adapters and connecting
 * servers must not load a provider SDK, the MCP server SDK (the gateway's), the ledger's SQLite or the tokenizer;
 * importing and making adapters must not load the MCP client SDK, zod or ajv either (loading a config brings zod,
 * connecting the client SDK). Each loads when the function that needs it first runs. Of switchboard's own modules,
 * the adapters' response mapping and stream readers load at the first request, not at import. A child process
 * (import-cost/probe.mjs) imports the compiled dist/ and reports the npm packages and own modules loaded after
 * each step; the later steps prove the probe does see an SDK, better-sqlite3 and the mapping once they load.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { compileFixture, fixtureCommand } from "../fixtures/fixture-command.js";
import { runJsonProbe } from "./run-json-probe.js";

const probe = fileURLToPath(new URL("./import-cost/probe.mjs", import.meta.url));
const barrel = fileURLToPath(new URL("../../dist/index.js", import.meta.url));
/** What `import "switchboard"` loads: package.json's `exports["."]`, the bundle of dist/ (scripts/bundle.mjs). */
const published = createRequire(import.meta.url).resolve("switchboard");

/** Heavy packages nothing may load before it is used (the MCP server SDK: the gateway's, at `Gateway.start`). */
const HEAVY = [
  "@modelcontextprotocol/server",
  "@anthropic-ai/sdk",
  "openai",
  "@google/genai",
  "google-auth-library",
  "better-sqlite3",
  "gpt-tokenizer",
];

/** What only connecting needs (the MCP client SDK and what it validates with), so nothing loads at import. */
const CONNECT_ONLY = ["@modelcontextprotocol/client", "zod", "ajv", "re2js"];
/** What reading a config or matching a glob needs: loaded at the first use, not at import. */
const FIRST_USE = ["jsonc-parser", "picomatch"];

/**
 * switchboard's own modules an adapter needs only once it calls the model (response mapping, stop-reason and
 * usage readers, stream readers, the Anthropic cache breakpoints) and the message validators only a check uses:
 * `import "switchboard"` does not evaluate them (issue 22 item 4).
 */
const AT_FIRST_REQUEST = {
  anthropic: [
    "providers/anthropic/cache-system-prompt.js",
    "providers/anthropic/convert-anthropic-usage.js",
    "providers/anthropic/map-anthropic-stop-reason.js",
    "providers/anthropic/message-response.js",
  ],
  anthropicStream: ["providers/anthropic/stream-response.js", "providers/shared/read-assembled-stream.js"],
  gemini: [
    "providers/gemini/content-response.js",
    "providers/gemini/convert-gemini-usage.js",
    "providers/gemini/map-gemini-stop-reason.js",
    "providers/gemini/stream-response.js",
  ],
  openaiChat: [
    "providers/openai-chat/chat-model-response.js",
    "providers/openai-chat/convert-openai-chat-usage.js",
    "providers/openai-chat/map-openai-chat-stop-reason.js",
    "providers/openai-chat/stream-response.js",
    "providers/openai-compatible/convert-openai-compatible-usage.js",
    "providers/openai-compatible/map-openai-compatible-stop-reason.js",
  ],
  openaiResponses: [
    "providers/openai-responses/convert-openai-responses-usage.js",
    "providers/openai-responses/map-openai-responses-stop-reason.js",
    "providers/openai-responses/stream-response.js",
    "providers/openai-shared/read-stream.js",
  ],
  validators: [
    "providers/anthropic/validate-messages.js",
    "providers/gemini/validate-messages.js",
    "providers/openai-chat/validate-messages.js",
    "providers/openai-responses/validate-messages.js",
  ],
};
/** `openSession`'s implementation and the client-feature handlers' work, loaded at the first session or request. */
const AT_FIRST_USE = [
  "session/open-session.js",
  "session/session.js",
  "session/session-usage.js",
  "client-features/elicitation-schema.js",
  "client-features/terminal-form.js",
  "client-features/url-elicitation.js",
  "client-features/model-preferences.js",
  "client-features/sampling-request.js",
];
const LAZY_OWN = [...Object.values(AT_FIRST_REQUEST).flat(), ...AT_FIRST_USE];

interface ProbeReport {
  steps: Record<
    "imported" | "adapters" | "configLoaded" | "listed" | "connected" | "estimated" | "called" | "ledger",
    string[]
  > &
    Partial<Record<"toolCalled" | "toolRefused", string[]>>;
  /** switchboard's own modules (paths under dist/) after importing, making adapters, connecting, calling. */
  own: Record<"imported" | "adapters" | "connected" | "called", string[]>;
  /** Packages in the require cache (CommonJS builds) after loading the config, and after connecting. */
  /** Node's built-in modules loaded after importing the barrel. */
  builtinsImported: string[];
  requiredAfterConfig: string[];
  requiredAfterConnect: string[];
  refusal?: { name: string; code: string; cause?: string; causeCode?: unknown };
  /** The text of the call that answers (calls JSON). */
  answered?: string;
  toolCount: number;
  translated: Record<string, number>;
  text: string;
}

/**
 * `connect`: `{ features: "listing" }` connects with the client features `inspect`, `tools` and `pin` declare;
 * `"run"` adds the log level `run` and `chat` ask for.
 */
function runProbe(
  config: unknown,
  entry = barrel,
  calls?: unknown,
  connect?: { features: "listing" | "run" },
): Promise<ProbeReport> {
  return runJsonProbe<ProbeReport>([
    probe,
    entry,
    JSON.stringify(config),
    JSON.stringify(calls ?? null),
    ...(connect === undefined ? [] : [JSON.stringify(connect)]),
  ]);
}

const heavyIn = (loaded: readonly string[]) => HEAVY.filter((name) => loaded.includes(name));
const connectOnlyIn = (loaded: readonly string[]) => CONNECT_ONLY.filter((name) => loaded.includes(name));

describe("import cost of the switchboard barrel", () => {
  let report: ProbeReport;

  beforeAll(async () => {
    // The file a user writes: loadConfig reads it (through zod) before connectHost connects it.
    report = await runProbe({ mcpServers: { "paging-server": fixtureCommand("paging-server") } });
  });

  it("imports without loading any provider SDK, the MCP server SDK, better-sqlite3 or the tokenizer", () => {
    expect(heavyIn(report.steps.imported)).toEqual([]);
  });

  it("imports without loading the MCP client SDK, zod or ajv", () => {
    expect(connectOnlyIn(report.steps.imported)).toEqual([]);
  });

  it("imports without loading jsonc-parser or picomatch", () => {
    expect(FIRST_USE.filter((name) => report.steps.imported.includes(name))).toEqual([]);
  });

  it("imports without evaluating the adapters' response mapping, stream readers, validators or openSession", () => {
    expect(report.own.imported.length).toBeGreaterThan(100); // the probe does see our own modules
    expect(LAZY_OWN.filter((path) => report.own.imported.includes(path))).toEqual([]);
  });

  it("imports without loading node:http (on Node 22 an ES import of it also loads undici)", () => {
    expect(report.builtinsImported).toContain("child_process"); // the probe does see Node's own modules
    expect(report.builtinsImported.filter((name) => name === "http" || name.startsWith("_http_"))).toEqual(
      [],
    );
  });

  it("makes all five adapters, connects and translates tools without them", () => {
    expect(LAZY_OWN.filter((path) => report.own.adapters.includes(path))).toEqual([]);
    expect(LAZY_OWN.filter((path) => report.own.connected.includes(path))).toEqual([]);
  });

  it("loads the Anthropic response mapping, and no other adapter's, at the first Anthropic call", () => {
    expect(AT_FIRST_REQUEST.anthropic.filter((path) => !report.own.called.includes(path))).toEqual([]);
    const others = LAZY_OWN.filter((path) => !AT_FIRST_REQUEST.anthropic.includes(path));
    // A request that does not stream loads no stream reader either.
    expect(others.filter((path) => report.own.called.includes(path))).toEqual([]);
  });

  it("makes all five adapters without their SDKs, the MCP client SDK, zod or ajv", () => {
    expect(heavyIn(report.steps.adapters)).toEqual([]);
    expect(connectOnlyIn(report.steps.adapters)).toEqual([]);
  });

  it("loads a config file with zod's ES module and without the MCP client SDK", () => {
    expect(connectOnlyIn(report.steps.configLoaded)).toEqual(["zod"]);
    expect(report.requiredAfterConfig).not.toContain("zod");
  });

  it("connects and lists tools, resources, templates and prompts without the client SDK", () => {
    // paging-server pages every listing; the SDK-free client reads them all.
    expect(connectOnlyIn(report.steps.listed ?? [])).toEqual(["zod"]);
    expect(report.requiredAfterConnect).not.toContain("zod");
  });

  it("connects a server and translates its tools for every target without them", () => {
    expect(report.toolCount).toBe(8);
    expect(Object.values(report.translated).every((count) => count > 0)).toBe(true);
    expect(heavyIn(report.steps.connected)).toEqual([]);
    expect(heavyIn(report.steps.estimated)).toEqual(["gpt-tokenizer"]);
  });

  it("loads the Anthropic SDK, and only it, at the first Anthropic call", () => {
    expect(report.text).toBe("hello from the fake API");
    // Steps add up: the tokenizer came with the estimate before the call.
    expect(heavyIn(report.steps.called)).toEqual(["@anthropic-ai/sdk", "gpt-tokenizer"]);
  });

  it("loads better-sqlite3 when a ledger is opened", () => {
    expect(heavyIn(report.steps.ledger)).toEqual(["@anthropic-ai/sdk", "better-sqlite3", "gpt-tokenizer"]);
  });
});

describe("import cost of the published entry (the bundle package.json exports)", () => {
  let report: ProbeReport;

  beforeAll(async () => {
    report = await runProbe({ mcpServers: { "paging-server": fixtureCommand("paging-server") } }, published);
  });

  it("is the bundle, not tsc's module tree", () => {
    expect(published.endsWith("/dist/bundle/index.js")).toBe(true);
  });

  it("is ASCII in every file, so V8 holds each module's source one byte a character", () => {
    // One "→" left in a comment makes the whole file's source a two-byte string for the life of the process.
    const bundle = dirname(published);
    const files = readdirSync(bundle, { recursive: true, encoding: "utf8" }).filter((file) =>
      file.endsWith(".js"),
    );
    expect(files.length).toBeGreaterThan(10);
    const wide = files.filter((file) => /[^\t\n\r -~]/.test(readFileSync(join(bundle, file), "utf8")));
    expect(wide).toEqual([]);
  });

  it("carries one ajv (ours, loaded at the first validation) and only zod's English locale", () => {
    // esbuild heads each bundled module with its path: the SDK's shim would bring its own bundled ajv (308 KB,
    // run at the first connect) and zod's locales namespace 45 translations nothing reads (scripts/bundle.mjs).
    const bundle = dirname(published);
    const modules = readdirSync(bundle, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".js"))
      .flatMap((file) => readFileSync(join(bundle, file), "utf8").match(/^\/\/ node_modules\/\S+$/gm) ?? []);
    expect(modules).toContain("// node_modules/zod/v4/locales/en.js"); // the scan does see zod's modules
    expect(modules.filter((path) => /ajvProvider| node_modules\/ajv\//.test(path))).toEqual([]);
    expect(modules.filter((path) => path.includes("/zod/v4/locales/") && !path.endsWith("/en.js"))).toEqual(
      [],
    );
  });

  it("keeps every package lazy the module tree keeps lazy", () => {
    expect(heavyIn(report.steps.imported)).toEqual([]);
    expect(connectOnlyIn(report.steps.imported)).toEqual([]);
    expect(FIRST_USE.filter((name) => report.steps.imported.includes(name))).toEqual([]);
    expect(heavyIn(report.steps.adapters)).toEqual([]);
    expect(connectOnlyIn(report.steps.configLoaded)).toEqual(["zod"]);
    expect(heavyIn(report.steps.connected)).toEqual([]);
    expect(heavyIn(report.steps.estimated)).toEqual(["gpt-tokenizer"]);
    // Steps add up: the tokenizer came with the estimate before the call.
    expect(heavyIn(report.steps.called)).toEqual(["@anthropic-ai/sdk", "gpt-tokenizer"]);
    expect(heavyIn(report.steps.ledger)).toEqual(["@anthropic-ai/sdk", "better-sqlite3", "gpt-tokenizer"]);
  });

  it("keeps node:http unloaded at import", () => {
    expect(report.builtinsImported).toContain("child_process");
    expect(report.builtinsImported.filter((name) => name === "http" || name.startsWith("_http_"))).toEqual(
      [],
    );
  });

  it("connects, translates for every target and answers a call like the module tree", () => {
    expect(report.toolCount).toBe(8);
    expect(Object.values(report.translated).every((count) => count > 0)).toBe(true);
    expect(report.text).toBe("hello from the fake API");
  });

  it("loads the adapters' response mapping as chunks of its own at the first request, not at import", () => {
    // The bundle's chunks are under dist/bundle/chunks/; the mapping's module names survive as chunk names.
    const mapping = (paths: readonly string[]) => paths.filter((path) => /message-response-/.test(path));
    expect(mapping(report.own.imported)).toEqual([]);
    expect(mapping(report.own.called)).toHaveLength(1);
  });
});

describe("a stdio server with tools only, through the published entry", () => {
  let report: ProbeReport;

  beforeAll(async () => {
    // raw-calls-server declares tools and nothing else: the SDK-free client serves the whole session.
    report = await runProbe(
      { mcpServers: { raw: { command: process.execPath, args: [compileFixture("raw-calls-server")] } } },
      published,
      { server: "raw", ok: ["echo", { text: "hi" }], fails: "fail" },
    );
  });

  it("connects, lists and answers a tool call without loading the MCP client SDK", () => {
    expect(report.toolCount).toBeGreaterThan(5);
    // zod is the config file's (loadConfig); nothing of the SDK comes with the connect or the call.
    expect(connectOnlyIn(report.steps.listed ?? [])).toEqual(["zod"]);
    expect(connectOnlyIn(report.steps.toolCalled ?? [])).toEqual(["zod"]);
  });

  it("loads the client SDK sharing the config's zod: no CommonJS copy of zod or the SDK", () => {
    expect(connectOnlyIn(report.steps.connected)).toContain("@modelcontextprotocol/client");
    expect(report.requiredAfterConnect).not.toContain("zod");
    expect(report.requiredAfterConnect).not.toContain("@modelcontextprotocol/client");
  });

  it("loads the SDK for the server's refusal, which is the SDK's own error as the cause", () => {
    expect(connectOnlyIn(report.steps.toolRefused ?? [])).toContain("@modelcontextprotocol/client");
    expect(report.refusal).toEqual({
      name: "ToolCallError",
      code: "TOOL_CALL_FAILED",
      cause: "ProtocolError",
      causeCode: -32602,
    });
  });
});

describe("servers connected with the client features the CLI declares, through the published entry", () => {
  let report: ProbeReport;

  beforeAll(async () => {
    // What `run` connects with: sampling, elicitation (URL mode too), roots and a log level. The paging server
    // lists every kind; the task server declares tasks; raw-calls declares logging and asks for the roots.
    report = await runProbe(
      {
        mcpServers: {
          "paging-server": fixtureCommand("paging-server"),
          tasks: fixtureCommand("task-server"),
          raw: {
            command: process.execPath,
            args: [compileFixture("raw-calls-server")],
            env: { RAW_CALLS_CAPABILITIES: '{"tools":{},"logging":{}}' },
          },
        },
      },
      published,
      { server: "raw", ok: ["ask", { method: "roots/list" }], fails: "fail" },
      { features: "run" },
    );
  });

  it("connects, sets the log level, lists and answers roots/list without loading the MCP client SDK", () => {
    expect(report.toolCount).toBeGreaterThan(10);
    expect(connectOnlyIn(report.steps.listed ?? [])).toEqual(["zod"]);
    expect(connectOnlyIn(report.steps.toolCalled ?? [])).toEqual(["zod"]);
    expect(report.answered).toContain("file://");
  });
});
