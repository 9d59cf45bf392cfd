/**
 * `switchboard serve --stdio` against a client that writes what no SDK client would: a line over the 10 MB limit
 * for one message, lines that are not JSON, JSON that is not JSON-RPC, batches. Each is answered the way
 * JSON-RPC says, and the gateway keeps reading: later requests are answered and EOF still ends it cleanly.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type RawGateway, startRawGateway, writeTwinConfig } from "./raw-gateway-stdio.js";

let dir: string;
let config: string;
let gateway: RawGateway | undefined;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "switchboard-gateway-hostile-"));
  config = writeTwinConfig(dir);
});

afterEach(() => {
  gateway?.kill();
  gateway = undefined;
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const mb = 1024 * 1024;

/** A `tools/call` whose argument makes the line `bytes` long, with the id where the SDK's client puts it (last). */
function hugeCall(id: number | string, bytes: number, idFirst = false): string {
  const head = idFirst ? `{"jsonrpc":"2.0","id":${JSON.stringify(id)},` : "{";
  const tail = idFirst ? "}" : `,"jsonrpc":"2.0","id":${JSON.stringify(id)}}`;
  const frame = `${head}"method":"tools/call","params":{"name":"twin__echo","arguments":{"text":""}}${tail}`;
  const pad = "x".repeat(bytes - frame.length);
  return `${frame.replace('"text":""', `"text":"${pad}"`)}\n`;
}

/** Writes `line` in 1 MB pieces, as a client streaming a big message would. */
async function writeInPieces(target: RawGateway, line: string): Promise<void> {
  for (let index = 0; index < line.length; index += mb) await target.write(line.slice(index, index + mb));
}

describe("serve --stdio and a line over the message limit", () => {
  it("answers it with an error naming the limit, answers later requests, and exits on EOF", async () => {
    gateway = await startRawGateway(config, { home: dir });
    await writeInPieces(gateway, hugeCall(41, 11 * mb));
    const refused = await gateway.answerTo(41);
    expect(refused.error?.code).toBe(-32600);
    expect(refused.error?.message).toMatch(/was 11\.0 MB, over the 10\.0 MB limit for one message/);
    expect(refused.error?.data).toMatchObject({ reason: "too-large", limitBytes: 10 * mb });
    expect(gateway.stderr()).toMatch(/refused a message from the client that was 11\.0 MB.*\(id 41\)/);

    // The id first works as well; the reader goes on with the next line in the same write.
    await gateway.write(`${hugeCall("big-2", 10 * mb + 1, true)}`);
    expect((await gateway.answerTo("big-2")).error?.message).toMatch(/over the 10\.0 MB limit/);

    await gateway.request(42, "tools/call", { name: "twin__echo", arguments: { text: "still here" } });
    const after = await gateway.answerTo(42);
    expect(JSON.stringify(after.result)).toMatch(/still here/);
    expect(await gateway.hangUp()).toEqual({ code: 0, signal: null });
  }, 120_000);

  it("answers with id null when the id sits in the middle of the line", async () => {
    gateway = await startRawGateway(config, { home: dir });
    const pad = "y".repeat(11 * mb);
    await writeInPieces(
      gateway,
      `{"jsonrpc":"2.0","method":"tools/call","id":43,"params":{"name":"twin__echo","arguments":{"text":"${pad}"}}}\n`,
    );
    const refused = await gateway.answerTo(null);
    expect(refused.error?.message).toMatch(/over the 10\.0 MB limit/);
    await gateway.request(44, "ping");
    expect((await gateway.answerTo(44)).result).toEqual({});
    expect(gateway.answers.filter((answer) => answer.id === 43)).toEqual([]);
  }, 120_000);
});

describe("serve --stdio and garbage", () => {
  it("answers each bad line once with the JSON-RPC error for it, notifications never, and reads on", async () => {
    gateway = await startRawGateway(config, { home: dir });
    const before = gateway.answers.length;
    const lines = [
      "hello, gateway", // not JSON
      '{"jsonrpc":"2.0","id":1,"method":"ping"', // cut short
      '{"a":1}', // JSON, not JSON-RPC
      "42",
      '"a string"',
      "null",
      '{"id":7,"method":"ping"}', // no jsonrpc: invalid, but the id can be echoed
      '{"jsonrpc":"2.0","id":8,"method":5}', // method not a string: id not echoed
      '[{"jsonrpc":"2.0","id":9,"method":"ping"}]', // a batch
      "[]",
      '{"jsonrpc":"2.0","method":"notifications/anything"}', // a notification: no answer
      "   ", // blank: nothing
    ];
    await gateway.write(`${lines.join("\n")}\n`);
    await gateway.request("sentinel", "ping");
    await gateway.answerTo("sentinel");
    const got = gateway.answers.slice(before, -1).map((answer) => [answer.id, answer.error?.code]);
    expect(got).toEqual([
      [null, -32700],
      [null, -32700],
      [null, -32600],
      [null, -32600],
      [null, -32600],
      [null, -32600],
      [7, -32600],
      [null, -32600],
      [null, -32600],
      [null, -32600],
    ]);
    const batch = gateway.answers[before + 8];
    expect(batch?.error?.message).toMatch(/batches are not supported/);
    expect(gateway.answers.at(-1)).toEqual({ jsonrpc: "2.0", id: "sentinel", result: {} });
    expect(await gateway.hangUp()).toEqual({ code: 0, signal: null });
  }, 60_000);

  it("refuses a message nested deeper than 1,000 levels without parsing it", async () => {
    gateway = await startRawGateway(config, { home: dir });
    const deep = `${"[".repeat(5_000)}${"]".repeat(5_000)}`;
    await gateway.write(
      `{"jsonrpc":"2.0","id":50,"method":"tools/call","params":{"name":"twin__echo","arguments":{"text":${deep}}}}\n`,
    );
    const refused = await gateway.answerTo(50);
    expect(refused.error).toMatchObject({ code: -32600, data: { reason: "too-deep", maxDepth: 1000 } });
    await gateway.request(51, "ping");
    expect((await gateway.answerTo(51)).result).toEqual({});
  }, 60_000);
});
