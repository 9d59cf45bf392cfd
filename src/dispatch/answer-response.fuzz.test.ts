/**
 * Fuzzing the dispatch half with generated provider responses: calls with unknown, empty, non-string and
 * duplicate ids, hallucinated, empty and stale names, arguments that are malformed JSON, JSON that is not an
 * object, or not there at all, junk blocks between them, and servers that answer, fail, throw the connection
 * layer's errors or return garbage. For every wire: `answerResponse` never rejects, gives one result per call
 * in call order, appends exactly one answer per call id (per call, for Gemini) in the provider's shape, runs
 * a server call only for a call that resolved, on the server and tool its name resolves to, and never runs a
 * call whose id repeats an earlier one. Fixed seed in CI; `npm run fuzz` raises the run count (FUZZ_SCALE) and
 * FUZZ_SEED picks another seed.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ToolCallError } from "../connect/call-errors.js";
import { ConnectionError } from "../errors.js";
import type { TargetId } from "../providers/targets.js";
import { fakeHost, text } from "./__fixtures__/fake-host.js";
import { answerResponse, type ResponseWire } from "./answer-response.js";
import type { McpCallResultLike } from "./types.js";

const seed = Number(process.env.FUZZ_SEED ?? 20_260_811);
const scale = Number(process.env.FUZZ_SCALE ?? 1);
const runs = (numRuns: number) => ({ seed, numRuns: Math.max(1, Math.round(numRuns * scale)) });

const wires: readonly [ResponseWire, TargetId][] = [
  ["anthropic", "anthropic"],
  ["openai-chat", "openai-chat"],
  ["openai-responses", "openai-responses"],
  ["gemini", "gemini"],
];

type Behaviour = "ok" | "tool-error" | "timeout" | "invalid" | "crash" | "throw" | "throw-string" | "garbage";

function behave(behaviour: Behaviour, server: string, tool: string): McpCallResultLike | Promise<never> {
  switch (behaviour) {
    case "ok":
      return text(`${server}/${tool} ran`);
    case "tool-error":
      return text("the tool failed", true);
    case "timeout":
      return Promise.reject(new ToolCallError(server, tool, "timeout", "timed out after 5 ms"));
    case "invalid":
      return Promise.reject(
        new ToolCallError(server, tool, "protocol", "bad params", {
          cause: { code: -32602, message: "bad" },
        }),
      );
    case "crash":
      return Promise.reject(
        new ConnectionError(server, "stdio", `Server "${server}" exited`, { code: "CONNECTION_CLOSED" }),
      );
    case "throw":
      return Promise.reject(new Error("something inside the host broke"));
    case "throw-string":
      return Promise.reject("a string, not an error");
    case "garbage":
      return [1, 2, 3] as unknown as McpCallResultLike;
  }
}

/** One generated tool call, before it is put in a provider's shape. */
interface CallSpec {
  id: unknown;
  name: unknown;
  /** An object, or anything else a model or proxy might send. */
  args: unknown;
}

const idPool = fc.constantFrom("call_1", "call_2", "toolu_x", "fc_1", "");
const callSpec = (names: readonly string[]): fc.Arbitrary<CallSpec> =>
  fc.record({
    id: fc.oneof({ weight: 4, arbitrary: idPool }, fc.constant(undefined), fc.integer(), fc.constant(null)),
    name: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...names) },
      fc.constantFrom("", "srv__nope", "SRV__ECHO", "echo", "srv__echo ", "gone__old"),
      fc.string({ maxLength: 30 }),
      fc.constant(42),
    ),
    args: fc.oneof(
      { weight: 4, arbitrary: fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 })) },
      fc.constantFrom('{"a":', "[1,2]", "null", "7", "", "not json", '{"a":1}{"b":2}'),
      fc.constantFrom(null, 7, [1], true),
      fc.constant(undefined),
    ),
  });

const junk = fc.constantFrom<unknown>(
  null,
  7,
  "text",
  {},
  { type: "text", text: "thinking out loud" },
  {
    type: "server_tool_use",
    id: "srvtoolu",
    name: "web_search",
    input: {},
  },
);

/** Arguments as each wire carries them: an object for Anthropic and Gemini, a JSON string for OpenAI. */
function asString(args: unknown): unknown {
  if (typeof args === "string" || args === undefined) return args;
  return JSON.stringify(args);
}

function nativeResponse(wire: ResponseWire, items: readonly (CallSpec | { junk: unknown })[]): unknown {
  const isCall = (item: CallSpec | { junk: unknown }): item is CallSpec => !("junk" in item);
  switch (wire) {
    case "anthropic":
      return {
        content: items.map((item) =>
          isCall(item) ? { type: "tool_use", id: item.id, name: item.name, input: item.args } : item.junk,
        ),
      };
    case "openai-chat":
      return {
        choices: [
          {
            message: {
              role: "assistant",
              tool_calls: items.map((item) =>
                isCall(item)
                  ? {
                      id: item.id,
                      type: "function",
                      function: { name: item.name, arguments: asString(item.args) },
                    }
                  : item.junk,
              ),
            },
          },
        ],
      };
    case "openai-responses":
      return {
        output: items.map((item) =>
          isCall(item)
            ? { type: "function_call", call_id: item.id, name: item.name, arguments: asString(item.args) }
            : item.junk,
        ),
      };
    case "gemini":
      return {
        candidates: [
          {
            content: {
              role: "model",
              parts: items.map((item) =>
                isCall(item)
                  ? {
                      functionCall: {
                        ...(item.id === undefined ? {} : { id: item.id }),
                        name: item.name,
                        args: item.args,
                      },
                    }
                  : item.junk,
              ),
            },
          },
        ],
      };
  }
}

/**
 * Whether the wire's reader must return a generated item as a call. Junk is not, except that Chat Completions
 * reads any object in `tool_calls` without another `type` as a (malformed) function call, which is answered.
 */
function countsAsCall(wire: ResponseWire, item: CallSpec | { junk: unknown }): boolean {
  if (!("junk" in item)) return true;
  const junkItem = item.junk;
  return (
    wire === "openai-chat" &&
    typeof junkItem === "object" &&
    junkItem !== null &&
    [undefined, "function"].includes((junkItem as { type?: unknown }).type as string | undefined)
  );
}

/** The ids the appended answers carry, in order (Gemini: one functionResponse per call). */
function answeredIds(wire: ResponseWire, append: readonly unknown[]): string[] {
  switch (wire) {
    case "anthropic":
      return append.flatMap((message) =>
        (message as { content: { tool_use_id: string }[] }).content.map((block) => block.tool_use_id),
      );
    case "openai-chat":
      return append.map((message) => (message as { tool_call_id: string }).tool_call_id);
    case "openai-responses":
      return append.map((item) => (item as { call_id: string }).call_id);
    case "gemini":
      return append.flatMap((content) =>
        (content as { parts: { functionResponse: { id?: string; name: string } }[] }).parts.map(
          (part) => part.functionResponse.id ?? part.functionResponse.name,
        ),
      );
  }
}

const EXECUTED = new Set([
  "ok",
  "tool-error",
  "timeout",
  "server-crashed",
  "server-error",
  "invalid-arguments",
]);

describe("answerResponse fuzz: generated responses never leave a call unanswered", () => {
  for (const [wire, target] of wires) {
    it(wire, async () => {
      const behaviours = fc.array(
        fc.constantFrom<Behaviour>(
          "ok",
          "tool-error",
          "timeout",
          "invalid",
          "crash",
          "throw",
          "throw-string",
          "garbage",
        ),
        { minLength: 1, maxLength: 8 },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.oneof(
              { weight: 4, arbitrary: callSpec(["srv__echo", "srv__add", "gone__old"]) },
              junk.map((value) => ({ junk: value })),
            ),
            {
              maxLength: 12,
            },
          ),
          behaviours,
          async (items, plan) => {
            let invocation = 0;
            const handler = (server: string, tool: string) => () =>
              behave(plan[invocation++ % plan.length]!, server, tool);
            const host = fakeHost({
              srv: [
                { name: "echo", handler: handler("srv", "echo") },
                { name: "add", handler: handler("srv", "add") },
              ],
              gone: [{ name: "old", handler: handler("gone", "old") }],
            });
            const toolset = host.toolset(target);
            // The server of `old` goes away after the request was built: calls to it are stale.
            host.catalog.update("gone", undefined);

            const answer = await answerResponse(wire, nativeResponse(wire, items) as never, {
              toolset,
              host,
            });

            const expectedCalls = items.filter((item) => countsAsCall(wire, item)).length;
            expect(answer.calls).toHaveLength(expectedCalls);
            expect(answer.results).toHaveLength(answer.calls.length);
            answer.results.forEach((result, index) => {
              const call = answer.calls[index]!;
              expect(result.callId).toBe(call.id);
              expect(result.isError).toBe(result.outcome !== "ok");
              if (result.outcome !== "ok") expect(result.content.length).toBeGreaterThan(0);
              // A repeated id is never run: the first call with that id owns it.
              if (call.duplicateId === true) expect(result.outcome).toBe("malformed-call");
            });

            // One answer per distinct id, in first-seen order (Gemini: one per call, in call order).
            const ids =
              wire === "gemini"
                ? answer.calls.map((call) => (call.syntheticId === true ? call.name : call.id))
                : [...new Set(answer.calls.map((call) => call.id))];
            expect(answeredIds(wire, answer.append)).toEqual(ids);

            // Only resolved calls reached a server, each on the (server, tool) its name resolves to.
            const executed = answer.results.filter((result) => EXECUTED.has(result.outcome));
            expect(host.calls).toHaveLength(executed.length);
            for (const result of executed) {
              const ref = toolset.names.resolve(result.name);
              expect({ server: result.server, tool: result.tool }).toEqual(ref);
            }
            expect(
              host.calls.every((entry) =>
                executed.some((result) => result.server === entry.server && result.tool === entry.tool),
              ),
            ).toBe(true);
          },
        ),
        runs(150),
      );
    });
  }
});
