/**
 * An Embedder backed by an OpenAI-compatible `POST {baseUrl}/embeddings` endpoint (OpenAI, Ollama's `/v1`,
 * vLLM, LiteLLM, ...). The API key is sent only as a header and never appears in errors.
 */
import { SwitchboardError } from "../errors.js";
import type { Embedder } from "./hybrid-index.js";

/** Where and how `openAiEmbedder` calls an OpenAI-compatible embeddings endpoint. */
export interface OpenAiEmbedderOptions {
  /** e.g. `https://api.openai.com/v1` or `http://localhost:11434/v1`. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Requested vector size, for models that support shortening. */
  dimensions?: number;
  /** Defaults to the global fetch; injectable for tests and proxies. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export class EmbeddingError extends SwitchboardError {
  override name = "EmbeddingError";
  readonly status: number | undefined;

  constructor(message: string, options?: { cause?: unknown; status?: number }) {
    super("EMBEDDINGS_FAILED", message, options);
    this.status = options?.status;
  }
}

/** An `Embedder` that posts batches of texts to `{baseUrl}/embeddings`; failures are `EmbeddingError`s. */
export function openAiEmbedder(options: OpenAiEmbedderOptions): Embedder {
  const url = `${options.baseUrl.replace(/\/+$/, "")}/embeddings`;
  const fetchImpl = options.fetch ?? fetch;
  return async (texts) => {
    if (texts.length === 0) return [];
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(options.apiKey === undefined ? {} : { authorization: `Bearer ${options.apiKey}` }),
        },
        body: JSON.stringify({
          model: options.model,
          input: texts,
          ...(options.dimensions === undefined ? {} : { dimensions: options.dimensions }),
        }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
    } catch (error) {
      throw new EmbeddingError(`embeddings request to ${url} failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
    if (!response.ok) {
      const detail = (await response.text().catch(() => "")).slice(0, 300);
      throw new EmbeddingError(`embeddings endpoint ${url} answered ${response.status}: ${detail}`, {
        status: response.status,
      });
    }
    return readVectors(await response.json().catch(() => undefined), texts.length, url);
  };
}

/** `{ data: [{ index, embedding }] }` → vectors in input order. */
function readVectors(body: unknown, count: number, url: string): number[][] {
  const data = (body as { data?: unknown } | undefined)?.data;
  if (!Array.isArray(data) || data.length !== count) {
    throw new EmbeddingError(`embeddings endpoint ${url} returned no "data" array of ${count} vectors`);
  }
  const vectors: number[][] = new Array(count);
  data.forEach((item: { index?: unknown; embedding?: unknown }, position) => {
    const index = typeof item?.index === "number" ? item.index : position;
    const embedding = item?.embedding;
    if (!Array.isArray(embedding) || !embedding.every((value) => typeof value === "number")) {
      throw new EmbeddingError(`embeddings endpoint ${url} returned a non-numeric embedding at ${position}`);
    }
    vectors[index] = embedding;
  });
  for (let index = 0; index < count; index += 1) {
    if (vectors[index] !== undefined && vectors.length === count) continue;
    throw new EmbeddingError(`embeddings endpoint ${url} returned indices that do not cover the input`);
  }
  return vectors;
}
