/**
 * The SDK-free stdio client (src/connect/wire-client.ts) against the SDK's client, on real stdio sessions of
 * fixture servers, beyond `tools/call` (which direct-calls.test.ts compares): what it answers the server's own
 * requests, every listing of a paging server, `resources/read` and `prompts/get`, and the hand-over to the SDK's
 * client of a server that declares tasks.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { ServerConfig } from "../../src/config/types.js";
import { openSession, type Session, type SessionHooks } from "../../src/connect/open-session.js";
import { ServerConnection } from "../../src/connect/server-connection.js";
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

async function connect(config: ServerConfig, client: "auto" | "sdk"): Promise<Session> {
  const hooks: SessionHooks = {
    onStderr: () => {},
    onListChanged: () => {},
    onClose: () => {},
    onError: (error) => reported.push(error),
    stderrTail: () => undefined,
    redact: (text) => text,
  };
  const session = await openSession(config, hooks, { stdioClient: client }, new AbortController().signal);
  open.push(session);
  return session;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((session) => session.client.close().catch(() => {})));
  reported.length = 0;
});

/** What the server's `ask` tool reports of the client's answer to a request of `method`. */
async function answerTo(session: Session, method: string): Promise<unknown> {
  const result = await session.client.callTool({ name: "ask", arguments: { method } }, { timeout: 5_000 });
  return JSON.parse((result.content[0] as { text: string }).text);
}

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

  it("reads resources and gets prompts as the SDK's client does, refusals included", async () => {
    // gateway-twin.ts serves resources, templates and prompts (it is not in the fixture name list, which is for others).
    const fixture = stdio("twin", fixtureCommand("gateway-twin" as FixtureName));
    const wire = await connect(fixture, "auto");
    const sdk = await connect(fixture, "sdk");
    expect(wire.client.constructor.name).toBe("WireClient");
    const outcome = (answer: Promise<unknown>) =>
      answer.then(
        (value) => ({ value }),
        (error: Error & { code?: unknown }) => ({
          name: error.name,
          code: error.code,
          message: error.message,
        }),
      );
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

  it("hands a server that declares tasks to the SDK's client, which lists it and runs its tools as tasks", async () => {
    const tasks = stdio("tasks", fixtureCommand("task-server"));
    const session = await connect(tasks, "auto");
    // The SDK's client, not ours: only it runs tasks.
    expect(session.client.constructor.name).toBe("Client");
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
