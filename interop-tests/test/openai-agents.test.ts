import { Agent, OpenAIChatCompletionsModel, Runner } from "@openai/agents";
import OpenAI from "openai";
import { openaiAgentsTools } from "switchboard/interop/openai-agents";
import { afterEach, describe, expect, it } from "vitest";
import { type Conversation, expectSwitchboardAnswers, startConversation } from "./conversation.js";

describe("the OpenAI Agents SDK (Runner over Chat Completions) with switchboard's tools", () => {
  let conversation: Conversation | undefined;
  afterEach(async () => {
    await conversation?.close();
  });

  it("answers parallel calls, an isError result and a stale tool the switchboard way", async () => {
    conversation = await startConversation();
    const { host, emulator } = conversation;
    const client = new OpenAI({ apiKey: "test", baseURL: emulator.baseUrls.openai });
    const agent = new Agent({
      name: "switchboard",
      instructions: "Use the tools.",
      model: new OpenAIChatCompletionsModel(client, "gpt-5.5"),
      tools: openaiAgentsTools({ host }),
    });
    const runner = new Runner({ tracingDisabled: true });
    const result = await runner.run(agent, "Use the tools.", { maxTurns: 6 });
    expect(result.finalOutput).toBe("done");
    expectSwitchboardAnswers(conversation);
  });
});
