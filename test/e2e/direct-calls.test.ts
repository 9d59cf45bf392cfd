/**
 * The direct `tools/call` path (src/connect/direct-tool-calls.ts) against the SDK's own `client.callTool`, on the
 * same real stdio sessions of a raw JSON-RPC server, and the SDK-free stdio client (src/connect/wire-client.ts)
 * on sessions of its own: every outcome (result, JSON-RPC error, malformed result, output-schema breach, timeout,
 * abort, progress, a closed connection) must be the same value or the same error (class, code, message, data),
 * and the ids of the direct path and the SDK's must never collide.
 */
import type { CallToolResult, Client, Progress } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it } from "vitest";
import { loadClientSdk } from "../../src/auth/client-sdk.js";
import type { StdioServerConfig } from "../../src/config/types.js";
import type { DirectCallOptions } from "../../src/connect/direct-tool-calls.js";
import { openSession, type Session, type SessionHooks } from "../../src/connect/open-session.js";
import { compileFixture } from "../fixtures/fixture-command.js";

const config: StdioServerConfig = {
  kind: "stdio",
  name: "raw",
  command: process.execPath,
  args: [compileFixture("raw-calls-server")],
  env: {},
  enabled: true,
  timeoutMs: 10_000,
  connectTimeoutMs: 15_000,
  tools: {},
  maxConcurrentCalls: 8,
};

const open: Session[] = [];
const reported: Error[] = [];

/** A session of the SDK's client (`sdk`, which has the direct path) or of the SDK-free one (`auto`). */
async function connect(client: "sdk" | "auto" = "sdk"): Promise<Session> {
  await loadClientSdk();
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

type Outcome =
  | { ok: CallToolResult }
  | { error: { class: string; name: string; code: unknown; message: string; data: unknown } };

async function outcome(answer: Promise<CallToolResult>): Promise<Outcome> {
  try {
    return { ok: await answer };
  } catch (error) {
    const failure = error as { code?: unknown; data?: unknown; name: string; message: string };
    return {
      error: {
        class: (error as object).constructor.name,
        name: failure.name,
        code: failure.code,
        message: failure.message,
        data: failure.data,
      },
    };
  }
}

/** `wire`: `callTool` of the SDK-free client, on a session opened by default. */
type Path = "direct" | "sdk" | "wire";

const connectFor = (path: Path) => connect(path === "wire" ? "auto" : "sdk");

function call(
  session: Session,
  path: Path,
  name: string,
  args: Record<string, unknown>,
  options: Partial<DirectCallOptions> = {},
): Promise<CallToolResult> {
  const tool = session.listing.tools.find((entry) => entry.name === name);
  const full: DirectCallOptions = {
    timeout: 5_000,
    ...options,
    ...(tool === undefined ? {} : { toolDefinition: tool }),
  };
  if (path !== "direct")
    return session.client.callTool({ name, arguments: args }, full) as Promise<CallToolResult>;
  const direct = session.direct;
  if (direct === undefined) throw new Error("the session has no direct path");
  return direct.call({ name, arguments: args }, full);
}

async function both(
  name: string,
  args: Record<string, unknown>,
  options: Partial<DirectCallOptions> = {},
): Promise<{ direct: Outcome; sdk: Outcome; wire: Outcome }> {
  const session = await connect();
  const direct = await outcome(call(session, "direct", name, args, options));
  const sdk = await outcome(call(session, "sdk", name, args, options));
  const wire = await outcome(call(await connect("auto"), "wire", name, args, options));
  return { direct, sdk, wire };
}

describe("the direct tools/call path", () => {
  it("is taken on a legacy-era stdio session of the SDK's client", async () => {
    const session = await connect();
    expect(session.info.protocolVersion).toBe("2025-11-25");
    expect(session.direct).toBeDefined();
  });

  it("is not needed on a session of the SDK-free client, which is the default", async () => {
    const session = await connect("auto");
    expect(session.info.protocolVersion).toBe("2025-11-25");
    expect(session.direct).toBeUndefined();
    expect(session.client.constructor.name).toBe("WireClient");
  });

  it.each<[string, string, Record<string, unknown>]>([
    ["a plain result", "echo", { text: "hello" }],
    ["a JSON-RPC error with data", "fail", {}],
    ["a result that is not a CallToolResult", "malformed", {}],
    ["structured content that matches the output schema", "typed", { n: 3 }],
    ["structured content that breaks the output schema", "typed", { n: "three" }],
    ["no structured content from a tool with an output schema", "untyped_answer", {}],
  ])("gives what the SDK gives for %s", async (_label, name, args) => {
    const { direct, sdk, wire } = await both(name, args);
    expect(direct).toEqual(sdk);
    expect(wire).toEqual(sdk);
    if (name === "echo") expect(direct).toEqual({ ok: { content: [{ type: "text", text: "hello" }] } });
    else if (!(name === "typed" && args.n === 3)) expect("error" in direct).toBe(true);
  });

  it("times out as the SDK does and tells the server which request it gave up", async () => {
    const { direct, sdk, wire } = await both("slow", { ms: 2_000 }, { timeout: 50 });
    expect(direct).toEqual(sdk);
    expect(wire).toEqual(sdk);
    expect(direct).toMatchObject({ error: { class: "SdkError", message: "Request timed out" } });
  });

  it("fails an aborted call as the SDK does, with the abort's reason", async () => {
    const run = async (path: Path) => {
      const session = await connectFor(path);
      const controller = new AbortController();
      const answer = outcome(call(session, path, "slow", { ms: 2_000 }, { signal: controller.signal }));
      setTimeout(() => controller.abort("the user stopped"), 20);
      return answer;
    };
    const direct = await run("direct");
    expect(direct).toEqual(await run("sdk"));
    expect(await run("wire")).toEqual(direct);
    expect(direct).toMatchObject({ error: { message: "the user stopped" } });
  });

  it("delivers the call's progress and restarts its timer on each notification", async () => {
    const run = async (path: Path) => {
      const session = await connectFor(path);
      const seen: Progress[] = [];
      // Four steps 60 ms apart outlast a 100 ms timer only because each notification restarts it.
      const answer = await outcome(
        call(
          session,
          path,
          "progress",
          { steps: 4, ms: 60 },
          { timeout: 100, resetTimeoutOnProgress: true, onprogress: (progress) => seen.push(progress) },
        ),
      );
      return { answer, seen, reported: reported.splice(0).map((error) => error.message) };
    };
    const direct = await run("direct");
    const sdk = await run("sdk");
    const wire = await run("wire");
    // The SDK-free client handles messages in the order they came, as the direct path does.
    expect(wire).toEqual(direct);
    expect(direct.answer).toEqual({ ok: { content: [{ type: "text", text: "done" }] } });
    expect(direct.answer).toEqual(sdk.answer);
    expect(direct.seen).toEqual(
      [1, 2, 3, 4].map((step) => ({ progress: step, total: 4, message: `step ${step}` })),
    );
    expect(direct.reported).toEqual([]);
    // One difference, in the direct path's favour: the server writes its last progress and its answer together,
    // and the SDK dispatches notifications a tick late, so it handles the answer first, drops that progress and
    // reports it as an unknown token. The direct path handles both in the order they came.
    expect(sdk.seen).toEqual(direct.seen.slice(0, sdk.seen.length));
    if (sdk.seen.length < direct.seen.length) {
      expect(sdk.reported).toEqual([expect.stringMatching(/progress notification for an unknown token/)]);
    }
  });

  it("fails calls in flight as the SDK does when the server exits", async () => {
    const run = async (path: Path) => {
      const session = await connectFor(path);
      return outcome(call(session, path, "exit", {}));
    };
    const direct = await run("direct");
    expect(direct).toEqual(await run("sdk"));
    expect(await run("wire")).toEqual(direct);
    expect(direct).toMatchObject({ error: { class: "SdkError", message: "Connection closed" } });
  });

  it("draws its ids from the SDK's counter, so requests of both paths never share one", async () => {
    const session = await connect();
    const answers = await Promise.all([
      call(session, "direct", "echo", { text: "a" }),
      (session.client as Client).ping(),
      call(session, "sdk", "echo", { text: "b" }),
      call(session, "direct", "slow", { ms: 1 }),
      (session.client as Client).listTools(),
      call(session, "direct", "echo", { text: "c" }),
    ]);
    expect(answers).toHaveLength(6);
    const seen = await call(session, "direct", "seen", {});
    const { ids, cancelled } = JSON.parse((seen.content[0] as { text: string }).text) as {
      ids: unknown[];
      cancelled: unknown[];
    };
    expect(ids.every((id) => typeof id === "number")).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(cancelled).toEqual([]);
    expect(reported).toEqual([]);
  });

  it("forgets an answered call: its timer never fires and nothing is left waiting", async () => {
    const session = await connect();
    for (let i = 0; i < 5; i += 1) await call(session, "direct", "echo", { text: `${i}` }, { timeout: 60 });
    await call(session, "direct", "fail", {}, { timeout: 60 }).catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 150));
    const seen = await call(session, "direct", "seen", {});
    const { cancelled } = JSON.parse((seen.content[0] as { text: string }).text) as { cancelled: unknown[] };
    expect(cancelled).toEqual([]);
    // Nothing waits: the connection's close fails no call.
    const closing = outcome(call(session, "direct", "slow", { ms: 5_000 }));
    await session.client.close();
    expect(await closing).toMatchObject({ error: { message: "Connection closed" } });
    expect(reported).toEqual([]);
  });

  it("leaves a late answer to a cancelled call to the SDK, which reports it, and keeps working", async () => {
    const session = await connect();
    await outcome(call(session, "direct", "slow", { ms: 150 }, { timeout: 20 }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reported.map((error) => error.message)).toEqual([
      expect.stringMatching(/^Received a response for an unknown message ID/),
    ]);
    const seen = await call(session, "direct", "seen", {});
    const { ids, cancelled } = JSON.parse((seen.content[0] as { text: string }).text) as {
      ids: number[];
      cancelled: number[];
    };
    // The cancelled request is the one before `seen`.
    expect(cancelled).toEqual([ids.at(-2)]);
  });
});
