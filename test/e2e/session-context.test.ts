/**
 * Resources and prompts into the conversation through `openSession`: a server's prompt (two user messages) and a
 * resource become one user message with the prompt's text (consecutive roles merged, as the providers require),
 * `run` continues the conversation by default, and `reset()` starts a new one. A real twin fixture over stdio,
 * the strict emulator as Anthropic.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anthropicAdapter } from "../../src/providers/anthropic/anthropic-adapter.js";
import { openSession } from "../../src/session/open-session.js";
import type { Session } from "../../src/session/session.js";
import { startEmulator } from "../../src/testing/emulator/index.js";
import type { Emulator } from "../../src/testing/emulator/types.js";
import { twinServer } from "./gateway-harness.js";
import { configOf } from "./helpers.js";

let emulator: Emulator;
let session: Session;

beforeAll(async () => {
  emulator = await startEmulator({ script: (view) => ({ text: `reply ${view.messages.length}` }) });
  session = await openSession({
    config: configOf(twinServer("docs", "docs")),
    adapter: anthropicAdapter({
      model: "claude-opus-4-8",
      clientOptions: { apiKey: "test", baseURL: emulator.baseUrls.anthropic },
    }),
    env: {},
    cwd: "/",
    ledger: false,
  });
}, 60_000);

afterAll(async () => {
  await session?.close();
  await emulator?.close();
});

type Block = { type: string; text?: string };
type Message = { role: string; content: string | Block[] };

const texts = (message: Message | undefined): string[] =>
  typeof message?.content === "string"
    ? [message.content]
    : (message?.content ?? []).map((block) => block.text ?? `<${block.type}>`);

describe("openSession: resources and prompts into messages", () => {
  it("reads a resource and gets a prompt as the MCP results", async () => {
    const resource = await session.readResource("docs", "twin://shared/doc");
    expect(resource.contents[0]).toMatchObject({
      uri: "twin://shared/doc",
      text: "docs reads twin://shared/doc",
    });
    const prompt = await session.getPrompt("docs", "greet", { name: "ada" });
    expect(prompt.messages.map((message) => message.role)).toEqual(["user", "user"]);
    await expect(session.readResource("nowhere", "twin://shared/doc")).rejects.toMatchObject({
      code: "SERVER_NOT_FOUND",
    });
  });

  it("turns a prompt, a resource and text into one provider-native user message", async () => {
    const rendered = await session.contextMessages([
      { type: "prompt", server: "docs", name: "greet", arguments: { name: "ada" } },
      { type: "resource", server: "docs", uri: "twin://shared/item/7" },
      "Summarise them.",
      { type: "text", role: "assistant", text: "Noted." },
    ]);
    const messages = rendered.messages as Message[];
    expect(messages.map((message) => message.role)).toEqual(["user", "assistant"]);
    const joined = texts(messages[0]).join("\n");
    expect(joined.indexOf("docs greets ada")).toBeGreaterThanOrEqual(0);
    expect(joined.indexOf("docs reads twin://shared/item/7")).toBeGreaterThan(
      joined.indexOf("docs greets ada"),
    );
    expect(texts(messages[0]).at(-1)).toBe("Summarise them.");
    expect(texts(messages[1])).toEqual(["Noted."]);
  });

  it("run({ context }) sends one merged user turn; run continues by default; reset() starts afresh", async () => {
    const before = emulator.requests.length;
    const first = await session.run({
      context: [{ type: "resource", server: "docs", uri: "twin://shared/doc" }],
      prompt: "What does the doc say?",
    });
    expect(first.text).toBe("reply 1");
    const sent = (emulator.requests[before]?.body as { messages: Message[] } | undefined)?.messages ?? [];
    expect(sent).toHaveLength(1);
    expect(texts(sent[0]).join("\n")).toContain("docs reads twin://shared/doc");
    expect(texts(sent[0]).at(-1)).toBe("What does the doc say?");

    const second = await session.run("And then?");
    expect(second.text).toBe("reply 3");
    expect(session.transcript).toHaveLength(4);
    session.reset();
    expect(session.transcript).toEqual([]);
    expect((await session.run("Fresh start.")).text).toBe("reply 1");
    expect(emulator.requests.slice(before).map((request) => request.status)).toEqual([200, 200, 200]);
  });
});
