import { createOpenAI } from "@ai-sdk/openai";
import { generateText, jsonSchema, stepCountIs } from "ai";
import { aiSdkTools } from "switchboard/interop/ai-sdk";
import { afterEach, describe, expect, it } from "vitest";
import { type Conversation, expectSwitchboardAnswers, startConversation } from "./conversation.js";

describe("the AI SDK (generateText) with switchboard's tools", () => {
  let conversation: Conversation | undefined;
  afterEach(async () => {
    await conversation?.close();
  });

  it("answers parallel calls, an isError result and a stale tool the switchboard way", async () => {
    conversation = await startConversation();
    const { host, emulator } = conversation;
    const openai = createOpenAI({ apiKey: "test", baseURL: emulator.baseUrls.openai });
    const tools = aiSdkTools({ host, jsonSchema });
    const result = await generateText({
      model: openai.chat("gpt-5.5"),
      tools,
      stopWhen: stepCountIs(6),
      prompt: "Use the tools.",
    });
    expect(result.text).toBe("done");
    expect(result.steps).toHaveLength(4);
    // The framework keeps switchboard's whole answer as the tool output.
    const outcomes = result.steps.flatMap((step) =>
      step.toolResults.map((entry) => (entry.output as { outcome: string }).outcome),
    );
    expect(outcomes.sort()).toEqual(["ok", "ok", "stale-tool", "tool-error"]);
    expectSwitchboardAnswers(conversation);
  });
});
