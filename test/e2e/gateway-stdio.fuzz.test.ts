/**
 * Fuzzing `switchboard serve --stdio` with what a broken client might write, line after line on one running
 * gateway: random text, random JSON values, JSON-RPC requests, notifications and answers, requests with one
 * thing wrong, batches, and messages nested too deep. Every line that is a request, or that is not a valid
 * message at all, gets exactly one answer (its id, or null when the id cannot be trusted, with the JSON-RPC
 * error code for what was wrong); notifications, answers and blank lines get none; and the gateway keeps
 * answering and exits cleanly at EOF. Fixed seed; `npm run fuzz` raises the run count (FUZZ_SCALE) and
 * FUZZ_SEED picks another seed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "./gateway-harness.js";
import { type Answer, type RawGateway, startRawGateway, writeTwinConfig } from "./raw-gateway-stdio.js";

const seed = Number(process.env.FUZZ_SEED ?? 20_261_201);
const scale = Number(process.env.FUZZ_SCALE ?? 1);

type Id = string | number | null;
/** What one line must get: nothing, any one answer with this id, or an error with this id and code. */
type Expected = { answer: false } | { answer: true; id: Id; code?: number };

/** A line to write, built from a serial number (so every id in a run is unique), and what it must get. */
type LineMaker = (serial: number) => { line: string; expected: Expected };

const none: Expected = { answer: false };
const answer = (id: Id, code?: number): Expected => ({
  answer: true,
  id,
  ...(code === undefined ? {} : { code }),
});

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

/** What JSON-RPC says a line that is not a message gets, judged here independently of the gateway's code. */
function expectedForGarbage(line: string): Expected {
  if (line.trim() === "") return none;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return answer(null, PARSE_ERROR);
  }
  return answer(echoable(value), INVALID_REQUEST);
}

function echoable(value: unknown): Id {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const { method, id } = value as Record<string, unknown>;
  if (typeof method !== "string") return null;
  return typeof id === "string" || typeof id === "number" ? id : null;
}

const oneLine = (text: string) => text.replace(/[\r\n]/g, " ");
const requestId = (serial: number): string | number =>
  serial % 2 === 0 ? `r-${serial}` : 1_000_000 + serial;
const methods = ["ping", "tools/list", "prompts/list", "resources/list", "resources/templates/list"];
const method = fc.oneof(
  fc.constantFrom(...methods),
  fc.string({ maxLength: 12 }).map((name) => `x/${name}`),
);
const request = (id: string | number, name: string, params?: unknown) => ({
  jsonrpc: "2.0",
  id,
  method: name,
  ...(params === undefined ? {} : { params }),
});

/** A valid request, with one thing made wrong, and the id JSON-RPC says its error answer carries. */
const nearMiss: fc.Arbitrary<(serial: number) => { value: unknown; id: Id }> = fc.constantFrom(
  (serial: number) => {
    const { jsonrpc: _, ...rest } = request(`m-${serial}`, "ping");
    return { value: rest, id: `m-${serial}` };
  },
  (serial: number) => ({ value: { ...request(`m-${serial}`, "ping"), jsonrpc: "1.0" }, id: `m-${serial}` }),
  (serial: number) => ({ value: { ...request(`m-${serial}`, "ping"), extra: 1 }, id: `m-${serial}` }),
  (serial: number) => ({ value: request(`m-${serial}`, "ping", "params"), id: `m-${serial}` }),
  (serial: number) => ({ value: request(`m-${serial}`, "ping", [1, 2]), id: `m-${serial}` }),
  (serial: number) => ({ value: request(serial + 0.5, "ping"), id: serial + 0.5 }),
  (_serial: number) => ({ value: { ...request(0, "ping"), id: null }, id: null }),
  (_serial: number) => ({ value: { ...request(0, "ping"), id: true }, id: null }),
  (serial: number) => ({ value: { ...request(`m-${serial}`, "ping"), method: 7 }, id: null }),
);

const lineMaker: fc.Arbitrary<LineMaker> = fc.oneof(
  // Text: mostly not JSON, sometimes JSON by accident, sometimes blank.
  fc
    .string({ unit: "binary", maxLength: 40 })
    .map(oneLine)
    .map((text) => () => {
      // What the gateway reads: the UTF-8 bytes decoded back (a lone surrogate becomes U+FFFD).
      const line = Buffer.from(text).toString("utf8");
      return { line, expected: expectedForGarbage(line) };
    }),
  fc.jsonValue({ maxDepth: 3 }).map((value) => () => {
    const line = JSON.stringify(value);
    return { line, expected: expectedForGarbage(line) };
  }),
  method.map((name) => (serial: number) => {
    const id = requestId(serial);
    return { line: JSON.stringify(request(id, name, {})), expected: answer(id) };
  }),
  fc.string({ maxLength: 12 }).map((name) => () => ({
    line: JSON.stringify({ jsonrpc: "2.0", method: `notifications/x-${name}` }),
    expected: none,
  })),
  fc.constant((serial: number) => ({
    line: JSON.stringify({ jsonrpc: "2.0", id: `a-${serial}`, result: {} }),
    expected: none,
  })),
  nearMiss.map((make) => (serial: number) => {
    const { value, id } = make(serial);
    return { line: JSON.stringify(value), expected: answer(id, INVALID_REQUEST) };
  }),
  // A batch: one error for the array, nothing for the requests inside it.
  fc.integer({ min: 1, max: 3 }).map((size) => (serial: number) => ({
    line: JSON.stringify(Array.from({ length: size }, (_, index) => request(`b-${serial}-${index}`, "ping"))),
    expected: answer(null, INVALID_REQUEST),
  })),
  // Nested too deep, with the id where it can be read without parsing.
  fc.integer({ min: 1_001, max: 3_000 }).map((depth) => (serial: number) => ({
    line: `{"jsonrpc":"2.0","id":"d-${serial}","method":"ping","params":{"x":${"[".repeat(depth)}${"]".repeat(depth)}}}`,
    expected: answer(`d-${serial}`, INVALID_REQUEST),
  })),
);

let dir: string;
let gateway: RawGateway;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "switchboard-gateway-fuzz-"));
  gateway = await startRawGateway(writeTwinConfig(dir), { home: dir });
}, 60_000);

afterAll(() => {
  gateway?.kill();
  rmSync(dir, { recursive: true, force: true });
});

/** An answer, keyed so that answers and expectations compare as multisets. */
function key(id: Id, code: number | undefined): string {
  return `${JSON.stringify(id)} ${code ?? "*"}`;
}

describe("serve --stdio under random input", () => {
  it("answers every request-shaped line exactly once, nothing else, and keeps answering", async () => {
    let serial = 0;
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(lineMaker, { minLength: 1, maxLength: 12 }), async (makers) => {
        run += 1;
        const lines = makers.map((make, index) => make(serial + index + 1));
        serial += makers.length;
        const expected = lines.flatMap(({ expected: e }) => (e.answer ? [e] : []));
        const from = gateway.answers.length;
        await gateway.write(`${lines.map(({ line }) => line).join("\n")}\n`);
        const sentinel = `sentinel-${run}`;
        await gateway.request(sentinel, "ping");
        await gateway.answerTo(sentinel, 20_000);
        // Requests the gateway's server answers (not the reader) may come back just after the sentinel.
        const answered = (id: Id) => gateway.answers.some((line, index) => index >= from && line.id === id);
        await until(() => expected.every((e) => answered(e.id)), 10_000, "every expected answer").catch(
          () => {},
        );
        const got: Answer[] = gateway.answers
          .slice(from)
          .filter((line) => !("method" in line) && line.id !== sentinel);
        // Compare codes only where the line's expectation names one (a valid request may get a result or not).
        const coded = new Set(expected.filter((e) => e.code !== undefined).map((e) => JSON.stringify(e.id)));
        const gotKeys = got
          .map((line) => {
            const id = line.id ?? null;
            return key(id, coded.has(JSON.stringify(id)) ? line.error?.code : undefined);
          })
          .sort();
        const wantKeys = expected.map((e) => key(e.id, e.code)).sort();
        expect(gotKeys, lines.map(({ line }) => line.slice(0, 200)).join("\n")).toEqual(wantKeys);
      }),
      { seed, numRuns: Math.max(1, Math.round(40 * scale)) },
    );
    await gateway.request("last", "tools/call", {
      name: "twin__echo",
      arguments: { text: "after the fuzz" },
    });
    expect(JSON.stringify((await gateway.answerTo("last")).result)).toMatch(/after the fuzz/);
    expect(await gateway.hangUp()).toEqual({ code: 0, signal: null });
  }, 600_000);
});
