import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EARLY_STREAM_BYTES, StdioChild, type StdioChildEvent } from "./stdio-child.js";

const dir = mkdtempSync(join(tmpdir(), "switchboard-stdio-child-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("StdioChild before its transport attaches", () => {
  it("holds a bounded amount of a flooding server's stdout, then delivers every byte once attached", async () => {
    const total = 5 * EARLY_STREAM_BYTES;
    const started = join(dir, "started");
    const script = [
      `require('node:fs').writeFileSync(${JSON.stringify(started)}, '');`,
      `process.stdout.write(Buffer.alloc(${total}, 97));`,
    ].join(" ");
    const child = new StdioChild({ command: process.execPath, args: ["-e", script], env: {} });
    await until(() => existsSync(started), "the server to start");
    // Time enough for the whole flood to be read into memory, were nothing held back.
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    let received = 0;
    let closed = false;
    child.attach((event: StdioChildEvent) => {
      if (event.kind === "stdout") received += event.chunk.length;
      if (event.kind === "close") closed = true;
    });
    // What attach replayed is what was held: the bound, give or take the chunk that crossed it.
    const held = received;
    expect(held).toBeGreaterThanOrEqual(EARLY_STREAM_BYTES);
    expect(held).toBeLessThanOrEqual(EARLY_STREAM_BYTES + 2 ** 16);
    await until(() => closed, "the server to close");
    expect(received).toBe(total);
    child.forget();
  });
});
