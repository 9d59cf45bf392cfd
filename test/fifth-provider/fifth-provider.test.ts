import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeHost, text } from "../../src/dispatch/__fixtures__/fake-host.js";
import { answerResponse } from "../../src/dispatch/answer-response.js";
import { registerProvider } from "../../src/providers/registry.js";
import type { TargetId } from "../../src/providers/targets.js";
import { checkTools } from "../../src/toolset/check-tools.js";
import { type EchoResponse, echoProvider, echoTarget } from "./echo-provider.js";

const ECHO = "echo" as TargetId;
const host = () =>
  fakeHost({
    srv: [
      { name: "say", handler: (args) => text(String(args.words)) },
      { name: "fail", handler: () => text("nope", true) },
    ],
  });

describe("a fifth provider: one folder plus one registry line", () => {
  let unregister: () => void;
  beforeAll(() => {
    unregister = registerProvider(echoProvider, [echoTarget]);
  });
  afterAll(() => unregister());

  it("builds its tools array through buildToolset", () => {
    const toolset = host().toolset(ECHO);
    expect(toolset.tools).toEqual([
      { tool: "srv__fail", about: "", input: expect.objectContaining({ type: "object" }) },
      { tool: "srv__say", about: "", input: expect.objectContaining({ type: "object" }) },
    ]);
    expect(toolset.json).toBe(JSON.stringify(toolset.tools));
  });

  it("reads its calls and converts the results through answerResponse", async () => {
    const h = host();
    const response: EchoResponse = {
      calls: [
        { ref: "r1", tool: "srv__say", args: { words: "hello" } },
        { ref: "r2", tool: "srv__fail", args: {} },
      ],
    };
    const answer = await answerResponse(echoProvider.id, response as never, {
      toolset: h.toolset(ECHO),
      host: h,
    });
    expect(answer.append).toEqual([
      { ref: "r1", text: "hello", failed: false },
      { ref: "r2", text: "nope", failed: true },
    ]);
    expect(answer.results.map((result) => result.tool)).toEqual(["say", "fail"]);
  });

  it("is checked by checkTools with its own validator", () => {
    const [report] = checkTools(
      [{ server: "srv", tool: { name: "say", inputSchema: { type: "object" } } }],
      [ECHO],
    );
    expect(report?.rows.map((row) => row.status)).toEqual(["accepted"]);
    expect(report?.arrayErrors).toEqual([]);
  });

  it("refuses a second module for a wire already registered", () => {
    expect(() => registerProvider(echoProvider, [])).toThrow(/already registered/);
  });
});
