/**
 * What the CLI loads, seen where the user runs it: `bin/switchboard.js` (the bundle) with a preload that records
 * every module loaded (import-cost/cli-loads.mjs), mapped to npm packages through the bundle's manifest
 * (dist/bundle/bundled-packages.json). A command loads only what it uses: `inspect` reads `--provider` without the
 * gateway's view, so the MCP server SDK (about 400 KB of bundle and 4 MB of peak RSS over the compat servers)
 * stays unloaded; `tools --provider mcp`, which prints the gateway's listing, does load it, which shows the probe
 * sees the SDK when it loads.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot, runCli } from "./run-cli.js";

const preload = fileURLToPath(new URL("./import-cost/cli-loads.mjs", import.meta.url));
const bundle = join(repoRoot, "dist", "bundle");
const scratch = mkdtempSync(join(tmpdir(), "switchboard-cli-loads-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The bundle's output files (as URLs) with the npm packages each carries. */
function bundledPackages(): Map<string, string[]> {
  const manifest = JSON.parse(readFileSync(join(bundle, "bundled-packages.json"), "utf8")) as {
    files: Record<string, string[]>;
  };
  return new Map(
    Object.entries(manifest.files).map(([file, names]) => [pathToFileURL(join(bundle, file)).href, names]),
  );
}

/** Runs the CLI with `args` and returns its exit code and the npm packages it loaded (bundled or not). */
async function packagesLoadedBy(
  name: string,
  args: string[],
): Promise<{ code: number | null; loaded: string[] }> {
  const out = join(scratch, `${name}.txt`);
  const result = await runCli(args, {
    nodeArgs: ["--import", preload],
    env: { SWITCHBOARD_TEST_LOADS_FILE: out },
  });
  const bundled = bundledPackages();
  const names = new Set<string>();
  for (const url of readFileSync(out, "utf8").split("\n")) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
    if (match?.[1] !== undefined) names.add(match[1]);
    for (const carried of bundled.get(url) ?? []) names.add(carried);
  }
  return { code: result.code, loaded: [...names].sort() };
}

describe("what a CLI command loads", () => {
  it("inspect connects, lists and estimates tokens without the MCP server SDK", async () => {
    const { code, loaded } = await packagesLoadedBy("inspect", [
      "inspect",
      "--json",
      "--config",
      "examples/demo.json",
    ]);
    expect(code).toBe(0);
    // The probe sees bundled packages: config validation's zod is one of them.
    expect(loaded).toContain("zod");
    expect(loaded).not.toContain("@modelcontextprotocol/server");
  }, 60_000);

  it("tools for a provider loads no MCP server SDK; tools for the gateway's own listing does", async () => {
    const provider = await packagesLoadedBy("tools-openai", [
      "tools",
      "--json",
      "--provider",
      "openai-chat",
      "--config",
      "examples/demo.json",
    ]);
    expect(provider.code).toBe(0);
    expect(provider.loaded).not.toContain("@modelcontextprotocol/server");
    const gateway = await packagesLoadedBy("tools-mcp", [
      "tools",
      "--json",
      "--provider",
      "mcp",
      "--config",
      "examples/demo.json",
    ]);
    expect(gateway.code).toBe(0);
    expect(gateway.loaded).toContain("@modelcontextprotocol/server");
  }, 60_000);
});
