/**
 * The gateway over Streamable HTTP, driven by the official SDK client, in front of server-everything and two twin
 * fixtures whose names, prompts and resource URIs collide. Every tool, resource, prompt, notification and
 * server-to-client request must work through it; server-everything's answers are compared with a direct
 * connection to prove the gateway changes nothing but names.
 */
import type { Client, Progress } from "@modelcontextprotocol/client";
import { Client as McpClient } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { npmServerScript } from "../fixtures/fixture-command.js";
import {
  configWith,
  everythingServer,
  httpClient,
  type RunningGateway,
  startHttpGateway,
  textOf,
  twinServer,
  until,
} from "./gateway-harness.js";

const sampled = {
  model: "test-model",
  role: "assistant" as const,
  content: { type: "text" as const, text: "sampled!" },
};

let running: RunningGateway;
let client: Client;
let direct: Client;
const logs: Record<string, unknown>[] = [];
const updates: string[] = [];
let toolListChanges = 0;
let samplingRequests = 0;
let samplingAborted = false;
/** When set, the sampling handler waits for the request to be cancelled instead of answering. */
let holdSampling = false;

function withHandlers(target: Client): Client {
  target.setRequestHandler("sampling/createMessage", async (_request, context) => {
    samplingRequests += 1;
    if (holdSampling) {
      await new Promise<void>((resolve) => context.mcpReq.signal.addEventListener("abort", () => resolve()));
      samplingAborted = true;
      throw new Error("cancelled");
    }
    return sampled;
  });
  target.setRequestHandler("elicitation/create", async (request) => {
    if (request.params.mode === "url") return { action: "accept" };
    return {
      action: "accept",
      content: { colour: "teal", name: "Ada", check: true, email: "ada@example.com" },
    };
  });
  return target;
}

// The gateway's upstream client fills schema defaults into accepted forms (connect/'s `applyDefaults`); the
// direct client does the same so the two answers compare.
const capabilities = { sampling: {}, elicitation: { form: { applyDefaults: true }, url: {} } };

/** The downstream name of a server's tool, from the gateway's own name table. */
function nameOf(server: string, tool: string): string {
  const name = running.gateway.view().toolset.names.nameOf(server, tool);
  if (name === undefined) throw new Error(`${server}/${tool} is not listed`);
  return name;
}

beforeAll(async () => {
  running = await startHttpGateway(
    configWith([everythingServer(), twinServer("twin a", "A"), twinServer("twin_a", "B")]),
  );
  client = withHandlers(new McpClient({ name: "gateway-test", version: "1.0.0" }, { capabilities }));
  const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client");
  client.setNotificationHandler("notifications/message", (notification) => {
    logs.push(notification.params as Record<string, unknown>);
  });
  client.setNotificationHandler("notifications/resources/updated", (notification) => {
    updates.push(notification.params.uri);
  });
  client.setNotificationHandler("notifications/tools/list_changed", () => {
    toolListChanges += 1;
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(running.http.url)));
  direct = withHandlers(new McpClient({ name: "direct", version: "1.0.0" }, { capabilities }));
  await direct.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [npmServerScript("everything"), "stdio"],
      stderr: "ignore",
    }),
  );
}, 60_000);

afterAll(async () => {
  await client?.close();
  await direct?.close();
  await running?.close();
});

describe("tools through the gateway", () => {
  it("lists every server-everything tool under a prefixed name, with the same schemas' properties", async () => {
    const [through, straight] = await Promise.all([client.listTools(), direct.listTools()]);
    const names = new Set(through.tools.map((tool) => tool.name));
    for (const tool of straight.tools) {
      expect(names.has(`everything__${tool.name}`), tool.name).toBe(true);
      const listed = through.tools.find((candidate) => candidate.name === `everything__${tool.name}`);
      expect(Object.keys(listed?.inputSchema.properties ?? {}).sort()).toEqual(
        Object.keys(tool.inputSchema.properties ?? {}).sort(),
      );
    }
  });

  it("answers server-everything's tools exactly as the server does directly", async () => {
    const calls: Array<[string, Record<string, unknown>]> = [
      ["echo", { message: "hello" }],
      ["get-sum", { a: 2, b: 3 }],
      ["get-tiny-image", {}],
      ["get-annotated-message", { messageType: "error", includeImage: true }],
      ["get-resource-links", { count: 3 }],
      ["get-resource-reference", { resourceType: "text", resourceId: 2 }],
      ["get-structured-content", { location: "New York" }],
      [
        "gzip-file-as-resource",
        { name: "hello.gz", data: "data:text/plain;base64,aGVsbG8=", outputType: "resource" },
      ],
      ["trigger-long-running-operation", { duration: 0.2, steps: 2 }],
      ["trigger-sampling-request", { prompt: "hi", maxTokens: 5 }],
      ["trigger-elicitation-request", {}],
      ["trigger-url-elicitation", { url: "https://example.com/consent", elicitationId: "e-1" }],
    ];
    for (const [tool, args] of calls) {
      const [through, straight] = await Promise.all([
        client.callTool({ name: `everything__${tool}`, arguments: args }),
        direct.callTool({ name: tool, arguments: args }),
      ]);
      expect(through, tool).toEqual(straight);
    }
  });

  it("runs a task-only tool as a task upstream, where a client without tasks calling directly is refused", async () => {
    const args = { name: "simulate-research-query", arguments: { topic: "mcp" } };
    const [through, straight] = await Promise.all([
      client.callTool({ ...args, name: "everything__simulate-research-query" }),
      direct.callTool(args),
    ]);
    expect(straight.isError).toBe(true);
    expect(textOf(straight)).toContain("requires task augmentation");
    expect(through.isError).not.toBe(true);
    expect(textOf(through)).toContain("# Research Report: mcp");
    // Nothing names the upstream task.
    expect(JSON.stringify(through)).not.toContain("related-task");
  }, 20_000);

  it("runs the tools whose answers depend on the session", async () => {
    const env = await client.callTool({ name: "everything__get-env", arguments: {} });
    expect(env.isError).not.toBe(true);
    expect(textOf(env)).toContain("PATH");
    const logging = await client.callTool({ name: "everything__toggle-simulated-logging", arguments: {} });
    expect(textOf(logging)).toMatch(/Started/);
    // The first simulated message is sent at once, the next every 5 s, each at a random level (and the alert one is
    // spelled "Alert level-message"): wait long enough for a second one.
    await until(
      () => logs.some((entry) => /level[- ]message/i.test(String(entry.data))),
      12_000,
      "a simulated log",
    );
    expect(
      textOf(await client.callTool({ name: "everything__toggle-simulated-logging", arguments: {} })),
    ).toMatch(/Stopped/);
  });

  it("routes colliding tool names to their own server and answers a wrong name like the agent loop does", async () => {
    const { tools } = await client.listTools();
    const whoami = tools.filter((tool) => tool.name.includes("whoami")).map((tool) => tool.name);
    expect(whoami).toHaveLength(2);
    expect(new Set(whoami).size).toBe(2);
    const answers = await Promise.all(
      whoami.map((name) => client.callTool({ name, arguments: {} }).then((result) => textOf(result))),
    );
    expect(answers.sort()).toEqual(["A", "B"]);

    expect(textOf(await client.callTool({ name: nameOf("twin_a", "whoami"), arguments: {} }))).toBe("B");
    const unknown = await client.callTool({ name: "twin_a__whoami", arguments: {} });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/no tool named "twin_a__whoami"/);
    const failed = await client.callTool({ name: nameOf("twin a", "fail"), arguments: {} });
    expect(failed).toMatchObject({ isError: true });
    expect(textOf(failed)).toMatch(/failed on purpose/);
  });

  it("keeps structured content and the output schema", async () => {
    const { tools } = await client.listTools();
    const structured = tools.find((tool) => tool.name === nameOf("twin a", "structured"))!;
    expect(structured.outputSchema).toMatchObject({ required: ["twin"] });
    const result = await client.callTool({ name: structured.name, arguments: {} });
    expect(result.structuredContent).toEqual({ twin: "A" });
  });
});

describe("resources and prompts", () => {
  it("lists server-everything's resources and templates unchanged and reads them identically", async () => {
    const [through, straight] = await Promise.all([client.listResources(), direct.listResources()]);
    const everything = straight.resources.map((resource) => resource.uri).sort();
    for (const uri of everything) expect(through.resources.map((resource) => resource.uri)).toContain(uri);
    const first = everything[0]!;
    expect(await client.readResource({ uri: first })).toEqual(await direct.readResource({ uri: first }));
    const templates = await client.listResourceTemplates();
    expect(templates.resourceTemplates.map((template) => template.uriTemplate)).toContain(
      "demo://resource/dynamic/text/{resourceId}",
    );
    const expanded = "demo://resource/dynamic/text/7";
    expect(await client.readResource({ uri: expanded })).toEqual(
      await direct.readResource({ uri: expanded }),
    );
  });

  it("namespaces a URI two servers share, and each namespaced URI reads its own server", async () => {
    const { resources } = await client.listResources();
    const shared = resources
      .filter((resource) => resource.uri.endsWith("twin://shared/doc"))
      .map((r) => r.uri);
    expect(shared.sort()).toEqual([
      "switchboard://twin%20a/twin://shared/doc",
      "switchboard://twin_a/twin://shared/doc",
    ]);
    expect(resources.map((resource) => resource.uri)).toContain("twin://A/own");
    const texts = await Promise.all(
      shared.map(async (uri) => {
        const read = await client.readResource({ uri });
        expect(read.contents[0]?.uri).toBe(uri);
        return (read.contents[0] as { text: string }).text;
      }),
    );
    expect(texts.sort()).toEqual(["A reads twin://shared/doc", "B reads twin://shared/doc"]);
    const templates = await client.listResourceTemplates();
    const item = templates.resourceTemplates.find((template) =>
      template.uriTemplate.startsWith("switchboard://twin_a/"),
    );
    expect(item?.uriTemplate).toBe("switchboard://twin_a/twin://shared/item/{id}");
    const read = await client.readResource({ uri: "switchboard://twin_a/twin://shared/item/42" });
    expect((read.contents[0] as { text: string }).text).toBe("B reads twin://shared/item/42");
  });

  it("rewrites URIs inside tool results so links can be read back through the gateway", async () => {
    for (const [server, identity] of [
      ["twin a", "A"],
      ["twin_a", "B"],
    ] as const) {
      const result = await client.callTool({ name: nameOf(server, "links"), arguments: {} });
      const link = result.content.find((part) => part.type === "resource_link") as { uri: string };
      expect(link.uri).toBe(`switchboard://${encodeURIComponent(server)}/twin://shared/doc`);
      const read = await client.readResource({ uri: link.uri });
      expect((read.contents[0] as { text: string }).text).toBe(`${identity} reads twin://shared/doc`);
      const embedded = result.content.find((part) => part.type === "resource") as {
        resource: { uri: string };
      };
      expect(embedded.resource.uri).toBe(`twin://${identity}/own`);
    }
  });

  it("serves every prompt under a namespaced name and forwards arguments and completion", async () => {
    const [through, straight] = await Promise.all([client.listPrompts(), direct.listPrompts()]);
    for (const prompt of straight.prompts) {
      expect(through.prompts.map((listed) => listed.name)).toContain(`everything__${prompt.name}`);
    }
    expect(await client.getPrompt({ name: "everything__args-prompt", arguments: { city: "Paris" } })).toEqual(
      await direct.getPrompt({ name: "args-prompt", arguments: { city: "Paris" } }),
    );
    expect(await client.getPrompt({ name: "everything__simple-prompt" })).toEqual(
      await direct.getPrompt({ name: "simple-prompt" }),
    );
    const greets = through.prompts
      .filter((prompt) => prompt.name.includes("greet"))
      .map((prompt) => prompt.name);
    expect(new Set(greets).size).toBe(2);
    const greeting = await client.getPrompt({ name: greets[0]!, arguments: { name: "Ada" } });
    expect(textOf({ content: [greeting.messages[0]?.content] })).toMatch(/^[AB] greets Ada$/);
    const embedded = greeting.messages[1]?.content as { resource: { uri: string } };
    expect(embedded.resource.uri).toMatch(/^switchboard:\/\//);

    const completion = await client.complete({
      ref: { type: "ref/prompt", name: "everything__completable-prompt" },
      argument: { name: "department", value: "E" },
    });
    expect(completion).toEqual(
      await direct.complete({
        ref: { type: "ref/prompt", name: "completable-prompt" },
        argument: { name: "department", value: "E" },
      }),
    );
    const twinCompletion = await client.complete({
      ref: { type: "ref/prompt", name: greets[0]! },
      argument: { name: "name", value: "al" },
    });
    expect(twinCompletion.completion.values).toHaveLength(2);
    expect(twinCompletion.completion.values[0]).toMatch(/^alice@[AB]$/);
  });
});

describe("notifications and server-to-client requests", () => {
  it("forwards progress with the client's own token, and logs with their logger", async () => {
    const slow = nameOf("twin a", "slow");
    const progress: Progress[] = [];
    const result = await client.callTool(
      { name: slow, arguments: { steps: 4 } },
      { onprogress: (update) => progress.push(update) },
    );
    expect(textOf(result)).toMatch(/finished 4 steps/);
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect(progress[0]).toEqual({ progress: 1, total: 4, message: "step 1" });

    const log = nameOf("twin a", "log");
    await client.callTool({ name: log, arguments: {} });
    await until(() => logs.some((entry) => entry.logger === "twin-logger"), 5_000, "a log message");
    expect(logs.find((entry) => entry.logger === "twin-logger")).toMatchObject({ level: "warning" });
    await client.setLoggingLevel("error");
    const before = logs.length;
    await client.callTool({ name: log, arguments: {} });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(logs.length).toBe(before);
    await client.setLoggingLevel("debug");
  });

  it("propagates tools/list_changed and lists the new tool", async () => {
    const seen = toolListChanges;
    await client.callTool({ name: nameOf("twin_a", "grow"), arguments: {} });
    await until(() => toolListChanges > seen, 5_000, "tools/list_changed");
    const after = await client.listTools();
    const grown = nameOf("twin_a", "grown");
    expect(after.tools.map((tool) => tool.name)).toContain(grown);
    expect(textOf(await client.callTool({ name: grown, arguments: {} }))).toBe("B grown");
  });

  it("forwards resource subscriptions and updates under the downstream URI", async () => {
    const uri = "switchboard://twin_a/twin://shared/doc";
    await client.subscribeResource({ uri });
    const touched = await client.callTool({ name: nameOf("twin_a", "touch"), arguments: {} });
    expect(textOf(touched)).toBe("touched (subscribed: true)");
    const other = await client.callTool({ name: nameOf("twin a", "touch"), arguments: {} });
    expect(textOf(other)).toBe("touched (subscribed: false)");
    await until(() => updates.includes(uri), 5_000, "resources/updated");
    expect(updates).not.toContain("switchboard://twin%20a/twin://shared/doc");
    await client.unsubscribeResource({ uri });
  });

  it("forwards sampling and elicitation to the client that made the call", async () => {
    const sampling = nameOf("twin a", "ask_sampling");
    const before = samplingRequests;
    const answer = await client.callTool({ name: sampling, arguments: {} });
    expect(textOf(answer)).toBe('sampled: {"type":"text","text":"sampled!"}');
    expect(samplingRequests).toBe(before + 1);
    const elicitation = nameOf("twin_a", "ask_elicitation");
    expect(textOf(await client.callTool({ name: elicitation, arguments: {} }))).toMatch(
      /^elicited: accept \{"colour":"teal"/,
    );
  });

  it("answers sampling with an error when the client did not declare it", async () => {
    const bare = await httpClient(running.http.url);
    try {
      const result = await bare.callTool({ name: nameOf("twin a", "ask_sampling"), arguments: {} });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/did not declare support/);
    } finally {
      await bare.close();
    }
  });

  it("cancels both ways: the client's abort reaches the server, the server's cancel reaches the client", async () => {
    const slow = nameOf("twin_a", "slow");
    const aborter = new AbortController();
    let started = false;
    const call = client.callTool(
      { name: slow, arguments: { steps: 100 } },
      { signal: aborter.signal, onprogress: () => (started = true) },
    );
    // Abort once the twin is running the call (its first progress), not after a guessed delay.
    await until(() => started, 10_000, "the slow call's first progress");
    aborter.abort();
    await expect(call).rejects.toThrow();
    // The twin notices the cancellation at its next 50 ms step (later on a busy machine: ask until it has).
    const wasCancelled = async () =>
      textOf(await client.callTool({ name: nameOf("twin_a", "was_cancelled"), arguments: {} }));
    let noticed = await wasCancelled();
    for (let tries = 0; noticed !== "true" && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      noticed = await wasCancelled();
    }
    expect(noticed).toBe("true");

    holdSampling = true;
    samplingAborted = false;
    try {
      const sampling = nameOf("twin_a", "ask_sampling");
      const asking = new AbortController();
      const pending = client.callTool({ name: sampling, arguments: {} }, { signal: asking.signal });
      const seen = samplingRequests;
      await until(() => samplingRequests > seen, 5_000, "the sampling request");
      asking.abort();
      await expect(pending).rejects.toThrow();
      await until(() => samplingAborted, 5_000, "the forwarded sampling request to be cancelled");
    } finally {
      holdSampling = false;
    }
  });
});
