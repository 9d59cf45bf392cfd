/**
 * The `usage --html` page in a real browser: Debian's `chromium`, headless, takes a 1200x900 screenshot of the
 * page the CLI wrote, and the test decodes the PNG and looks for the charts' own colours (the tool-definition
 * bars, the rest of the input, the cache-hit bars and the creep banner). Chromium is required (.ci/run installs
 * it); without it the test fails.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHART_COLORS } from "../../src/ledger/usage-html.js";
import { childPids } from "./helpers.js";
import { runCli } from "./run-cli.js";
import { countColour, decodePng, distinctColours } from "./usage-png.js";
import { seedLedger } from "./usage-seed.js";

const CHROMIUM = process.env.SWITCHBOARD_CHROMIUM ?? "/usr/bin/chromium";
const CREEP_BANNER = "#fef3c7";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "switchboard-usage-browser-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function screenshot(page: string, png: string): Promise<{ code: number | null; stderr: string }> {
  const args = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    `--user-data-dir=${join(dir, "chromium-profile")}`,
    `--screenshot=${png}`,
    "--window-size=1200,900",
    pathToFileURL(page).href,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(CHROMIUM, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe("usage --html in headless Chromium", () => {
  // Never skipped: .ci/run installs Debian's chromium when it is missing.
  it("renders the charts: a 1200x900 screenshot shows the bars and the creep banner", async () => {
    if (!existsSync(CHROMIUM)) {
      throw new Error(
        `Debian's chromium is not installed at ${CHROMIUM}: install it (apt-get install -y chromium)`,
      );
    }
    const ledger = join(dir, "usage.sqlite");
    seedLedger(ledger);
    const page = join(dir, "usage.html");
    const written = await runCli(["usage", "--ledger", ledger, "--html", page]);
    expect(written.code).toBe(0);

    const png = join(dir, "usage.png");
    const shot = await screenshot(page, png);
    expect(shot.code, shot.stderr).toBe(0);
    expect(childPids()).toEqual([]);
    expect(existsSync(png)).toBe(true);
    const file = await readFile(png);
    expect(file.length).toBeGreaterThan(20_000);
    const image = decodePng(file);
    expect([image.width, image.height]).toEqual([1200, 900]);
    expect(distinctColours(image)).toBeGreaterThan(100);
    // Five stacked bars of 48 px: the tool-definition part alone covers thousands of pixels.
    expect(countColour(image, CHART_COLORS.tools)).toBeGreaterThan(5_000);
    expect(countColour(image, CHART_COLORS.rest)).toBeGreaterThan(1_000);
    expect(countColour(image, CHART_COLORS.cache)).toBeGreaterThan(5_000);
    expect(countColour(image, CREEP_BANNER)).toBeGreaterThan(10_000);
  });
});
