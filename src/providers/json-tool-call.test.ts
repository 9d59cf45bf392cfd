import { describe, expect, it } from "vitest";
import { fakeHost, text } from "../dispatch/__fixtures__/fake-host.js";
import { answerResponse } from "../dispatch/answer-response.js";
import { MAX_ARGUMENT_CHARS } from "./json-tool-call.js";

describe("function-call arguments a model wrote as JSON text", () => {
  it("over the size limit are answered with an error naming it, and reach no server", async () => {
    let calls = 0;
    const host = fakeHost({
      srv: [
        {
          name: "echo",
          handler: (args) => {
            calls += 1;
            return text(String(args.say).length.toString());
          },
        },
      ],
    });
    const huge = JSON.stringify({ say: "x".repeat(MAX_ARGUMENT_CHARS) });
    const fits = JSON.stringify({ say: "y".repeat(1_000_000) });
    const answer = await answerResponse(
      "openai-chat",
      {
        choices: [
          {
            message: {
              role: "assistant",
              tool_calls: [
                { id: "c1", type: "function", function: { name: "srv__echo", arguments: huge } },
                { id: "c2", type: "function", function: { name: "srv__echo", arguments: fits } },
              ],
            },
          },
        ],
      },
      { toolset: host.toolset("openai-chat"), host },
    );
    expect(answer.results.map((result) => result.outcome)).toEqual(["malformed-call", "ok"]);
    const refused = answer.results[0]?.content[0];
    expect(refused?.type === "text" ? refused.text : "").toContain(
      `arguments are ${huge.length} characters of JSON, over the ${MAX_ARGUMENT_CHARS}-character limit`,
    );
    expect(calls).toBe(1);
  });
});
