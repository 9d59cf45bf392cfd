/**
 * The gateway re-exposes skills: two upstream skills servers (the SDK's `SkillsExtension`) listing the same skill
 * URIs, behind `serveGatewayHttp`, read by switchboard's own host over Streamable HTTP, which lists them at connect
 * and verifies every file it loads against the entries the gateway passed on.
 */
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectHost, type Host } from "../../src/catalog/host.js";
import { fixtureServer, httpServer } from "../fixtures/fixture-command.js";
import { configWith, type RunningGateway, startHttpGateway } from "./gateway-harness.js";
import { configOf } from "./helpers.js";

let dir: string;
let running: RunningGateway;
let host: Host;

function reads(log: string): string[] {
  try {
    return readFileSync(log, "utf8").split("\n").filter(Boolean);
  } catch {
    return [];
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "switchboard-gateway-skills-"));
  running = await startHttpGateway(
    configWith([
      fixtureServer("skills-server", { name: "docs", env: { SKILLS_LOG: join(dir, "docs.log") } }),
      fixtureServer("skills-server", {
        name: "ops",
        env: { SKILLS_MODE: "digest", SKILLS_LOG: join(dir, "ops.log") },
      }),
    ]),
  );
  host = await connectHost(configOf(httpServer("gateway", running.http.url)), { oauth: false });
});

afterAll(async () => {
  await host?.close();
  await running?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("gateway skills", () => {
  it("lists every upstream skill, each server's under its own path when their URIs collide, reading no file", () => {
    expect((host.catalog.snapshot().skills ?? []).map((skill) => [skill.uri, skill.name])).toEqual([
      ["skill://docs/pdf-processing/SKILL.md", "pdf-processing"],
      ["skill://docs/release-notes/SKILL.md", "release-notes"],
      ["skill://ops/pdf-processing/SKILL.md", "pdf-processing"],
      ["skill://ops/release-notes/SKILL.md", "release-notes"],
    ]);
    expect([...reads(join(dir, "docs.log")), ...reads(join(dir, "ops.log"))]).toEqual([]);
  });

  it("passes files through verbatim: verified downstream, and a tampered upstream file still fails", async () => {
    const skills = host.catalog.snapshot().skills ?? [];
    const docs = skills.find((skill) => skill.uri === "skill://docs/pdf-processing/SKILL.md")!;
    const ops = skills.find((skill) => skill.uri === "skill://ops/pdf-processing/SKILL.md")!;
    await expect(host.readSkill(docs)).resolves.toMatchObject({ verified: true });
    await expect(host.readSkill(docs, "references/FORMS.md")).resolves.toMatchObject({
      text: "Fill each field, then flatten the form.\n",
      verified: true,
    });
    await expect(host.readSkill(ops)).rejects.toMatchObject({
      code: "SKILL_UNVERIFIED",
      message: expect.stringContaining("digest mismatch"),
    });
    expect(reads(join(dir, "docs.log"))).toEqual([
      "skill://pdf-processing/SKILL.md",
      "skill://pdf-processing/references/FORMS.md",
    ]);
    expect(reads(join(dir, "ops.log"))).toEqual(["skill://pdf-processing/SKILL.md"]);
  });
});
