import { describe, expect, it } from "vitest";
import { promptMessages } from "./prompt-messages.js";
import { renderMessages } from "./render.js";
import type { ContextMessage } from "./types.js";

const PNG = "iVBORw0KGgo=";
const PDF = Buffer.from("%PDF-1.4").toString("base64");

/** A prompt with every kind of content, an assistant turn included. */
const prompt = promptMessages({
  messages: [
    { role: "user", content: { type: "text", text: "Look:" } },
    { role: "user", content: { type: "image", data: PNG, mimeType: "image/png" } },
    {
      role: "user",
      content: { type: "resource", resource: { uri: "x://d.pdf", mimeType: "application/pdf", blob: PDF } },
    },
    { role: "assistant", content: { type: "text", text: "I see it." } },
    { role: "assistant", content: { type: "image", data: PNG, mimeType: "image/png" } },
    { role: "user", content: { type: "resource_link", uri: "x://l", name: "link", mimeType: "text/plain" } },
    { role: "user", content: { type: "audio", data: "UklGRg==", mimeType: "audio/wav" } },
  ],
});

const tools: ContextMessage[] = [
  { role: "user", parts: [{ type: "text", text: "add" }] },
  {
    role: "assistant",
    parts: [
      { type: "text", text: "calling" },
      { type: "tool-call", id: "c1", name: "add", arguments: { a: 1 } },
    ],
  },
  {
    role: "user",
    parts: [
      {
        type: "tool-result",
        callId: "c1",
        name: "add",
        isError: false,
        content: [{ type: "text", text: "2" }],
      },
      { type: "text", text: "and now?" },
    ],
  },
];

describe("promptMessages", () => {
  it("keeps roles, merges same-role runs, and turns each content type into parts", () => {
    expect(prompt.messages.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
    expect(prompt.messages[0]?.parts.map((part) => part.type)).toEqual(["text", "image", "text", "document"]);
    expect(prompt.messages[2]?.parts[0]).toEqual({
      type: "text",
      text: "Resource link: link <x://l> (text/plain)",
    });
  });
});

describe("renderMessages", () => {
  it("anthropic: image and document blocks for the user, described media for the assistant, results first", () => {
    const { messages, warnings } = renderMessages("anthropic", prompt.messages);
    expect(JSON.stringify(messages[0])).toContain('"type":"image"');
    expect(JSON.stringify(messages[0])).toContain('"type":"document"');
    expect(JSON.stringify(messages[1])).not.toContain('"type":"image"');
    expect(warnings.map((warning) => warning.code).sort()).toEqual([
      "context-audio-described",
      "context-image-described",
    ]);
    const rendered = renderMessages("anthropic", tools).messages as { content: { type: string }[] }[];
    expect(rendered[1]?.content.map((block) => block.type)).toEqual(["text", "tool_use"]);
    expect(rendered[2]?.content.map((block) => block.type)).toEqual(["tool_result", "text"]);
  });

  it("openai-chat: image_url, file and input_audio parts; tool messages before the user text", () => {
    const { messages, warnings } = renderMessages("openai-chat", prompt.messages);
    const user = JSON.stringify(messages[0]);
    expect(user).toContain('"type":"image_url"');
    expect(user).toContain('"file_data":"data:application/pdf;base64,');
    expect(JSON.stringify(messages[2])).toContain('"format":"wav"');
    expect(typeof (messages[1] as { content: unknown }).content).toBe("string");
    expect(warnings.map((warning) => warning.code)).toEqual(["context-image-described"]);
    const rendered = renderMessages("openai-chat", tools).messages as { role: string }[];
    expect(rendered.map((message) => message.role)).toEqual(["user", "assistant", "tool", "user"]);
  });

  it("openai-responses: input_image and input_file parts; function_call and function_call_output items", () => {
    const { messages } = renderMessages("openai-responses", prompt.messages);
    expect(JSON.stringify(messages[0])).toContain('"type":"input_image"');
    expect(JSON.stringify(messages[0])).toContain('"type":"input_file"');
    const rendered = renderMessages("openai-responses", tools).messages as { type?: string; role?: string }[];
    expect(rendered.map((item) => item.type ?? item.role)).toEqual([
      "user",
      "assistant",
      "function_call",
      "function_call_output",
      "user",
    ]);
  });

  it("gemini: inlineData for image, PDF and audio; a placeholder signature on a replayed call", () => {
    const { messages } = renderMessages("gemini", prompt.messages);
    const inline = JSON.stringify(messages);
    for (const mime of ["image/png", "application/pdf", "audio/wav"])
      expect(inline).toContain(`"mimeType":"${mime}"`);
    expect((messages[1] as { role: string }).role).toBe("model");
    const rendered = renderMessages("gemini", tools).messages as { parts: Record<string, unknown>[] }[];
    expect(rendered[1]?.parts[1]).toMatchObject({
      functionCall: { id: "c1", name: "add", args: { a: 1 } },
      thoughtSignature: "skip_thought_signature_validator",
    });
    expect(Object.keys(rendered[2]?.parts[0] ?? {})).toEqual(["functionResponse"]);
  });
});
