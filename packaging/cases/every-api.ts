/** Every API through the user's own client of whichever SDK versions this project installed. */
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import { anthropicAdapter, geminiAdapter, openaiChatAdapter, openaiResponsesAdapter } from "switchboard";
import { converse } from "./conversation.js";

await converse("anthropic", (urls) =>
  anthropicAdapter({
    model: "claude-sonnet-5",
    client: new Anthropic({ apiKey: "test", baseURL: urls.anthropic, maxRetries: 0 }),
  }),
);
await converse("openai chat", (urls) =>
  openaiChatAdapter({
    model: "gpt-4.1",
    client: new OpenAI({ apiKey: "test", baseURL: urls.openai, maxRetries: 0 }),
  }),
);
await converse("openai responses", (urls) =>
  openaiResponsesAdapter({
    model: "gpt-4.1",
    client: new OpenAI({ apiKey: "test", baseURL: urls.openai, maxRetries: 0 }),
  }),
);
await converse("gemini", (urls) =>
  geminiAdapter({
    model: "gemini-2.5-flash",
    client: new GoogleGenAI({ apiKey: "test", httpOptions: { baseUrl: urls.gemini } }),
  }),
);
