import type { AIMessage, BaseMessage } from "@langchain/core/messages";
import { HumanMessage, ToolMessage } from "@langchain/core/messages";
import { DynamicStructuredTool, tool } from "@langchain/core/tools";
import { ChatOpenAI } from "@langchain/openai";
import { langchainTools } from "switchboard/interop/langchain";
import { afterEach, describe, expect, it } from "vitest";
import { type Conversation, expectSwitchboardAnswers, startConversation } from "./conversation.js";

describe("LangChain (ChatOpenAI.bindTools and tool.invoke) with switchboard's tools", () => {
  let conversation: Conversation | undefined;
  afterEach(async () => {
    await conversation?.close();
  });

  it("answers parallel calls, an isError result and a stale tool the switchboard way", async () => {
    conversation = await startConversation();
    const { host, emulator } = conversation;
    const tools = langchainTools({ host, tool });
    // `tool()` is typed as making either kind of tool; with a JSON Schema object it makes a structured one.
    const byName = new Map<string, DynamicStructuredTool>();
    for (const entry of tools) {
      expect(entry).toBeInstanceOf(DynamicStructuredTool);
      if (entry instanceof DynamicStructuredTool) byName.set(entry.name, entry);
    }
    const model = new ChatOpenAI({
      model: "gpt-5.5",
      apiKey: "test",
      configuration: { baseURL: emulator.baseUrls.openai },
    }).bindTools(tools);
    // LangChain's tool-calling loop: the model's tool_calls, each invoked as a ToolCall, until it answers.
    const messages: BaseMessage[] = [new HumanMessage("Use the tools.")];
    const outcomes: string[] = [];
    for (let turn = 0; turn < 6; turn += 1) {
      const reply = (await model.invoke(messages)) as AIMessage;
      messages.push(reply);
      const calls = reply.tool_calls ?? [];
      if (calls.length === 0) break;
      const answers = await Promise.all(
        calls.map((call) => byName.get(call.name)?.invoke({ ...call, type: "tool_call" })),
      );
      for (const answer of answers) {
        expect(answer).toBeInstanceOf(ToolMessage);
        const message = answer as ToolMessage;
        outcomes.push((message.artifact as { outcome: string }).outcome);
        messages.push(message);
      }
    }
    expect(messages.at(-1)?.content).toBe("done");
    expect(outcomes.sort()).toEqual(["ok", "ok", "stale-tool", "tool-error"]);
    expectSwitchboardAnswers(conversation);
  });
});
