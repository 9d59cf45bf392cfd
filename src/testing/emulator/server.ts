import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { PromptCache } from "./anthropic-cache.js";
import { ids } from "./ids.js";
import { type EmulatorState, type Reply, rejection } from "./reply.js";
import { findRoute, hasCredentials, providerForPath } from "./routes.js";
import type { Emulator, EmulatorOptions, ProviderName, RecordedRequest } from "./types.js";
import { isRecord } from "./view-helpers.js";
import { AUTH_ERRORS, notFound, scriptFailure, unparsableBody } from "./wire-errors.js";

/**
 * Starts a strict provider emulator on 127.0.0.1: the Anthropic, OpenAI and Gemini HTTP APIs as their official
 * SDKs call them, rejecting what the real APIs reject (same status, error shape and text) and answering valid
 * requests from `options.script`. Point each SDK's base URL at `emulator.baseUrls`.
 *
 * @example
 * ```ts
 * const emulator = await startEmulator({ script: callThenAnswer("get_weather", { city: "Paris" }) });
 * const adapter = anthropicAdapter({
 *   model: "claude-opus-4-8",
 *   clientOptions: { apiKey: "test", baseURL: emulator.baseUrls.anthropic },
 * });
 * // ... runAgent({ adapter, host, ... }), then assert on emulator.requests
 * await emulator.close();
 * ```
 */
export async function startEmulator(options: EmulatorOptions): Promise<Emulator> {
  const state: EmulatorState = {
    script: options.script,
    anthropicNameMaxLength: options.anthropicNameMaxLength ?? 128,
    anthropicCacheMinimums: options.anthropicCacheMinimums ?? {},
    cache: new PromptCache(options.now ?? Date.now),
    responses: new Map(),
    reasoningFor: new Map(),
    streamEventDelayMs: options.streamEventDelayMs ?? 0,
  };
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    handle(request, state)
      .then(({ provider, path, body, reply }) => {
        requests.push({
          provider,
          method: request.method ?? "",
          path,
          body,
          status: reply.status,
          response: reply.body,
        });
        send(response, provider, reply, state.streamEventDelayMs);
      })
      .catch((error: unknown) => {
        const provider = providerForPath(request.url ?? "/");
        send(response, provider, rejection(scriptFailure(provider, `internal error: ${String(error)}`)));
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    baseUrls: { anthropic: url, openai: `${url}/v1`, gemini: url },
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections(); // SDK clients keep connections alive
      }),
  };
}

async function handle(
  request: IncomingMessage,
  state: EmulatorState,
): Promise<{ provider: ProviderName; path: string; body: unknown; reply: Reply }> {
  const target = new URL(request.url ?? "/", "http://emulator");
  const path = target.pathname;
  const method = request.method ?? "GET";
  const text = await readText(request);
  const body = parseJson(text);
  const route = findRoute(method, path);
  if (route === undefined) {
    const provider = providerForPath(path);
    return { provider, path, body, reply: rejection(notFound(provider, method, path)) };
  }
  const { provider } = route;
  // Like the real APIs, credentials are checked before the body is validated.
  if (!hasCredentials(provider, request.headers, target.searchParams)) {
    return { provider, path, body, reply: rejection(AUTH_ERRORS[provider]) };
  }
  if (!isRecord(body)) return { provider, path, body, reply: rejection(unparsableBody(provider)) };
  return { provider, path, body, reply: route.handler(body, state, route.model) };
}

function send(response: ServerResponse, provider: ProviderName, reply: Reply, delayMs = 0): void {
  const headers: Record<string, string> = {};
  if (provider === "anthropic") headers["request-id"] = ids.anthropicRequest();
  if (provider === "openai") headers["x-request-id"] = ids.openaiRequest();
  if (reply.stream !== undefined) {
    response.writeHead(reply.status, {
      ...headers,
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
    });
    writeEvents(response, reply.stream, delayMs);
    return;
  }
  response.writeHead(reply.status, { ...headers, "content-type": "application/json" });
  response.end(JSON.stringify(reply.body));
}

/** Writes the events one by one, so a client sees the first before the last is sent; stops if the client left. */
function writeEvents(response: ServerResponse, events: readonly string[], delayMs: number): void {
  let next = 0;
  const step = () => {
    if (response.destroyed) return;
    if (next >= events.length) {
      response.end();
      return;
    }
    response.write(events[next++]);
    if (delayMs > 0) setTimeout(step, delayMs);
    else setImmediate(step);
  };
  step();
}

function readText(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

/** The parsed body, or the raw text when it is not JSON (recorded as received). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
