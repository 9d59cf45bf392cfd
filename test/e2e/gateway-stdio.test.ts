/**
 * `switchboard serve` over stdio, started the way Claude Desktop or VS Code starts a server: the real CLI
 * (`bin/switchboard.js`, compiled `dist/`) as a child process, an official SDK client on its stdin/stdout.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { npmServerScript } from "../fixtures/fixture-command.js";
import { textOf, twinServer, until } from "./gateway-harness.js";
import { repoRoot, runCli } from "./run-cli.js";

const bin = join(repoRoot, "bin", "switchboard.js");
let dir: string;
let config: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "switchboard-gateway-stdio-"));
  config = join(dir, "switchboard.json");
  const twin = twinServer("twin", "A");
  writeFileSync(
    config,
    JSON.stringify({
      mcpServers: {
        everything: { command: process.execPath, args: [npmServerScript("everything"), "stdio"] },
        twin: { command: twin.command, args: twin.args },
      },
      agents: { "twin-only": { servers: ["twin"] } },
    }),
  );
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function serve(...extra: string[]): Promise<{ client: Client; stderr: () => string }> {
  const client = new Client(
    { name: "desktop-app", version: "1.0.0" },
    { capabilities: { sampling: {}, elicitation: { form: {} } } },
  );
  client.setRequestHandler("sampling/createMessage", async () => ({
    model: "m",
    role: "assistant",
    content: { type: "text", text: "from the desktop app" },
  }));
  client.setRequestHandler("elicitation/create", async () => ({
    action: "accept",
    content: { colour: "red" },
  }));
  let stderr = "";
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, "serve", "--config", config, ...extra],
    env: { PATH: process.env.PATH ?? "", HOME: dir },
    stderr: "pipe",
  });
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

describe("switchboard serve --stdio", () => {
  it("serves tools, resources, prompts, notifications and server-to-client requests", async () => {
    const { client, stderr } = await serve("--stdio");
    try {
      const logs: unknown[] = [];
      let listChanged = 0;
      client.setNotificationHandler("notifications/message", (notification) => {
        logs.push(notification.params);
      });
      client.setNotificationHandler("notifications/tools/list_changed", () => {
        listChanged += 1;
      });
      const { tools } = await client.listTools();
      const names = tools.map((tool) => tool.name);
      expect(names).toContain("everything__echo");
      expect(names).toContain("twin__whoami");
      expect(textOf(await client.callTool({ name: "everything__echo", arguments: { message: "hi" } }))).toBe(
        "Echo: hi",
      );
      expect(textOf(await client.callTool({ name: "twin__ask_sampling", arguments: {} }))).toContain(
        "from the desktop app",
      );
      expect(textOf(await client.callTool({ name: "twin__ask_elicitation", arguments: {} }))).toBe(
        'elicited: accept {"colour":"red"}',
      );
      const progress: number[] = [];
      await client.callTool(
        { name: "twin__slow", arguments: { steps: 3 } },
        { onprogress: (update) => progress.push(update.progress) },
      );
      expect(progress[0]).toBe(1);
      await client.callTool({ name: "twin__log", arguments: {} });
      await until(() => logs.length > 0, 5_000, "a log message");
      await client.callTool({ name: "twin__grow", arguments: {} });
      await until(() => listChanged > 0, 5_000, "tools/list_changed");
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("twin__grown");

      const read = await client.readResource({ uri: "twin://A/own" });
      expect(read.contents[0]).toMatchObject({ uri: "twin://A/own", text: "A reads twin://A/own" });
      const prompt = await client.getPrompt({ name: "twin__greet", arguments: { name: "Ada" } });
      expect(prompt.messages[0]?.content).toEqual({ type: "text", text: "A greets Ada" });
      expect(stderr()).toMatch(/switchboard gateway on stdio \(\d+ tools/);
    } finally {
      await client.close();
    }
  });

  it("serves only the agent's servers with --agent", async () => {
    const { client } = await serve("--agent", "twin-only");
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names.length).toBeGreaterThan(0);
      expect(names.every((name) => name.startsWith("twin__"))).toBe(true);
      expect((await client.listPrompts()).prompts.map((prompt) => prompt.name)).toEqual(["twin__greet"]);
    } finally {
      await client.close();
    }
  });
  it("lists exactly what `tools --provider mcp --json` prints, output schemas included", async () => {
    const printed = await runCli(["tools", "--provider", "mcp", "--json", "--config", config], {
      env: { HOME: dir },
    });
    expect(printed.code).toBe(0);
    const { client } = await serve("--stdio");
    try {
      const listed = (await client.listTools()).tools;
      expect(listed.some((tool) => tool.outputSchema !== undefined)).toBe(true);
      expect(JSON.parse(printed.stdout)).toEqual(JSON.parse(JSON.stringify(listed)));
    } finally {
      await client.close();
    }
  });
});
