import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  lockFile,
  parseLockFile,
  readLockFile,
  serializeLockFile,
  type ToolPin,
  writeLockFile,
} from "./lock-file.js";
import { definitionHash, pinnedDefinition } from "./tool-definition.js";

function pin(server: string, tool: string, description: string): ToolPin {
  const definition = pinnedDefinition({ name: tool, description, inputSchema: { type: "object" } });
  return {
    server,
    tool,
    hash: definitionHash(definition),
    approvedAt: "2026-08-11T00:00:00.000Z",
    definition,
  };
}

const dir = await mkdtemp(join(tmpdir(), "switchboard-lock-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("definitionHash", () => {
  it("ignores key order and changes with anything the model is told", () => {
    const a = definitionHash({
      inputSchema: { type: "object", properties: { x: { type: "string" } } },
      description: "d",
    });
    const b = definitionHash({
      description: "d",
      inputSchema: { properties: { x: { type: "string" } }, type: "object" },
    });
    expect(a).toBe(b);
    expect(a).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(definitionHash({ inputSchema: { type: "object" }, description: "e" })).not.toBe(
      definitionHash({ inputSchema: { type: "object" }, description: "d" }),
    );
    expect(
      definitionHash({ inputSchema: { type: "object" }, annotations: { destructiveHint: true } }),
    ).not.toBe(definitionHash({ inputSchema: { type: "object" }, annotations: { destructiveHint: false } }));
  });
});

describe("lock file", () => {
  it("round-trips, sorted, with names that are object keys elsewhere (__proto__, constructor)", () => {
    const lock = lockFile([pin("z", "b", "B"), pin("__proto__", "constructor", "odd"), pin("z", "a", "A")]);
    const text = serializeLockFile(lock);
    expect(parseLockFile(text, "switchboard.lock")).toEqual(lock);
    expect(lock.pins.map((entry) => `${entry.server}/${entry.tool}`)).toEqual([
      "__proto__/constructor",
      "z/a",
      "z/b",
    ]);
    expect(JSON.parse(text).lockfileVersion).toBe(1);
    expect(text.endsWith("\n")).toBe(true);
  });

  it("refuses a pin whose hash no longer matches its definition, and malformed files", () => {
    const document = JSON.parse(serializeLockFile(lockFile([pin("s", "t", "approved")])));
    document.servers.s.t.definition.description = "edited by hand";
    expect(() => parseLockFile(JSON.stringify(document), "x.lock")).toThrow(
      'Invalid lock file x.lock: $.servers["s"]["t"]: the hash does not match the pinned definition (edited by hand?)',
    );
    expect(() => parseLockFile("{", "x.lock")).toThrow(/not valid JSON/);
    expect(() => parseLockFile('{"lockfileVersion":2,"servers":{}}', "x.lock")).toThrow(/lockfileVersion/);
    expect(() => parseLockFile('{"lockfileVersion":1,"servers":{"s":{"t":{}}}}', "x.lock")).toThrow(
      /must have "hash", "approvedAt" and a "definition"/,
    );
  });

  it("reads nothing when there is no file, and writes atomically", async () => {
    const path = join(dir, "switchboard.lock");
    expect(await readLockFile(path)).toBeUndefined();
    const lock = lockFile([pin("s", "t", "x")]);
    await writeLockFile(path, lock);
    expect(await readLockFile(path)).toEqual(lock);
    await writeFile(path, "not json");
    await expect(readLockFile(path)).rejects.toMatchObject({ code: "CONFIG_INVALID" });
    expect(await readFile(path, "utf8")).toBe("not json");
  });
});
