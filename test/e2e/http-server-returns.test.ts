/**
 * A Streamable HTTP server that goes away (killed) and comes back on the same port with no memory of the session:
 * calls while it is away are answered with the reason, and once it is back the host starts a new session by itself
 * (the 404 for the old session id), so calls work again without anyone reconnecting by hand.
 */
import { afterEach, describe, expect, it } from "vitest";
import { connectHost, type Host } from "../../src/catalog/host.js";
import { type RunningFaultHttp, startFaultHttp } from "../faults/http-fault-server.js";
import { httpServer } from "../fixtures/fixture-command.js";
import { waitFor } from "./helpers.js";

let host: Host | undefined;
let server: RunningFaultHttp | undefined;

afterEach(async () => {
  await host?.close();
  await server?.stop();
  host = undefined;
  server = undefined;
});

const textOf = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;

// 404 is the spec's answer to a session id the server does not know; 400 "No valid session ID provided" is what
// servers built from the SDK's examples answer, and a host that took it for a plain bad request would never recover.
describe.each([
  ["404", {}],
  ["400 (SDK-example servers)", { UNKNOWN_SESSION_STATUS: "400" }],
])("an HTTP server that restarts and answers an unknown session with %s", (_label, env) => {
  it("answers calls while it is down, then works again on a new session once it is back", async () => {
    server = await startFaultHttp("none", env);
    const port = new URL(server.url).port;
    host = await connectHost(
      {
        file: "<returns>",
        servers: { back: httpServer("back", server.url, { transport: "streamable-http", timeoutMs: 5_000 }) },
        agents: {},
      },
      { restart: { initialDelayMs: 50, maxDelayMs: 500, maxAttempts: 20 } },
    );
    const live = host;
    expect(textOf(await live.callTool("back", "work", { id: "before" }))).toBe("faulty:before");

    await server.stop();
    // Down: the call is answered (rejected with the reason), not left hanging.
    await expect(live.callTool("back", "work", { id: "down" })).rejects.toThrow(/ECONNREFUSED|fetch failed/);

    server = await startFaultHttp("none", { ...env, PORT: port });
    // The first request on the old session id is refused for it: the host opens a new session at once and sends
    // the call again there (it never ran), so the caller sees a plain answer.
    expect(textOf(await live.callTool("back", "work", { id: "first" }))).toBe("faulty:first");
    const status = live.servers.find((row) => row.name === "back");
    expect(status).toMatchObject({ state: "ready", restarts: 1 });
    expect(textOf(await live.callTool("back", "work", { id: "after" }))).toBe("faulty:after");
    const stats = JSON.parse(textOf(await live.callTool("back", "stats", {}))) as { sessions: number };
    expect(stats.sessions).toBe(1);
  });
});

describe("a server that is down when the host starts", () => {
  it("is marked failed, then revived after reviveAfterMs once it is up: its tools enter the catalogue", async () => {
    // A port that was just free: the server is not there yet.
    const probe = await startFaultHttp("none");
    const port = new URL(probe.url).port;
    const url = probe.url;
    await probe.stop();

    host = await connectHost(
      {
        file: "<revive>",
        servers: { late: httpServer("late", url, { transport: "streamable-http", connectTimeoutMs: 2_000 }) },
        agents: {},
      },
      { restart: { initialDelayMs: 50, maxDelayMs: 200, maxAttempts: 2, reviveAfterMs: 300 } },
    );
    const live = host;
    expect(live.servers[0]).toMatchObject({ name: "late", state: "failed" });
    expect(live.catalog.snapshot().tools.filter((tool) => tool.server === "late")).toEqual([]);
    // Still down at the first revival: one attempt, failed again, another scheduled.
    const errors: string[] = [];
    live.pool.get("late")?.on("error", (error) => errors.push(error.message));
    await waitFor(() => errors.length >= 1, 5_000, "a revival attempt");
    expect(live.servers[0]?.state).toBe("failed");

    server = await startFaultHttp("none", { PORT: port });
    await waitFor(() => live.servers[0]?.state === "ready", 5_000, "the revived server");
    await waitFor(
      () => live.catalog.snapshot().tools.some((tool) => tool.server === "late" && tool.tool.name === "work"),
      5_000,
      "its tools in the catalogue",
    );
    expect(textOf(await live.callTool("late", "work", { id: "revived" }))).toBe("faulty:revived");
  });
});
