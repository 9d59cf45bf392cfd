/**
 * Rebuild cost after a `list_changed`: a 5,000-tool catalogue (the first 5,000 Smithery tools, whole servers) in
 * which one tool changes, rebuilt with the per-tool translation cache vs from scratch, for the targets with the
 * most different repair paths. Each round changes the tool again (a new generation), so every incremental build
 * really has one changed tool; the two results are checked byte-identical. Then list + convert (SDK listing over an
 * in-memory transport, catalogue, translation) for 1,000 and 5,000 tools, and the first `tools/call` after a
 * listing of tools with output schemas, with the SDK's default validator and with a lazily compiling one.
 */
import type { jsonSchemaValidator } from "@modelcontextprotocol/client";
import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/client/validators/ajv";
import { Server } from "@modelcontextprotocol/server";
import * as z from "zod";
import { Catalog } from "../src/catalog/catalog.js";
import { fetchListing } from "../src/connect/fetch-listing.js";
import { lazyValidator } from "../src/connect/lazy-validator.js";
import type { ServerListing } from "../src/connect/types.js";
import type { TargetId } from "../src/providers/targets.js";
import { buildToolset } from "../src/toolset/build-toolset.js";
import { ToolTranslationCache } from "../src/toolset/translation-cache.js";
import { smitheryCorpus } from "../test/support/smithery-corpus.js";
import { type BenchContext, median } from "./run.js";

type SdkTool = ServerListing["tools"][number];

const TARGETS: readonly TargetId[] = ["anthropic", "anthropic-strict", "openai-strict", "gemini", "mcp"];

function listingOf(tools: readonly SdkTool[]): ServerListing {
  return { tools: [...tools], resources: [], resourceTemplates: [], prompts: [] };
}

/** The first `count` corpus tools, as SDK tool listings grouped by server. */
function corpusServers(count: number): Map<string, SdkTool[]> {
  const servers = new Map<string, SdkTool[]>();
  for (const item of smitheryCorpus().slice(0, count)) {
    const tools = servers.get(item.server) ?? [];
    tools.push({ ...item.tool } as SdkTool);
    servers.set(item.server, tools);
  }
  return servers;
}

async function rebuildRows(context: BenchContext): Promise<void> {
  const servers = corpusServers(5000);
  const catalog = new Catalog();
  for (const [server, tools] of servers) catalog.update(server, listingOf(tools));
  // A server in the middle of the catalogue, so the changed tool is neither first nor last.
  const names = [...servers.keys()].sort();
  const changed = names[Math.floor(names.length / 2)] as string;
  const base = servers.get(changed) as SdkTool[];
  let version = 0;
  const changeOneTool = () => {
    version += 1;
    const [first, ...rest] = base;
    const edited = { ...(first as SdkTool), description: `${first?.description ?? ""} (v${version})` };
    catalog.update(changed, listingOf([edited, ...rest]));
  };
  context.log(
    `catalogue: ${catalog.snapshot().tools.length} tools from ${servers.size} servers; changing one tool of "${changed}"`,
  );

  for (const target of TARGETS) {
    const cache = new ToolTranslationCache();
    buildToolset(catalog.snapshot().tools, target, { cache }); // warm the cache and the JIT
    buildToolset(catalog.snapshot().tools, target);
    const full: number[] = [];
    const incremental: number[] = [];
    let misses = 0;
    for (let round = 0; round < 5; round += 1) {
      changeOneTool();
      const tools = catalog.snapshot().tools;
      let start = performance.now();
      const fast = buildToolset(tools, target, { cache });
      incremental.push(performance.now() - start);
      misses = cache.lastBuild.misses;
      start = performance.now();
      const fresh = buildToolset(tools, target);
      full.push(performance.now() - start);
      if (fast.json !== fresh.json || fast.hash !== fresh.hash) {
        throw new Error(`${target}: incremental rebuild differs from a fresh build`);
      }
    }
    const fullMs = median(full);
    const incrementalMs = median(incremental);
    context.report({
      name: `rebuild 5,000 tools, 1 changed: ${target}`,
      values: {
        full_ms: Number(fullMs.toFixed(1)),
        incremental_ms: Number(incrementalMs.toFixed(1)),
        speedup: Number((fullMs / incrementalMs).toFixed(1)),
        retranslated: misses,
      },
    });
  }
}

/** An in-memory MCP server listing `tools`; its calls answer with structured content. */
async function inMemoryClient(
  tools: readonly SdkTool[],
  validator?: jsonSchemaValidator,
): Promise<{ client: Client; close(): Promise<void> }> {
  const server = new Server({ name: "bench", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler("tools/list", () => ({ tools: tools as never }));
  server.setRequestHandler("tools/call", () => ({ content: [], structuredContent: { result: "x" } }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide as never);
  const client = new Client(
    { name: "bench", version: "1.0.0" },
    validator === undefined ? {} : { jsonSchemaValidator: validator },
  );
  await client.connect(clientSide);
  return {
    client,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

const looseList = z.looseObject({
  tools: z.array(z.looseObject({ name: z.string() })),
  nextCursor: z.string().optional(),
});

async function listConvertRows(context: BenchContext): Promise<void> {
  const corpus = smitheryCorpus();
  for (const count of [1000, 5000]) {
    const tools = corpus
      .slice(0, count)
      .map((item, index) => ({ ...item.tool, name: `t${index}` }) as SdkTool);
    const { client, close } = await inMemoryClient(tools);
    try {
      const capabilities = client.getServerCapabilities() ?? {};
      const list: number[] = [];
      const raw: number[] = [];
      const convert: number[] = [];
      for (let round = 0; round < 6; round += 1) {
        let start = performance.now();
        const { listing } = await fetchListing(client, capabilities, ["tools"], {});
        const listMs = performance.now() - start;
        start = performance.now();
        await client.request({ method: "tools/list", params: {} }, looseList);
        const rawMs = performance.now() - start;
        start = performance.now();
        const catalog = new Catalog();
        catalog.update("bench", listingOf(listing.tools ?? []));
        buildToolset(catalog.snapshot().tools, "anthropic");
        const convertMs = performance.now() - start;
        if (round === 0) continue; // warm-up
        list.push(listMs);
        raw.push(rawMs);
        convert.push(convertMs);
      }
      context.report({
        name: `list + convert ${count.toLocaleString("en")} tools (anthropic)`,
        values: {
          list_ms: Number(median(list).toFixed(1)),
          list_unvalidated_ms: Number(median(raw).toFixed(1)),
          convert_ms: Number(median(convert).toFixed(1)),
          total_ms: Number((median(list) + median(convert)).toFixed(1)),
        },
      });
    } finally {
      await close();
    }
  }
}

async function firstCallRows(context: BenchContext): Promise<void> {
  const count = 1000;
  const tools = smitheryCorpus()
    .slice(0, count)
    .map(
      (item, index) =>
        ({
          ...item.tool,
          name: `t${index}`,
          outputSchema: {
            type: "object",
            properties: { result: { type: "string", pattern: `^x|${index}` } },
            required: ["result"],
          },
        }) as unknown as SdkTool,
    );
  const timings: Record<string, number> = {};
  for (const mode of ["eager", "lazy"] as const) {
    const { client, close } = await inMemoryClient(
      tools,
      mode === "lazy" ? lazyValidator(new AjvJsonSchemaValidator()) : undefined,
    );
    try {
      const samples: number[] = [];
      for (let round = 0; round < 4; round += 1) {
        await client.listTools(undefined, { cacheMode: "refresh" });
        const start = performance.now();
        await client.callTool({ name: "t1", arguments: {} });
        if (round > 0) samples.push(performance.now() - start);
      }
      timings[mode] = median(samples);
    } finally {
      await close();
    }
  }
  const eager = timings.eager ?? Number.NaN;
  const lazy = timings.lazy ?? Number.NaN;
  context.report({
    name: "first tools/call after listing 1,000 tools w/ outputSchema",
    values: {
      sdk_default_ms: Number(eager.toFixed(1)),
      lazy_validator_ms: Number(lazy.toFixed(1)),
      speedup: Number((eager / lazy).toFixed(1)),
    },
  });
}

export default async function rebuildBench(context: BenchContext): Promise<void> {
  await rebuildRows(context);
  await listConvertRows(context);
  await firstCallRows(context);
}
