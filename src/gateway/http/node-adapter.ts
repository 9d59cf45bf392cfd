/**
 * node:http ↔ fetch: the SDK's Streamable HTTP transport speaks web-standard `Request`/`Response`. Bodies stream in
 * both directions (SSE responses are written as they are produced), and a client that goes away aborts the
 * request's signal so the SDK can stop work for it.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";

/** `res` is watched, not `req`: a request stream also closes once its body has been read. */
export function toWebRequest(req: IncomingMessage, res: ServerResponse, origin: string): Request {
  const controller = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = req.method ?? "GET";
  const init: RequestInit & { duplex?: "half" } = { method, headers, signal: controller.signal };
  if (method !== "GET" && method !== "HEAD") {
    init.body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
    init.duplex = "half";
  }
  return new Request(new URL(req.url ?? "/", origin), init);
}

export async function writeWebResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    const previous = headers[name];
    headers[name] =
      previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  });
  res.writeHead(response.status, headers);
  if (response.body === null) {
    res.end();
    return;
  }
  // An SSE stream may not produce its first event for a while: send the headers now. Other bodies go out with
  // their headers in one write.
  if (response.headers.get("content-type")?.includes("text/event-stream")) res.flushHeaders();
  const reader = response.body.getReader();
  res.once("close", () => {
    reader.cancel().catch(() => {});
  });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) {
        await new Promise<void>((resolve) => {
          res.once("drain", resolve);
          res.once("close", resolve);
        });
      }
    }
  } catch {
    // The client went away or the stream was cancelled: nothing left to write to.
  } finally {
    res.end();
  }
}
