/**
 * Resources, templates (with completion) and prompts of the real server-everything, over stdio and Streamable
 * HTTP, become provider messages that the strict emulator accepts through each provider's official SDK; and
 * the server's client-facing tools (sampling, elicitation, roots, logging, progress) work through the library.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectHost, type Host } from "../../src/catalog/host.js";
import { clientFeatures, followClientEvents } from "../../src/client-features/client-features.js";
import type { ServerLogEntry } from "../../src/client-features/logging.js";
import { RootsRegistry } from "../../src/client-features/roots.js";
import type { SamplingApprovalRequest } from "../../src/client-features/sampling-handler.js";
import type { CallProgress, ElicitRequestParams } from "../../src/connect/types.js";
import { getPromptMessages, userMessageWithResources } from "../../src/context/attach.js";
import { completeArgument } from "../../src/context/context-source.js";
import { promptMessages } from "../../src/context/prompt-messages.js";
import { renderMessages } from "../../src/context/render.js";
import type { ContextMessage } from "../../src/context/types.js";
import { expandUriTemplate } from "../../src/context/uri-template.js";
import { anthropicAdapter } from "../../src/providers/anthropic/anthropic-adapter.js";
import { geminiAdapter } from "../../src/providers/gemini/gemini-adapter.js";
import { openaiChatAdapter } from "../../src/providers/openai-chat/openai-chat-adapter.js";
import { openaiResponsesAdapter } from "../../src/providers/openai-responses/openai-responses-adapter.js";
import type { ModelAdapter } from "../../src/spec/model-adapter.js";
import { startEmulator } from "../../src/testing/emulator/index.js";
import type { Emulator } from "../../src/testing/emulator/types.js";
import { httpServer, npmStdioServer } from "../fixtures/fixture-command.js";
import { configOf, type RunningHttpServer, startEverythingHttp } from "./helpers.js";

let emulator: Emulator;
let adapters: ModelAdapter[];

beforeAll(async () => {
  // The model repeats the text of the last user turn, so a test can see what arrived.
  emulator = await startEmulator({
    script: (view) => {
      if (view.system === "You are a helpful test server.") return { text: `sampled reply (${view.api})` };
      return { text: `got: ${view.messages.at(-1)?.text ?? ""}`.slice(0, 2000) };
    },
  });
  const key = { apiKey: "test", maxRetries: 0 };
  adapters = [
    anthropicAdapter({
      model: "claude-sonnet-4-5",
      clientOptions: { ...key, baseURL: emulator.baseUrls.anthropic },
    }),
    openaiChatAdapter({ model: "gpt-5", clientOptions: { ...key, baseURL: emulator.baseUrls.openai } }),
    openaiResponsesAdapter({ model: "gpt-5", clientOptions: { ...key, baseURL: emulator.baseUrls.openai } }),
    geminiAdapter({
      model: "gemini-2.5-flash",
      clientOptions: { apiKey: "test", baseUrl: emulator.baseUrls.gemini },
    }),
  ];
});

afterAll(async () => {
  await emulator?.close();
});

/** Sends the messages through every adapter; the emulator rejects a malformed request with the provider's 400. */
async function acceptedByEveryProvider(messages: ContextMessage[], expected: string): Promise<void> {
  for (const adapter of adapters) {
    const rendered = renderMessages(adapter.wire, messages);
    const before = emulator.requests.length;
    const response = await adapter.generate({ messages: rendered.messages, tools: [] });
    expect(
      emulator.requests.slice(before).map((request) => request.status),
      adapter.provider,
    ).toEqual([200]);
    expect(response.text, adapter.provider).toContain(expected);
  }
}

it("a prompt with images, a PDF, audio and an assistant turn is accepted by every provider", async () => {
  const png =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
  const { messages, warnings } = promptMessages({
    messages: [
      { role: "user", content: { type: "text", text: "What is in the picture?" } },
      { role: "user", content: { type: "image", data: png, mimeType: "image/png" } },
      { role: "assistant", content: { type: "text", text: "A pixel." } },
      { role: "user", content: { type: "text", text: "And in the file?" } },
      {
        role: "user",
        content: {
          type: "resource",
          resource: {
            uri: "file:///r.pdf",
            mimeType: "application/pdf",
            blob: Buffer.from("%PDF-1.4\n").toString("base64"),
          },
        },
      },
      { role: "user", content: { type: "audio", data: "UklGRiQAAABXQVZF", mimeType: "audio/wav" } },
    ],
  });
  expect(warnings).toEqual([]);
  await acceptedByEveryProvider(messages, "And in the file?");
  const bodies = JSON.stringify(emulator.requests.slice(-4).map((request) => request.body));
  for (const shape of [
    '"type":"image"',
    '"type":"document"',
    '"image_url"',
    '"input_file"',
    '"inlineData"',
  ]) {
    expect(bodies).toContain(shape);
  }
});

const transports = [
  ["stdio", async () => ({ server: npmStdioServer("everything", ["stdio"]), stop: async () => {} })],
  [
    "streamable HTTP",
    async () => {
      const running: RunningHttpServer = await startEverythingHttp("streamableHttp");
      return {
        server: httpServer("everything", running.url, { transport: "streamable-http" }),
        stop: () => running.stop(),
      };
    },
  ],
] as const;

describe.each(transports)("server-everything over %s", (_name, start) => {
  let host: Host;
  let stop: () => Promise<void>;
  const logs: ServerLogEntry[] = [];
  const progress: CallProgress[] = [];
  const approvals: SamplingApprovalRequest[] = [];
  const elicitations: ElicitRequestParams[] = [];
  let samplingAnswer: "allow" | "deny" = "allow";
  let elicitationAction: "accept" | "decline" = "accept";
  const roots = new RootsRegistry(["/srv/project"], "/");
  let unfollow: () => void;

  beforeAll(async () => {
    const started = await start();
    stop = started.stop;
    host = await connectHost(configOf({ ...started.server, timeoutMs: 1_500 }), {
      features: clientFeatures({
        sampling: {
          models: [{ adapter: adapters[0]! }],
          approval: (request) => {
            approvals.push(request);
            return samplingAnswer;
          },
        },
        elicitation: {
          hook: (params) => {
            elicitations.push(params);
            return elicitationAction === "accept"
              ? { action: "accept", content: { name: "Ada" } }
              : { action: "decline" };
          },
        },
        roots,
        logLevel: "debug",
      }),
    });
    await host.catalog.settled();
    unfollow = followClientEvents(
      host.pool.connections,
      { onLog: (entry) => logs.push(entry), onProgress: (_server, event) => progress.push(event) },
      roots,
    );
  });

  afterAll(async () => {
    unfollow?.();
    await host?.close();
    await stop?.();
  });

  it("a text resource, a template filled through completion, and a binary resource", async () => {
    const snapshot = host.catalog.snapshot();
    const text = snapshot.resources.find((resource) => resource.uri.endsWith("/instructions.md"));
    expect(text).toBeDefined();
    const template = snapshot.resourceTemplates.find((entry) => entry.uriTemplate.includes("/blob/"))!;
    const values = await completeArgument(
      host,
      "everything",
      { type: "ref/resource", uri: template.uriTemplate },
      {
        name: "resourceId",
        value: "7",
      },
    );
    expect(values).toEqual(["7"]);
    const blobUri = expandUriTemplate(template.uriTemplate, { resourceId: values[0]! });
    const gzip = await host.callTool("everything", "gzip-file-as-resource", {
      name: "note.gz",
      data: `data:text/plain;base64,${Buffer.from("compress me ".repeat(20)).toString("base64")}`,
      outputType: "resourceLink",
    });
    const gzipUri = JSON.stringify(gzip.content).match(/demo:\/\/resource\/session\/note\.gz/)?.[0];
    expect(gzipUri).toBeDefined();
    const { message, warnings } = await userMessageWithResources(host, "Read these.", [
      { server: "everything", uri: text!.uri },
      { server: "everything", uri: blobUri },
      { server: "everything", uri: gzipUri! },
    ]);
    expect(warnings).toEqual([]);
    const body = message.parts
      .map((part) => (part.type === "text" ? part.text : `<${part.type}>`))
      .join("\n");
    expect(body).toContain(`Resource ${text!.uri} (text/markdown):\n# Everything Server`);
    expect(body).toContain(`Resource ${blobUri} (text/plain):\nResource 7: This is a base64 blob`);
    expect(body).toMatch(
      /Resource demo:\/\/resource\/session\/note\.gz \(application\/gzip\): \d+ bytes of binary data, not shown/,
    );
    await acceptedByEveryProvider([message], "Resource 7: This is a base64 blob");
  });

  it("each prompt (arguments, completion, embedded text and blob resources) becomes accepted messages", async () => {
    const department = await completeArgument(
      host,
      "everything",
      { type: "ref/prompt", name: "completable-prompt" },
      {
        name: "department",
        value: "Eng",
      },
    );
    expect(department).toEqual(["Engineering"]);
    const names = await completeArgument(
      host,
      "everything",
      { type: "ref/prompt", name: "completable-prompt" },
      { name: "name", value: "" },
      { department: "Engineering" },
    );
    expect(names).toEqual(["Alice", "Bob", "Charlie"]);
    const cases: [string, Record<string, string>, string][] = [
      ["simple-prompt", {}, "This is a simple prompt without arguments."],
      ["args-prompt", { city: "Paris", state: "TX" }, "What's weather in Paris, TX?"],
      [
        "completable-prompt",
        { department: "Engineering", name: "Alice" },
        "promote Alice to the head of the Engineering",
      ],
      [
        "resource-prompt",
        { resourceType: "Text", resourceId: "3" },
        "Resource 3: This is a plaintext resource",
      ],
      ["resource-prompt", { resourceType: "Blob", resourceId: "4" }, "Resource 4: This is a base64 blob"],
    ];
    const listed = host.catalog
      .snapshot()
      .prompts.map((prompt) => prompt.name)
      .sort();
    expect(listed).toEqual(["args-prompt", "completable-prompt", "resource-prompt", "simple-prompt"]);
    for (const [name, args, expected] of cases) {
      const { messages, warnings } = await getPromptMessages(host, "everything", name, args);
      expect(warnings).toEqual([]);
      expect(messages.map((message) => message.role)).toEqual(["user"]);
      await acceptedByEveryProvider(messages, expected);
    }
  });

  it("sampling goes to the model after approval; a denied request is answered with the spec's rejection", async () => {
    samplingAnswer = "allow";
    const allowed = await host.callTool("everything", "trigger-sampling-request", {
      prompt: "hello",
      maxTokens: 40,
    });
    expect(JSON.stringify(allowed.content)).toContain("sampled reply (anthropic)");
    expect(approvals.at(-1)).toMatchObject({
      server: "everything",
      maxTokens: 40,
      systemPrompt: "You are a helpful test server.",
    });
    samplingAnswer = "deny";
    const denied = await host.callTool("everything", "trigger-sampling-request", {
      prompt: "hello",
      maxTokens: 40,
    });
    expect(denied.isError).toBe(true);
    expect(JSON.stringify(denied.content)).toContain("MCP error -1: User rejected sampling request");
  });

  it("elicitation: an accepted form gets its defaults filled; a decline is reported as declined", async () => {
    elicitationAction = "accept";
    const accepted = JSON.stringify(
      (await host.callTool("everything", "trigger-elicitation-request", {})).content,
    );
    expect(accepted).toContain("User provided the requested information");
    expect(accepted).toContain("Favorite Integer: 42");
    expect(accepted).toContain("Name: Ada");
    elicitationAction = "decline";
    const declined = JSON.stringify(
      (await host.callTool("everything", "trigger-elicitation-request", {})).content,
    );
    expect(declined).toContain("User declined to provide the requested information");
    expect(elicitations.at(-1)?.message).toBe("Please provide inputs for the following fields:");
  });

  it("roots are listed, and a change is announced with roots/list_changed", async () => {
    const first = JSON.stringify((await host.callTool("everything", "get-roots-list", {})).content);
    expect(first).toContain("file:///srv/project");
    roots.set(["/srv/other"]);
    await expect
      .poll(async () => JSON.stringify((await host.callTool("everything", "get-roots-list", {})).content), {
        timeout: 5_000,
      })
      .toContain("file:///srv/other");
  });

  it("server logs arrive at the asked level; progress resets the call's timeout", async () => {
    await host.callTool("everything", "toggle-simulated-logging", {});
    await expect.poll(() => logs.length, { timeout: 5_000 }).toBeGreaterThan(0);
    await host.callTool("everything", "toggle-simulated-logging", {});
    expect(logs[0]?.server).toBe("everything");
    // 4 steps of 0.5 s against a 1.5 s limit: only progress keeps the call alive.
    const started = performance.now();
    const result = await host.callTool("everything", "trigger-long-running-operation", {
      duration: 2,
      steps: 4,
    });
    expect(performance.now() - started).toBeGreaterThan(1_500);
    expect(JSON.stringify(result.content)).toContain("Long running operation completed");
    expect(
      progress
        .filter((event) => event.tool === "trigger-long-running-operation")
        .map((event) => event.progress),
    ).toEqual(expect.arrayContaining([1, 2, 3]));
  });
});
