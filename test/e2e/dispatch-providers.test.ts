/**
 * Invariant 1 end to end, for each of the four provider APIs: a multi-turn conversation against real fixture
 * servers over stdio, through the official SDK and the strict emulator. Every turn's calls are answered with
 * `answerResponse` — parallel calls, a tool error, an image, a hallucinated name, a tool removed by
 * list_changed between turns, a hung call, a crashed server, an aborted turn, a denied call — and the emulator
 * must accept every follow-up request. The model's view of the results must say what happened. At the end, the
 * servers' own call logs prove no prefixed name ever reached them.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectHost, type Host } from "../../src/catalog/host.js";
import { answerResponse } from "../../src/dispatch/answer-response.js";
import type { DispatchContext } from "../../src/dispatch/types.js";
import { startEmulator } from "../../src/testing/emulator/server.js";
import type {
  ApiKind,
  Emulator,
  NeutralToolResult,
  RequestView,
  Turn,
} from "../../src/testing/emulator/types.js";
import { buildToolset, type Toolset } from "../../src/toolset/build-toolset.js";
import { dispatchFixture } from "../fixtures/dispatch-fixture-command.js";
import { DRIVERS, type Driver } from "./dispatch-drivers.js";
import { childPids, configOf } from "./helpers.js";

const HANG_LIMIT_MS = 400;

/** The model: the same plan on every API. Turn n's results are what turn n+1's request carries. */
const plan: Turn[] = [
  {
    toolCalls: [
      { name: "main__echo", arguments: { text: "hello" } },
      { name: "main__add", arguments: { a: 2, b: 3 } },
      { name: "main__fail", arguments: {} },
      { name: "main__picture", arguments: {} },
      { name: "main__embedded", arguments: {} },
      { name: "main__link", arguments: {} },
      { name: "main__strict_args", arguments: { count: "three" } },
      { name: "main__structured_only", arguments: {} },
      // Renamed to main__nothin by the test before dispatch: a hallucinated name.
      { name: "main__nothing", arguments: {} },
    ],
  },
  { toolCalls: [{ name: "main__remove_tool", arguments: { name: "doomed" } }] },
  {
    toolCalls: [
      { name: "main__doomed", arguments: {} },
      { name: "main__hang", arguments: {} },
      { name: "crashy__crash", arguments: {} },
      { name: "main__echo", arguments: { text: "still fine" } },
    ],
  },
  {
    toolCalls: [
      { name: "main__hang", arguments: {} },
      { name: "main__echo", arguments: { text: "quick" } },
      { name: "main__hang", arguments: {} },
    ],
  },
  {
    toolCalls: [
      { name: "main__delete_all", arguments: {} },
      { name: "main__add", arguments: { a: 1, b: 1 } },
    ],
  },
  { text: "done" },
];

/** What the model was shown, per API and turn. */
const seen = new Map<ApiKind, NeutralToolResult[][]>();
function model(view: RequestView): Turn {
  const turns = seen.get(view.api) ?? [];
  turns[view.turnIndex] = view.toolResults;
  seen.set(view.api, turns);
  const turn = plan[view.turnIndex];
  if (turn === undefined) throw new Error(`no turn ${view.turnIndex}`);
  return turn;
}

let emulator: Emulator;
const scratch = mkdtempSync(join(tmpdir(), "switchboard-dispatch-"));

beforeAll(async () => {
  emulator = await startEmulator({ script: model });
});
afterAll(async () => {
  await emulator?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe.each(DRIVERS)("%s: every call answered, every follow-up accepted", (_label, makeDriver) => {
  let host: Host;
  let driver: Driver;
  let toolset: Toolset;
  let log: string;
  const statuses: number[] = [];

  beforeAll(async () => {
    driver = makeDriver(emulator);
    log = join(scratch, `${driver.wire}.jsonl`);
    host = await connectHost(
      configOf(
        dispatchFixture("main", { env: { DISPATCH_CALL_LOG: log } }),
        dispatchFixture("crashy", { env: { DISPATCH_CALL_LOG: log } }),
      ),
      { catalog: { debounceMs: 20 } },
    );
    // Built once: the app keeps offering these tools while the catalogue moves on underneath.
    toolset = buildToolset(host.catalog.snapshot().tools, driver.target, {
      generation: host.catalog.generation,
    });
  });
  afterAll(async () => {
    await host?.close();
    expect(childPids()).toEqual([]);
  });

  /** One model turn: send, replay the assistant turn, answer every call, append the answers. */
  async function turn(context: Partial<DispatchContext> = {}, rename?: [string, string]) {
    const before = emulator.requests.length;
    const response = await driver.send(toolset.tools);
    statuses.push(...emulator.requests.slice(before).map((request) => request.status));
    if (rename !== undefined) driver.rename(response, ...rename);
    driver.pushAssistant(response);
    const answer = await answerResponse(driver.wire, response as never, { toolset, host, ...context });
    driver.append(answer.append);
    return { response, answer };
  }

  const shown = (turnIndex: number) => seen.get(driver.wire)?.[turnIndex] ?? [];
  const errorMarked = (result: NeutralToolResult | undefined) =>
    result?.isError === true || /^(Tool error|Error \()/.test(result?.text ?? "");

  it("runs the whole conversation; the emulator accepts every request", async () => {
    // Turn 0: nine parallel calls, one of them to a name that does not exist.
    const first = await turn({}, ["main__nothing", "main__nothin"]);
    expect(first.answer.calls).toHaveLength(9);
    expect(first.answer.results.map((result) => result.outcome)).toEqual([
      "ok",
      "ok",
      "tool-error",
      "ok",
      "ok",
      "ok",
      "invalid-arguments",
      "ok",
      "unknown-tool",
    ]);

    // Turn 1: the server drops `doomed` and announces list_changed.
    const second = await turn();
    expect(second.answer.results.map((result) => result.outcome)).toEqual(["ok"]);
    await host.catalog.settled();
    const listed = host.catalog.snapshot().tools.map((entry) => `${entry.server}/${entry.tool.name}`);
    expect(listed).not.toContain("main/doomed");
    expect(listed).toContain("crashy/doomed");

    // Turn 2: the stale tool, a hung call, a crash and a healthy call, all at once.
    const third = await turn({ timeoutMs: HANG_LIMIT_MS });
    expect(third.answer.results.map((result) => result.outcome)).toEqual([
      "stale-tool",
      "timeout",
      "server-crashed",
      "ok",
    ]);

    // Turn 3: the user stops the turn while two calls hang.
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("user pressed stop")), 300);
    const started = performance.now();
    const fourth = await turn({ signal: controller.signal });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(fourth.answer.results.map((result) => result.outcome)).toEqual(["aborted", "ok", "aborted"]);

    // Turn 4: approval asks about the destructive tool and the person says no; the read-only one runs.
    const asked: string[] = [];
    const fifth = await turn({
      approval: {
        ask: (request) => {
          asked.push(`${request.server}/${request.tool}`);
          return { deny: "the user keeps their files" };
        },
      },
    });
    expect(asked).toEqual(["main/delete_all"]);
    expect(fifth.answer.results.map((result) => result.outcome)).toEqual(["denied", "ok"]);

    const before = emulator.requests.length;
    const last = await driver.send(toolset.tools);
    statuses.push(...emulator.requests.slice(before).map((request) => request.status));
    expect(driver.text(last)).toBe("done");
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    expect(emulator.requests.filter((request) => request.status !== 200)).toEqual([]);
  });

  it("the model was told what happened to each call", () => {
    const [echo, add, fail, picture, embedded, link, strict, structured, hallucinated] = shown(1);
    expect(shown(1)).toHaveLength(9);
    expect(echo?.text).toBe("hello");
    expect(add?.text).toBe("5");
    expect(fail?.text).toContain("disk full: could not write /tmp/out");
    expect(errorMarked(fail)).toBe(true);
    expect(errorMarked(echo)).toBe(false);
    expect(picture?.text).toContain("a 1x1 pixel");
    const image = {
      anthropic: '"type":"image"',
      "openai-chat": "[image result (image/png, 70 bytes) omitted",
      "openai-responses": '"type":"input_image"',
      gemini: "[image (image/png) result, 70 bytes, omitted",
    }[driver.wire];
    expect(picture?.text).toContain(image);
    expect(embedded?.text).toContain("Resource notes://today (text/plain):\nbuy milk");
    expect(link?.text).toBe("Resource link: report.csv <file:///srv/report.csv> (text/csv, 2048 bytes)");
    expect(strict?.text).toContain('Server "main" rejected the arguments');
    expect(strict?.text).toContain('count must be a number, got "three"');
    expect(errorMarked(strict)).toBe(true);
    expect(structured?.text).toBe('{"answer":42,"unit":"widgets"}');
    expect(hallucinated?.text).toContain('There is no tool named "main__nothin"');
    expect(hallucinated?.text).toMatch(/Did you mean: main__nothing/);
    expect(errorMarked(hallucinated)).toBe(true);

    expect(shown(2).map((result) => result.text)).toEqual(["removed doomed"]);

    const [stale, hung, crashed, healthy] = shown(3);
    expect(stale?.text).toContain(
      'The tool "main__doomed" is no longer available: server "main" removed "doomed"',
    );
    expect(stale?.text).toMatch(/in catalogue generation \d+ at \d{4}-\d\d-\d\dT/);
    expect(hung?.text).toContain(`timed out after ${HANG_LIMIT_MS} ms and was cancelled`);
    expect(crashed?.text).toContain('Server "crashy" is unavailable');
    expect(healthy?.text).toBe("still fine");
    for (const result of [stale, hung, crashed]) expect(errorMarked(result)).toBe(true);

    const [hang1, quick, hang2] = shown(4);
    expect(hang1?.text).toContain('The call to "main__hang" was aborted before it finished');
    expect(hang2?.text).toContain("was aborted");
    expect(quick?.text).toBe("quick");

    const [deleted, added] = shown(5);
    expect(deleted?.text).toContain(
      'The call to "main__delete_all" was denied and not run: the user keeps their files',
    );
    expect(added?.text).toBe("2");
  });

  it("the hung and aborted calls were cancelled on the server", async () => {
    const stats = async () => {
      const result = await host.callTool("main", "stats", {});
      const [first] = result.content as { text: string }[];
      return JSON.parse(first?.text ?? "{}") as { cancelled: number };
    };
    const deadline = performance.now() + 3_000;
    let cancelled = 0;
    while (performance.now() < deadline) {
      cancelled = (await stats()).cancelled;
      if (cancelled >= 3) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(cancelled).toBe(3);
  });

  it("no name reached a server still wearing its prefix: every name received was one the server published", () => {
    const received = readFileSync(log, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { name: string; published: boolean });
    expect(received.length).toBeGreaterThanOrEqual(15);
    expect(received.filter((entry) => !entry.published)).toEqual([]);
    expect(received.some((entry) => entry.name.includes("__"))).toBe(false);
    // The hallucinated, stale and denied calls never reached a server at all.
    const names = received.map((entry) => entry.name);
    expect(names).not.toContain("nothin");
    expect(names).not.toContain("doomed");
    expect(names).not.toContain("delete_all");
  });
});
