import type { JSONRPCMessage } from "@modelcontextprotocol/client";
import { parseJSONRPCMessage } from "@modelcontextprotocol/client";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JsonRpcLineReader, OVERSIZED_ANSWER_CODE } from "./line-reader.js";

function reader(maxLineBytes = 1024) {
  const messages: JSONRPCMessage[] = [];
  const errors: string[] = [];
  const instance = new JsonRpcLineReader({
    parseMessage: parseJSONRPCMessage,
    maxLineBytes,
    onMessage: (message) => messages.push(message),
    onError: (error) => errors.push(error.message),
  });
  return { instance, messages, errors };
}

const answer = (id: number | string, text: string) =>
  JSON.stringify({ jsonrpc: "2.0", id, result: { content: [{ type: "text", text }] } });

describe("JsonRpcLineReader", () => {
  it("reads messages split across chunks at any byte, CRLF included", () => {
    const { instance, messages, errors } = reader();
    const bytes = Buffer.from(`${answer(1, "é one")}\r\n${answer(2, "two")}\n`);
    for (let index = 0; index < bytes.length; index += 3) instance.push(bytes.subarray(index, index + 3));
    expect(messages.map((message) => (message as { id: number }).id)).toEqual([1, 2]);
    expect(errors).toEqual([]);
  });

  it("reports non-JSON and non-JSON-RPC lines and keeps reading", () => {
    const { instance, messages, errors } = reader();
    instance.push(Buffer.from(`hello\n{"a":1}\n\n${answer(3, "ok")}\n`));
    expect(messages).toHaveLength(1);
    expect(errors).toEqual([
      'The server wrote a line that is not JSON to stdout: "hello"',
      'The server wrote JSON that is not a JSON-RPC message to stdout: "{\\"a\\":1}"',
    ]);
  });

  it("answers an oversized answer's id (id first) with an error naming the size, and reads on", () => {
    const { instance, messages, errors } = reader(1024);
    const big = answer(7, "x".repeat(5 * 1024 * 1024));
    for (let index = 0; index < big.length; index += 65_536)
      instance.push(Buffer.from(big.slice(index, index + 65_536)));
    instance.push(Buffer.from(`\n${answer(8, "after")}\n`));
    expect(errors).toEqual([]);
    expect(messages[0]).toEqual({
      jsonrpc: "2.0",
      id: 7,
      error: {
        code: OVERSIZED_ANSWER_CODE,
        message:
          "The server's answer was 5.0 MB, over the 1.0 KB limit for one message, and was discarded by the host",
        data: { reason: "answer-too-large", bytes: big.length, limitBytes: 1024 },
      },
    });
    expect((messages[1] as { id: number }).id).toBe(8);
  });

  it("finds the id at the end when the answer puts it last", () => {
    const { instance, messages } = reader(64);
    const big = JSON.stringify({
      result: { content: [{ type: "text", text: "y".repeat(500) }] },
      jsonrpc: "2.0",
      id: "call-9",
    });
    instance.push(Buffer.from(`${big}\n`));
    expect(messages[0]).toMatchObject({ id: "call-9", error: { code: OVERSIZED_ANSWER_CODE } });
  });

  it("reports an oversized line it cannot trace to a request (a request or a notification, garbage)", () => {
    const { instance, messages, errors } = reader(64);
    const request = JSON.stringify({
      jsonrpc: "2.0",
      id: 4,
      method: "sampling/createMessage",
      params: { x: "z".repeat(200) },
    });
    instance.push(Buffer.from(`${request}\n${"q".repeat(300)}\n`));
    expect(messages).toEqual([]);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(
      /^The server wrote a line to stdout that was \d+ bytes, over the 64 bytes limit for one message; it was discarded$/,
    );
  });

  it("reports an oversized answer whose id only looks like one (0123, a bad escape), without throwing", () => {
    const { instance, messages, errors } = reader(64);
    const pad = "v".repeat(200);
    instance.push(Buffer.from(`{"jsonrpc":"2.0","id":0123,"result":{"t":"${pad}"}}\n`));
    instance.push(Buffer.from(`{"result":{"t":"${pad}"},"id":"\\x"}\n${answer(5, "next")}\n`));
    expect(errors).toHaveLength(2);
    expect(messages.map((message) => (message as { id: number }).id)).toEqual([5]);
  });

  it("a nested id is not mistaken for the answer's id", () => {
    const { instance, messages, errors } = reader(64);
    const big = JSON.stringify({
      result: { content: [{ type: "text", text: "w".repeat(300) }], item: { id: 99 } },
    });
    instance.push(Buffer.from(`${big}\n`));
    expect(messages).toEqual([]);
    expect(errors).toHaveLength(1);
  });
  it("answers an answer nested deeper than maxDepth with an error instead of handing it to the SDK", () => {
    const { instance, messages, errors } = (() => {
      const messages: JSONRPCMessage[] = [];
      const errors: string[] = [];
      const instance = new JsonRpcLineReader({
        parseMessage: parseJSONRPCMessage,
        maxLineBytes: 1 << 20,
        maxDepth: 100,
        onMessage: (message) => messages.push(message),
        onError: (error) => errors.push(error.message),
      });
      return { instance, messages, errors };
    })();
    let schema = '{"type":"string"}';
    for (let level = 0; level < 200; level += 1) schema = `{"type":"object","properties":{"x":${schema}}}`;
    // Brackets inside strings do not count.
    const shallow = JSON.stringify({ jsonrpc: "2.0", id: 2, result: { text: "[[[[{{{{".repeat(100) } });
    instance.push(
      Buffer.from(`{"jsonrpc":"2.0","id":1,"result":{"tools":[{"inputSchema":${schema}}]}}\n${shallow}\n`),
    );
    expect(errors).toEqual([]);
    expect(messages[0]).toMatchObject({
      id: 1,
      error: {
        message: "The server's answer was nested more than 100 levels deep, and was discarded by the host",
      },
    });
    expect(messages[1]).toMatchObject({ id: 2, result: { text: expect.any(String) } });
  });

  it("rejects a message exactly when it nests deeper than maxDepth, whatever its strings hold", () => {
    // Strings full of brackets, quotes and backslashes: the scan must skip them, escaped quotes included.
    const text = fc.string({ unit: fc.constantFrom("[", "{", "]", "}", '"', "\\", "x", "\n") });
    const value = fc.letrec<{ node: unknown }>((tie) => ({
      node: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        text,
        fc.integer(),
        fc.array(tie("node"), { maxLength: 3 }),
        fc.dictionary(text, tie("node"), { maxKeys: 3 }),
      ),
    })).node;
    const depthOf = (node: unknown): number =>
      typeof node === "object" && node !== null ? 1 + Math.max(0, ...Object.values(node).map(depthOf)) : 0;
    fc.assert(
      fc.property(value, fc.integer({ min: 2, max: 8 }), (node, maxDepth) => {
        const messages: JSONRPCMessage[] = [];
        const instance = new JsonRpcLineReader({
          parseMessage: parseJSONRPCMessage,
          maxLineBytes: 1 << 20,
          maxDepth,
          onMessage: (message) => messages.push(message),
          onError: (error) => {
            throw error;
          },
        });
        instance.push(Buffer.from(`${JSON.stringify({ jsonrpc: "2.0", id: 1, result: { v: node } })}\r\n`));
        const tooDeep = 2 + depthOf(node) > maxDepth;
        expect(messages).toHaveLength(1);
        expect("error" in messages[0]!).toBe(tooDeep);
        if (!tooDeep) expect(messages[0]).toEqual({ jsonrpc: "2.0", id: 1, result: { v: node } });
      }),
      { numRuns: 300 },
    );
  });

  it("decodes a line split across chunks inside a multi-byte character, CR stripped once", () => {
    const { instance, messages } = reader();
    const bytes = Buffer.from(`${answer(5, "ü€😀")}\r\n`);
    const cut = bytes.indexOf(Buffer.from("€")) + 1;
    instance.push(bytes.subarray(0, cut));
    instance.push(bytes.subarray(cut));
    expect(messages).toEqual([JSON.parse(answer(5, "ü€😀"))]);
  });
});
