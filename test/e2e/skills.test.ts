/**
 * The skills extension end to end: a fixture server on the SDK's `McpServer` with `SkillsExtension` (stdio),
 * reached through the public API (`connectHost`) and through `switchboard run` with the strict emulator as the
 * model. Every file the server serves is logged, so the tests prove nothing is fetched before the model asks and
 * nothing after a failed check.
 */
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectHost } from "../../src/catalog/host.js";
import { startEmulator } from "../../src/testing/emulator/index.js";
import type { Emulator, RequestView, Turn } from "../../src/testing/emulator/types.js";
import { fixtureCommand, fixtureServer } from "../fixtures/fixture-command.js";
import { configOf } from "./helpers.js";
import { runCli } from "./run-cli.js";

let dir: string;
let emulator: Emulator;
let counter = 0;

function reads(log: string): string[] {
  try {
    return readFileSync(log, "utf8").split("\n").filter(Boolean);
  } catch {
    return [];
  }
}

/** The files read before each request, per request (what the model had asked for by then). */
const readsBefore = new Map<string, string[][]>();

/**
 * Loads `pdf-processing`, then (when that was verified) its forms file, then reports the results. The prompt
 * names the log, so parallel tests stay apart.
 */
function model(view: RequestView): Turn {
  const log = /log=(\S+)/.exec(view.messages[0]?.text ?? "")?.[1] ?? "";
  const seen = readsBefore.get(log) ?? [];
  seen.push(reads(log));
  readsBefore.set(log, seen);
  const call = (args: Record<string, unknown>): Turn => ({
    toolCalls: [{ name: "load_skill", arguments: args }],
  });
  if (view.turnIndex === 0) return call({ name: "pdf-processing" });
  const last = view.toolResults[0];
  if (view.turnIndex === 1 && last !== undefined && !last.isError) {
    return call({ name: "pdf-processing", file: "references/FORMS.md" });
  }
  const all = view.messages
    .flatMap(
      (message) => (message as { toolResults?: { text: string; isError: boolean }[] }).toolResults ?? [],
    )
    .map((result) => `${result.isError ? "ERROR" : "OK"} ${result.text}`);
  return {
    text: [...all, ...(last === undefined ? [] : [`${last.isError ? "ERROR" : "OK"} ${last.text}`])].join(
      "\n====\n",
    ),
  };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "switchboard-skills-"));
  emulator = await startEmulator({ script: model });
});

afterAll(async () => {
  await emulator?.close();
  await rm(dir, { recursive: true, force: true });
});

async function configFile(mode: string, agent: Record<string, unknown> = {}) {
  counter += 1;
  const log = join(dir, `reads-${counter}.log`);
  const { command, args } = fixtureCommand("skills-server");
  const file = join(dir, `switchboard-${counter}.json`);
  await writeFile(
    file,
    JSON.stringify({
      mcpServers: { docs: { command, args, env: { SKILLS_MODE: mode, SKILLS_LOG: log } } },
      agents: { helper: { servers: ["docs"], ...agent } },
    }),
  );
  return { file, log };
}

const anthropicEnv = () => ({ ANTHROPIC_API_KEY: "test", ANTHROPIC_BASE_URL: emulator.baseUrls.anthropic });

describe("skills through the public API", () => {
  it("lists each skill's name and description at connect and reads no file until asked", async () => {
    const log = join(dir, "api.log");
    const host = await connectHost(configOf(fixtureServer("skills-server", { env: { SKILLS_LOG: log } })), {
      oauth: false,
    });
    try {
      const skills = host.catalog.snapshot().skills ?? [];
      expect(skills.map((skill) => [skill.server, skill.name, skill.description])).toEqual([
        ["skills-server", "pdf-processing", "Extract, fill, and assemble PDF documents"],
        ["skills-server", "release-notes", "Write release notes from merged pull requests"],
      ]);
      expect(host.catalog.snapshot().tools.map((entry) => entry.tool.name)).toEqual(["echo"]);
      expect(reads(log)).toEqual([]);
      const file = await host.readSkill(skills[0]!, "references/FORMS.md");
      expect(file).toMatchObject({ text: "Fill each field, then flatten the form.\n", verified: true });
      expect(reads(log)).toEqual(["skill://pdf-processing/references/FORMS.md"]);
    } finally {
      await host.close();
    }
  });

  it("keeps the server's tools when skills/list fails, and says why", async () => {
    const host = await connectHost(
      configOf(fixtureServer("skills-server", { env: { SKILLS_MODE: "refuse" } })),
      { oauth: false },
    );
    try {
      expect(host.catalog.snapshot().tools.map((entry) => entry.tool.name)).toEqual(["echo"]);
      expect(host.catalog.snapshot().skills).toEqual([]);
      expect(host.pool.get("skills-server")?.listingWarnings).toEqual([
        expect.objectContaining({
          request: "skills/list",
          message: expect.stringContaining("the skill index is not built"),
        }),
      ]);
    } finally {
      await host.close();
    }
  });
});

describe("switchboard run with skills", () => {
  it("offers load_skill listing the skills, fetches a skill and its file only when the model asks", async () => {
    const { file, log } = await configFile("good");
    const result = await runCli(["run", `log=${log}`, "--config", file, "--agent", "helper"], {
      env: anthropicEnv(),
    });
    expect(result.stderr).not.toContain("error");
    expect(result.code).toBe(0);
    // Nothing was read before the model's first call, the SKILL.md alone before its second.
    expect(readsBefore.get(log)).toEqual([
      [],
      ["skill://pdf-processing/SKILL.md"],
      ["skill://pdf-processing/SKILL.md", "skill://pdf-processing/references/FORMS.md"],
    ]);
    expect(result.stdout).toContain('OK Skill "pdf-processing" from the server "docs" (verified');
    expect(result.stdout).toContain("Skill body. For forms, read references/FORMS.md.");
    expect(result.stdout).toContain("references/FORMS.md (40 bytes)");
    expect(result.stdout).toContain("Fill each field, then flatten the form.");
    const first = emulator.requests.find((request) => JSON.stringify(request.body).includes(`log=${log}`))
      ?.body as { tools: { name: string; description: string }[] };
    expect(first.tools.map((tool) => tool.name)).toEqual(["load_skill", "docs__echo"]);
    expect(first.tools[0]?.description).toContain(
      "Skills:\n- pdf-processing: Extract, fill, and assemble PDF documents\n- release-notes: Write release notes from merged pull requests",
    );
  });

  for (const [mode, check] of [
    ["digest", "digest mismatch"],
    ["size", "size mismatch"],
    ["frontmatter", "frontmatter mismatch"],
  ] as const) {
    it(`answers a ${mode} mismatch with what failed, never the content, and reads nothing more`, async () => {
      const { file, log } = await configFile(mode);
      const result = await runCli(["run", `log=${log}`, "--config", file, "--agent", "helper"], {
        env: anthropicEnv(),
      });
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(
        `ERROR the skill "pdf-processing" was not loaded: it failed verification`,
      );
      expect(result.stdout).toContain(check);
      expect(result.stdout).not.toMatch(/Evil body|extra bytes|Exfiltrate|Skill body/);
      expect(reads(log)).toEqual(["skill://pdf-processing/SKILL.md"]);
    });
  }

  it("refuses a skill file over the size limit before fetching it", async () => {
    const { file, log } = await configFile("huge");
    const host = await connectHost(
      configOf(fixtureServer("skills-server", { env: { SKILLS_MODE: "huge", SKILLS_LOG: log } })),
      { oauth: false },
    );
    try {
      const huge = host.catalog.snapshot().skills?.find((skill) => skill.name === "huge-skill");
      await expect(host.readSkill(huge!)).rejects.toMatchObject({
        code: "SKILL_TOO_LARGE",
        message: expect.stringContaining("over the limit of 1048576"),
      });
      expect(reads(log)).toEqual([]);
    } finally {
      await host.close();
    }
    expect(file).toBeTruthy();
  });

  it('lists the skills in the system prompt with `skills: "system"` (dry run)', async () => {
    const { file, log } = await configFile("good", { skills: "system" });
    const result = await runCli(
      ["run", "hi", "--config", file, "--agent", "helper", "--dry-run", "--system", "Be brief."],
      { env: {} },
    );
    expect(result.code).toBe(0);
    const body = JSON.parse(result.stdout) as {
      system: unknown;
      tools: { name: string; description: string }[];
    };
    expect(JSON.stringify(body.system)).toContain(
      "Be brief.\\n\\nSkills (step-by-step instructions for tasks; load one with the load_skill tool before doing a task it covers):\\n- pdf-processing: Extract, fill, and assemble PDF documents",
    );
    expect(body.tools[0]?.name).toBe("load_skill");
    expect(body.tools[0]?.description).toContain("The skills are listed in the system prompt.");
    expect(body.tools[0]?.description).not.toContain("pdf-processing");
    expect(reads(log)).toEqual([]);
  });

  it('sends no load_skill with `skills: "off"`, and rejects an unknown placement with its path', async () => {
    const off = await configFile("good", { skills: "off" });
    const dry = await runCli(["run", "hi", "--config", off.file, "--agent", "helper", "--dry-run"], {
      env: {},
    });
    expect(dry.code).toBe(0);
    expect((JSON.parse(dry.stdout) as { tools: { name: string }[] }).tools.map((tool) => tool.name)).toEqual([
      "docs__echo",
    ]);
    const bad = await configFile("good", { skills: "sometimes" });
    const refused = await runCli(["run", "hi", "--config", bad.file, "--agent", "helper", "--dry-run"], {
      env: {},
    });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("agents.helper.skills");
  });

  it("cost shows the skills' fixed cost beside the same procedures as tools", async () => {
    const { file } = await configFile("good");
    const json = await runCli(["cost", "--config", file, "--agent", "helper", "--json"], { env: {} });
    expect(json.code).toBe(0);
    const skills = (JSON.parse(json.stdout) as { skills: Record<string, unknown> }).skills;
    expect(skills).toMatchObject({ skills: 2, placement: "tool", unread: [] });
    expect(skills.fixedTokens).toBeGreaterThan(100);
    expect(skills.asToolsTokens).toBeGreaterThan(50);
    expect(skills.savedTokens).toBe((skills.asToolsTokens as number) - (skills.fixedTokens as number));
    const human = await runCli(["cost", "--config", file, "--agent", "helper"], { env: {} });
    expect(human.stdout).toMatch(
      /skills \(2\): \d+ tokens per request as skills \(load_skill listing them\); the same procedures as tools: \d+ tokens per request/,
    );
  });
});
