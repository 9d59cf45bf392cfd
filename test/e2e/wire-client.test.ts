/**
 * The SDK-free stdio client (src/connect/wire-client.ts) against the SDK's client, on real stdio sessions of
 * fixture servers, beyond `tools/call` (which direct-calls.test.ts compares): what it answers the server's own
 * requests (with and without client features: roots answered itself, sampling and elicitation through an SDK
 * client made for them), the log lines and resource updates it reports, every listing of a paging server,
 * `resources/read` and `prompts/get`, and a server that declares tasks.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { ServerConfig } from "../../src/config/types.js";
import { openSession, type Session, type SessionHooks } from "../../src/connect/open-session.js";
import { ServerConnection } from "../../src/connect/server-connection.js";
import type { ClientFeatures, LoggingMessageNotificationParams } from "../../src/connect/types.js";
import type { WireClient } from "../../src/connect/wire-client.js";
import { compileFixture, type FixtureName, fixtureCommand } from "../fixtures/fixture-command.js";

function stdio(name: string, command: { command: string; args: string[] }): ServerConfig {
  return {
    kind: "stdio",
    name,
    ...command,
    env: {},
    enabled: true,
    timeoutMs: 10_000,
    connectTimeoutMs: 15_000,
    tools: {},
    maxConcurrentCalls: 8,
  };
}

const raw = stdio("raw", { command: process.execPath, args: [compileFixture("raw-calls-server")] });
const open: Session[] = [];
const reported: Error[] = [];
/** What each session's hooks were told: log lines, resource updates, server requests started and ended. */
const told = new Map<
  Session,
  { logs: LoggingMessageNotificationParams[]; updated: string[]; asking: boolean[] }
>();

async function connect(
  config: ServerConfig,
  client: "auto" | "sdk",
  features?: ClientFeatures,
): Promise<Session> {
  const seen = {
    logs: [] as LoggingMessageNotificationParams[],
    updated: [] as string[],
    asking: [] as boolean[],
  };
  const hooks: SessionHooks = {
    onStderr: () => {},
    onListChanged: () => {},
    onClose: () => {},
    onError: (error) => reported.push(error),
    onLog: (_session, message) => seen.logs.push(message),
    onResourceUpdated: (_session, uri) => seen.updated.push(uri),
    onServerRequest: (_session, active) => seen.asking.push(active),
    stderrTail: () => undefined,
    redact: (text) => text,
  };
  const options = { stdioClient: client, ...(features === undefined ? {} : { features }) };
  const session = await openSession(config, hooks, options, new AbortController().signal);
  open.push(session);
  told.set(session, seen);
  return session;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((session) => session.client.close().catch(() => {})));
  reported.length = 0;
  told.clear();
});

/** What the server's `ask` tool reports of the client's answer to a request of `method` (with `params`). */
async function answerTo(session: Session, method: string, params?: unknown): Promise<unknown> {
  const args = params === undefined ? { method } : { method, params };
  const result = await session.client.callTool({ name: "ask", arguments: args }, { timeout: 5_000 });
  return JSON.parse((result.content[0] as { text: string }).text);
}

/** What a client's answer came to: its value, or its error's class, code and message. */
function outcome(answer: Promise<unknown>): Promise<unknown> {
  return answer.then(
    (value) => ({ value }),
    (error: Error & { code?: unknown }) => ({ name: error.name, code: error.code, message: error.message }),
  );
}

/** Features that answer what they are asked from the request itself, so two clients can be compared. */
const features: ClientFeatures = {
  sampling: async (params) =>
    params.messages.length > 1
      ? { rejected: "one message at a time" }
      : { result: { role: "assistant", content: { type: "text", text: "sampled" }, model: "m" } },
  elicitation: {
    url: true,
    handle: async (params) =>
      params.mode === "url" ? { action: "decline" } : { action: "accept", content: { given: "yes" } },
  },
  roots: () => [{ uri: "file:///tmp/switchboard-root", name: "root" }],
};

const userMessage = { role: "user", content: { type: "text", text: "hi" } };
/** Requests a server may send a client with those features: plain, unusual and malformed. */
const featureAsks: [string, unknown][] = [
  ["ping", {}],
  ["roots/list", {}],
  ["roots/list", null],
  ["roots/list", { _meta: { progressToken: 7 } }],
  ["roots/list", { cursor: "unexpected" }],
  ["sampling/createMessage", { messages: [userMessage], maxTokens: 10 }],
  ["sampling/createMessage", { messages: [userMessage, userMessage], maxTokens: 10 }],
  ["sampling/createMessage", { messages: "none" }],
  [
    "elicitation/create",
    {
      message: "Which?",
      requestedSchema: {
        type: "object",
        properties: { given: { type: "string" }, other: { type: "string", default: "d" } },
      },
    },
  ],
  ["elicitation/create", { mode: "url", message: "Go", url: "https://example.com/x", elicitationId: "e1" }],
  ["elicitation/create", { message: 3 }],
  ["x/custom", {}],
];

describe("the SDK-free stdio client", () => {
  it("answers the server's ping and refuses what it does not offer, as the SDK's client does", async () => {
    const wire = await connect(raw, "auto");
    const sdk = await connect(raw, "sdk");
    expect(wire.client.constructor.name).toBe("WireClient");
    for (const method of ["ping", "sampling/createMessage", "roots/list", "elicitation/create", "x/custom"]) {
      expect(await answerTo(wire, method)).toEqual(await answerTo(sdk, method));
    }
    expect(await answerTo(wire, "ping")).toEqual({ result: {} });
    expect(await answerTo(wire, "roots/list")).toEqual({
      error: { code: -32601, message: "Method not found" },
    });
    expect(reported).toEqual([]);
  });

  it("with client features, answers every request as the SDK's client does: roots itself, the rest through the SDK", async () => {
    const wire = await connect(raw, "auto", features);
    const sdk = await connect(raw, "sdk", features);
    expect(wire.client.constructor.name).toBe("WireClient");
    for (const [method, params] of featureAsks) {
      expect({ method, params, answer: await answerTo(wire, method, params) }).toEqual({
        method,
        params,
        answer: await answerTo(sdk, method, params),
      });
    }
    expect(await answerTo(wire, "roots/list")).toEqual({
      result: { roots: [{ uri: "file:///tmp/switchboard-root", name: "root" }] },
    });
    // Sampling and elicitation were asked and ended as often on both (roots and ping are not "asking").
    expect(told.get(wire)?.asking).toEqual(told.get(sdk)?.asking);
    expect(told.get(wire)?.asking.length).toBeGreaterThan(0);
    expect(reported.map(String)).toEqual([]);
  });

  it("with client features, still answers a request it cannot hand to the SDK (an internal error)", async () => {
    const wire = await connect(raw, "auto", features);
    // The SDK client for sampling is made at the first request; here it cannot be.
    (wire.client as WireClient).delegateServerMessages(() =>
      Promise.reject(new Error("the SDK did not load")),
    );
    const params = { messages: [userMessage], maxTokens: 10 };
    expect(await answerTo(wire, "sampling/createMessage", params)).toEqual({
      error: { code: -32603, message: "Internal error" },
    });
    // Roots are still answered here, and the failure was reported.
    expect(await answerTo(wire, "roots/list")).toHaveProperty("result.roots");
    expect(reported.map((error) => error.message)).toEqual([
      "Could not answer the server's request: Error: the SDK did not load",
    ]);
  });

  it("with client features, reports log lines and resource updates as the SDK's client does", async () => {
    const wire = await connect(raw, "auto", features);
    const sdk = await connect(raw, "sdk", features);
    const notes: [string, unknown][] = [
      ["notifications/message", { level: "info", data: { n: 1 } }],
      ["notifications/message", { data: "x", logger: "srv", level: "error", extra: 1 }],
      ["notifications/message", { level: "info", data: 2, _meta: { note: true } }],
      ["notifications/message", { level: "loud", data: 3 }],
      ["notifications/resources/updated", { uri: "file:///a" }],
      ["notifications/resources/updated", { uri: 4 }],
      ["notifications/other", { any: 1 }],
    ];
    for (const session of [wire, sdk]) {
      for (const [method, params] of notes) {
        await session.client.callTool({ name: "notify", arguments: { method, params } }, { timeout: 5_000 });
      }
      // Notifications are handled a microtask or an SDK load later; a ping after them is answered after them.
      await answerTo(session, "ping");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(told.get(wire)?.logs).toEqual(told.get(sdk)?.logs);
    expect(told.get(wire)?.logs).toHaveLength(3);
    expect(told.get(wire)?.updated).toEqual(told.get(sdk)?.updated);
    expect(told.get(wire)?.updated).toEqual(["file:///a"]);
    // The malformed ones are reported, the same way on both: once by each client.
    const messages = reported.map((error) => error.message);
    expect(messages).toHaveLength(4);
    expect(messages.slice(0, 2)).toEqual(messages.slice(2));
  });

  it("lists every page of tools, resources, templates and prompts as the SDK's client does", async () => {
    const paging = stdio("paging", fixtureCommand("paging-server"));
    const wire = await connect(paging, "auto");
    const sdk = await connect(paging, "sdk");
    expect(wire.client.constructor.name).toBe("WireClient");
    expect(wire.listing.tools).toHaveLength(8);
    expect(wire.listing.resources).toHaveLength(7);
    expect(wire.listing.resourceTemplates).toHaveLength(4);
    expect(wire.listing.prompts).toHaveLength(5);
    expect(wire.listing).toEqual(sdk.listing);
    expect(wire.info.capabilities).toEqual(sdk.info.capabilities);
    expect(wire.info.serverInfo).toEqual(sdk.info.serverInfo);
    expect(wire.warnings).toEqual(sdk.warnings);
  });

  it("answers ping, logging/setLevel and subscriptions as the SDK's client does, empty or not", async () => {
    const wire = await connect(raw, "auto");
    const sdk = await connect(raw, "sdk");
    const asks = [
      (s: Session) => s.client.ping(),
      (s: Session) => s.client.setLoggingLevel("info"),
      (s: Session) => s.client.subscribeResource({ uri: "file:///a" }),
      (s: Session) => s.client.unsubscribeResource({ uri: "file:///a" }),
    ];
    const answers = [];
    for (const ask of asks) {
      const mine = await outcome(ask(wire));
      expect(mine).toEqual(await outcome(ask(sdk)));
      answers.push(mine);
    }
    expect(answers).toEqual([
      { value: {} },
      { value: {} },
      { value: { _meta: { note: "subscribed" } } },
      expect.objectContaining({ name: "ProtocolError", code: -32601 }),
    ]);
  });

  it("lists a server that advertises resources and prompts but answers none of their listings as the SDK's client does", async () => {
    const refusing = {
      ...raw,
      env: { RAW_CALLS_CAPABILITIES: JSON.stringify({ tools: {}, resources: {}, prompts: {} }) },
    };
    const wire = await connect(refusing, "auto");
    const sdk = await connect(refusing, "sdk");
    expect(wire.client.constructor.name).toBe("WireClient");
    expect(wire.listing).toEqual(sdk.listing);
    // resources/list and prompts/list refused are warnings; templates a server never implemented are none.
    expect(wire.warnings).toEqual(sdk.warnings);
    expect([...wire.warnings.values()].flat().map((warning) => warning.request)).toEqual([
      "resources/list",
      "prompts/list",
    ]);
  });

  it("reads resources and gets prompts as the SDK's client does, refusals included", async () => {
    // gateway-twin.ts serves resources, templates and prompts (it is not in the fixture name list, which is for others).
    const fixture = stdio("twin", fixtureCommand("gateway-twin" as FixtureName));
    const wire = await connect(fixture, "auto");
    const sdk = await connect(fixture, "sdk");
    expect(wire.client.constructor.name).toBe("WireClient");
    const asks = [
      ...wire.listing.resources.map(
        (resource) => (s: Session) => s.client.readResource({ uri: resource.uri }),
      ),
      ...wire.listing.prompts.map((prompt) => (s: Session) => s.client.getPrompt({ name: prompt.name })),
      (s: Session) => s.client.readResource({ uri: "nothing://here" }),
      (s: Session) => s.client.getPrompt({ name: "no-such-prompt" }),
    ];
    expect(asks.length).toBeGreaterThan(3);
    const answered: unknown[] = [];
    for (const ask of asks) {
      const mine = await outcome(ask(wire));
      expect(mine).toEqual(await outcome(ask(sdk)));
      answered.push(mine);
    }
    // Both answers and refusals were compared.
    expect(answered.some((entry) => "value" in (entry as object))).toBe(true);
    expect(answered.some((entry) => "code" in (entry as object))).toBe(true);
  });

  it("serves a server that declares tasks itself, listing it and running its tools as tasks", async () => {
    const tasks = stdio("tasks", fixtureCommand("task-server"));
    const session = await connect(tasks, "auto");
    // Tasks are switchboard's own runtime (tool-task.ts) over either client.
    expect(session.client.constructor.name).toBe("WireClient");
    expect(session.info.protocolVersion).toBe("2025-11-25");
    expect(session.info.capabilities.tasks).toBeDefined();
    const connection = new ServerConnection(tasks, { restart: { maxAttempts: 0 } });
    try {
      await connection.start();
      expect(connection.listing?.tools.map((tool) => tool.name)).toEqual(
        session.listing.tools.map((tool) => tool.name),
      );
      const report = await connection.callTool("report", { text: "ok", polls: 1 });
      expect(report.content).toEqual([{ type: "text", text: "report: ok" }]);
      const stats = await connection.callTool("stats", {});
      expect(JSON.parse((stats.content[0] as { text: string }).text).created).toEqual([
        expect.objectContaining({ tool: "report" }),
      ]);
    } finally {
      await connection.close();
    }
  });
});
