import { describe, expect, it } from "vitest";
import { isSwitchboardError } from "../errors.js";
import { EmbeddingError, openAiEmbedder } from "./openai-embedder.js";

interface Seen {
  url: string;
  init: RequestInit;
}

function fakeFetch(
  respond: (body: { model: string; input: string[] }) => Response,
  seen: Seen[],
): typeof fetch {
  return (async (url: string | URL | Request, init?: RequestInit) => {
    seen.push({ url: String(url), init: init ?? {} });
    return respond(JSON.parse(String(init?.body)));
  }) as typeof fetch;
}

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json" } });

describe("openAiEmbedder", () => {
  it("posts model and input to {baseUrl}/embeddings and returns vectors in input order", async () => {
    const seen: Seen[] = [];
    const embed = openAiEmbedder({
      baseUrl: "http://localhost:11434/v1/",
      model: "nomic-embed-text",
      apiKey: "sk-secret",
      dimensions: 2,
      fetch: fakeFetch(
        (body) =>
          json({
            data: body.input.map((text, index) => ({ index, embedding: [text.length, index] })).reverse(),
          }),
        seen,
      ),
    });
    expect(await embed(["a", "bbb"])).toEqual([
      [1, 0],
      [3, 1],
    ]);
    expect(seen[0]?.url).toBe("http://localhost:11434/v1/embeddings");
    expect(JSON.parse(String(seen[0]?.init.body))).toEqual({
      model: "nomic-embed-text",
      input: ["a", "bbb"],
      dimensions: 2,
    });
    const headers = (seen[0]?.init.headers ?? {}) as Record<string, string>;
    expect(headers.authorization).toBe("Bearer sk-secret");
    expect(await embed([])).toEqual([]);
    expect(seen).toHaveLength(1);
  });

  it("throws a typed error with the status and without the key on an HTTP error", async () => {
    const embed = openAiEmbedder({
      baseUrl: "http://localhost:1/v1",
      model: "m",
      apiKey: "sk-secret",
      fetch: fakeFetch(() => json({ error: { message: "model not found" } }, 404), []),
    });
    const error = await embed(["x"]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EmbeddingError);
    expect(isSwitchboardError(error)).toBe(true);
    expect((error as EmbeddingError).status).toBe(404);
    expect((error as Error).message).toMatch(/answered 404: .*model not found/);
    expect((error as Error).message).not.toContain("sk-secret");
  });

  it("rejects malformed bodies: wrong count, non-numeric vectors, indices that do not cover the input", async () => {
    const respondWith = (body: unknown) =>
      openAiEmbedder({ baseUrl: "http://x", model: "m", fetch: fakeFetch(() => json(body), []) });
    await expect(respondWith({ data: [] })(["a"])).rejects.toThrow(/no "data" array of 1 vectors/);
    await expect(respondWith({ data: [{ embedding: ["1"] }] })(["a"])).rejects.toThrow(/non-numeric/);
    await expect(
      respondWith({
        data: [
          { index: 0, embedding: [1] },
          { index: 0, embedding: [2] },
        ],
      })(["a", "b"]),
    ).rejects.toThrow(/do not cover the input/);
  });

  it("wraps a network failure", async () => {
    const embed = openAiEmbedder({
      baseUrl: "http://x",
      model: "m",
      fetch: (async () => {
        throw new TypeError("fetch failed");
      }) as typeof fetch,
    });
    await expect(embed(["a"])).rejects.toThrow(
      /embeddings request to http:\/\/x\/embeddings failed: fetch failed/,
    );
  });
});
