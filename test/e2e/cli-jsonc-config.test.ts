/**
 * A VS Code `mcp.json` as the editor writes it (comments, trailing commas, `inputs`, `servers` with `type`) works
 * with `switchboard inspect --config` unchanged, and a real syntax error in such a file is named by line and column.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureCommand } from "../fixtures/fixture-command.js";
import { runCli } from "./run-cli.js";

let dir: string;
let text: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "switchboard-jsonc-"));
  const { command, args } = fixtureCommand("paging-server");
  text = `{
  // Workspace MCP servers (VS Code: .vscode/mcp.json)
  "inputs": [
    {
      "type": "promptString",
      "id": "api-key",
      "description": "API key, // not a comment",
      "password": true,
    },
  ],
  "servers": {
    /* A local server over stdio,
       started by the editor. */
    "paging": {
      "type": "stdio",
      "command": ${JSON.stringify(command)},
      "args": ${JSON.stringify(args)}, // trailing comma next
    },
  },
}
`;
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("a VS Code mcp.json with comments and trailing commas", () => {
  it("inspect reads it and connects its server", async () => {
    const file = join(dir, "mcp.json");
    await writeFile(file, text);
    const result = await runCli(["inspect", "--config", file]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^paging\s+ready\s+stdio/m);
  });

  it("a real syntax error is still named by line and column, past the comments", async () => {
    const file = join(dir, "broken.json");
    await writeFile(file, text.replace('"type": "stdio",', '"type" "stdio",'));
    const result = await runCli(["inspect", "--config", file]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('invalid JSON at line 15, column 14: expected ":" after a property name');
  });
});
