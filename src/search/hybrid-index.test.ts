import { describe, expect, it } from "vitest";
import type { ServerTool } from "../spec/tool.js";
import { hashedEmbedder } from "./__fixtures__/hashed-embedder.js";
import { createHybridToolIndex, embeddingText } from "./hybrid-index.js";

const tool = (server: string, name: string, description: string): ServerTool => ({
  server,
  tool: { name, description, inputSchema: { type: "object", properties: { q: { type: "string" } } } },
});

const catalogue = [
  tool("mail", "send_email", "Send an email message to a recipient"),
  tool("chat", "post_message", "Post a message to a channel"),
  tool("weather", "get_forecast", "Weather forecast for a city"),
  tool("files", "read_file", "Read a file from disk"),
];

describe("createHybridToolIndex", () => {
  it("finds through the embedder what BM25 cannot (a synonym the fake model knows)", async () => {
    const embed = hashedEmbedder(256, { correspondence: "email" });
    const index = await createHybridToolIndex(catalogue, { embed });
    expect(index.lexical.search("correspondence", 5)).toEqual([]);
    const hits = await index.search("correspondence", 3);
    expect(hits[0]).toMatchObject({ server: "mail", tool: "send_email" });
    expect(embed.calls[0]).toEqual(catalogue.map(embeddingText));
  });

  it("fuses: a tool both lists rank high beats one only the lexical list knows", async () => {
    const index = await createHybridToolIndex(catalogue, {
      embed: hashedEmbedder(),
      fusion: { kind: "rrf", k: 1 },
    });
    const hits = await index.search("message", 2);
    expect(hits.map((hit) => hit.tool).sort()).toEqual(["post_message", "send_email"]);
    const weighted = await createHybridToolIndex(catalogue, {
      embed: hashedEmbedder(),
      fusion: { kind: "weighted", lexicalWeight: 0.5 },
    });
    expect((await weighted.search("weather forecast", 1))[0]?.tool).toBe("get_forecast");
  });

  it("falls back to lexical results when the embedder fails, reporting the error", async () => {
    const errors: unknown[] = [];
    let fail = false;
    const good = hashedEmbedder();
    const embed = async (texts: string[]) => {
      if (fail) throw new Error("endpoint down");
      return good(texts);
    };
    const index = await createHybridToolIndex(catalogue, { embed, onError: (error) => errors.push(error) });
    fail = true;
    const hits = await index.search("read file", 2);
    expect(hits[0]?.tool).toBe("read_file");
    expect(hits).toEqual(index.lexical.search("read file", 2));
    expect(errors).toHaveLength(1);
  });

  it("reports a wrong number of vectors and keeps the tools lexically searchable", async () => {
    const errors: unknown[] = [];
    const index = await createHybridToolIndex(catalogue, {
      embed: async (texts) => (texts.length > 1 ? [[1]] : [[1]]),
      onError: (error) => errors.push(error),
    });
    expect(String(errors[0])).toMatch(/returned 1 vectors for 4 texts/);
    expect((await index.search("forecast", 1))[0]?.tool).toBe("get_forecast");
  });

  it("replace and remove drop a server's vectors; a slow embedding for an outdated list is discarded", async () => {
    const base = hashedEmbedder(256, { correspondence: "email" });
    let release: () => void = () => {};
    let hold = false;
    const embed = async (texts: string[]) => {
      if (hold) await new Promise<void>((resolve) => (release = resolve));
      return base(texts);
    };
    const index = await createHybridToolIndex(catalogue, { embed });
    hold = true;
    const pending = index.replace("mail", [tool("mail", "send_email", "Send an email message")]);
    hold = false;
    expect(index.remove("mail")).toBe(1);
    release();
    await pending;
    expect(index.size).toBe(3);
    const hits = await index.search("correspondence email", 5);
    expect(hits.some((hit) => hit.server === "mail")).toBe(false);
    await index.add([tool("mail", "send_email", "Send an email message")]);
    expect((await index.search("correspondence", 1))[0]?.server).toBe("mail");
  });
});
