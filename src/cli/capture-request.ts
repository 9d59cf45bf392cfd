/**
 * `--dry-run`: a `fetch` for the provider SDK that records the first request it is asked to send and sends
 * nothing. The body is the SDK's own serialisation, so what is printed is exactly what would go on the wire.
 */
export interface CapturedRequest {
  method: string;
  url: string;
  /** The JSON body, parsed; the raw text when it is not JSON. */
  body: unknown;
}

export class DryRunStop extends Error {
  override name = "DryRunStop";
}

export function captureRequest(): { fetch: typeof fetch; captured(): CapturedRequest | undefined } {
  let first: CapturedRequest | undefined;
  const capture: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    const text = typeof init?.body === "string" ? init.body : "";
    first ??= { method, url, body: parse(text) };
    throw new DryRunStop("dry run: request not sent");
  };
  return { fetch: capture, captured: () => first };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
