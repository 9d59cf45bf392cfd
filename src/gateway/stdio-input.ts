/**
 * The gateway's stdin as JSON-RPC messages, bounded the way the host bounds what its servers write (one message
 * per line, at most `maxMessageBytes`, nested at most `maxDepth` deep), and answering what it cannot pass on
 * the way JSON-RPC says to. The SDK's stdio transport gave up reading for good after one line over its 10 MB
 * buffer, and dropped lines that were not JSON-RPC without a word, so a client waited forever.
 *
 * - not JSON: -32700 Parse error, id null;
 * - JSON but not a request, notification or answer: -32600 Invalid Request, with the id when the value has a
 *   string `method` and a string or number `id` (what the SDK's HTTP entry echoes), null otherwise;
 * - an array (a batch): -32600, id null. Batches were removed from MCP in 2025-06-18, and the SDK's stdio
 *   server never took them (it dropped them silently);
 * - too large or too deep: -32600 naming the limit, with the id when it is the first or last key (it cannot be
 *   read otherwise without parsing the whole line), null otherwise. A refused line that is an answer (the
 *   client's reply to a sampling or elicitation request) is not answered: the gateway is handed an error for
 *   that id instead, so the request it made fails at once.
 *
 * Notifications and answers that parse are passed on and never answered here.
 */
import type { JSONRPCErrorResponse, JSONRPCMessage } from "@modelcontextprotocol/server";
import { parseJSONRPCMessage } from "@modelcontextprotocol/server";
import { excerpt, type JsonRpcLine, JsonRpcLines } from "../connect/json-rpc-lines.js";
import { peekId } from "../connect/peek-id.js";

export interface GatewayInputOptions {
  maxMessageBytes: number;
  /** Deepest JSON nesting accepted in one message. Default 1,000. */
  maxDepth?: number;
  /** A message for the gateway's server. */
  onMessage(message: JSONRPCMessage): void;
  /** An error answer for the client, for a line the server never sees. */
  onAnswer(answer: JSONRPCErrorResponse): void;
  /** What was refused, for the operator's log (oversized and too-deep lines). */
  onRefused(description: string): void;
}

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
/** What the gateway is handed in place of a client's answer it refused (JSON-RPC "internal error"). */
export const REFUSED_ANSWER_CODE = -32603;

type Id = string | number | null;

/** A line reader for the client's stdin: push its chunks, and each line is passed on or answered. */
export function gatewayInputReader(options: GatewayInputOptions): JsonRpcLines {
  const answer = (id: Id, code: number, message: string, data?: object) =>
    options.onAnswer({
      jsonrpc: "2.0",
      // The SDK's type has no null id; JSON-RPC requires null when the id could not be read.
      id: id as string | number,
      error: { code, message, ...(data === undefined ? {} : { data }) },
    });

  /** A line that was not parsed: answered (or, for an answer, failed inward) by what its ends tell. */
  const refuse = ({ head, tail, why, limit }: Extract<JsonRpcLine, { kind: "refused" }>) => {
    const peeked = peekId(head, tail);
    const id = peeked.id ?? null;
    options.onRefused(
      `refused a message from the client that was ${why} (id ${JSON.stringify(id)}); it was discarded`,
    );
    if (!peeked.isAnswer) {
      answer(id, INVALID_REQUEST, `Invalid Request: the message was ${why}; it was discarded`, limit);
      return;
    }
    if (peeked.id === undefined) return;
    options.onMessage({
      jsonrpc: "2.0",
      id: peeked.id,
      error: {
        code: REFUSED_ANSWER_CODE,
        message: `The client's answer was ${why}, and was discarded by the gateway`,
        data: limit,
      },
    });
  };

  const onLine = (line: JsonRpcLine) => {
    if (line.kind === "message") options.onMessage(line.message);
    else if (line.kind === "not-json")
      answer(null, PARSE_ERROR, "Parse error: the line is not JSON", { line: excerpt(line.line) });
    else if (line.kind === "refused") refuse(line);
    else if (Array.isArray(line.value))
      answer(
        null,
        INVALID_REQUEST,
        "Invalid Request: JSON-RPC batches are not supported (MCP removed them in 2025-06-18); send one message per line",
      );
    else
      answer(
        echoableId(line.value),
        INVALID_REQUEST,
        "Invalid Request: not a JSON-RPC 2.0 request, notification or response",
        { line: excerpt(line.line) },
      );
  };

  return new JsonRpcLines({
    maxLineBytes: options.maxMessageBytes,
    parseMessage: parseJSONRPCMessage,
    ...(options.maxDepth === undefined ? {} : { maxDepth: options.maxDepth }),
    onLine,
  });
}

/** The id of a value shaped like a request (a string `method`), when it is a string or number. */
function echoableId(value: unknown): Id {
  if (typeof value !== "object" || value === null) return null;
  const { method, id } = value as { method?: unknown; id?: unknown };
  if (typeof method !== "string") return null;
  return typeof id === "string" || (typeof id === "number" && Number.isFinite(id)) ? id : null;
}
