/**
 * Every runnable example in examples/*.ts, as a user runs it (`node --import tsx`): exits 0 with no key, against
 * the strict emulator and the bundled example MCP servers over stdio, and prints its key lines. The examples are
 * type-checked with the rest (`tsconfig.json` includes `examples`, `strict` on): `npm run typecheck`.
 */
import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");

/** Lines each example must print; a new example without an entry fails the first test. */
const EXPECTED: Record<string, (string | RegExp)[]> = {
  "stream-chat.ts": [
    "[calling docs/search]",
    "[docs__search: ok]",
    "The docs say: see prompt-cache.",
    "(stop: done, 2 model requests)",
    "they reach the model as docs__search and web__search",
    "transcript: 6 messages",
  ],
  "own-loop-anthropic.ts": [
    "tools: docs__read, docs__search, web__fetch, web__search",
    "called web__search",
    /answer \(turn 2\): \[ \{ "url": "https:\/\//,
  ],
  "local-tool.ts": [
    "called local__now (local)",
    "called docs__read (docs)",
    "local__now: It is 01:00:00 in Europe/Paris.",
    "docs__read: Tool names.",
  ],
  "resources-and-prompts.ts": [
    "resource: 1 content(s)",
    "prompt: 1 message(s)",
    "as Anthropic messages: 1 (roles merged)",
    "I got: Review the notes below, focusing on streaming. Resource notes://release/0.1: 0.1: streaming",
  ],
};

describe("examples/*.ts", () => {
  it("every example has expectations", () => {
    const files = readdirSync(path.join(root, "examples")).filter((file) => file.endsWith(".ts"));
    expect(files.sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [file, lines] of Object.entries(EXPECTED)) {
    it(`${file} runs with no key and exits 0`, { timeout: 120_000 }, async () => {
      // Run from examples/ (tsx still resolves from the root): cli-demo.test.ts counts example servers whose
      // working directory is the root as the demo's own, and this file may run beside it.
      const { stdout } = await run(process.execPath, ["--import", "tsx", file], {
        cwd: path.join(root, "examples"),
        env: { ...process.env, ANTHROPIC_API_KEY: "", OPENAI_API_KEY: "" },
        timeout: 110_000,
      });
      for (const line of lines) {
        if (typeof line === "string") expect(stdout).toContain(line);
        else expect(stdout).toMatch(line);
      }
    });
  }
});
