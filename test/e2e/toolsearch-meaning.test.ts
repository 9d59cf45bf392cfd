/**
 * Tool search finds a tool by what the query means, not only by the words it shares: real MCPToolBench++
 * questions ("What is the current share price of Amazon?") whose tool, the finance server's
 * get_stock_price_global_market, says "stock" and "symbols" where the question says "share price", among real
 * Smithery tools that do say "price" and "share" (a coin-price tool, Google Drive's file sharing). Served over
 * stdio by fixture servers, searched through the documented two-function path's facade, as a model would.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectHost, type Host } from "../../src/catalog/host.js";
import { answerResponse } from "../../src/dispatch/answer-response.js";
import { parseJsonl } from "../../src/search/eval-data.js";
import { startEmulator } from "../../src/testing/emulator/server.js";
import type { Emulator, RequestView, Turn } from "../../src/testing/emulator/types.js";
import { toolSearchToolset } from "../../src/toolsearch/tool-search-toolset.js";
import { fixtureServer } from "../fixtures/fixture-command.js";
import { sharedDataFile } from "../support/shared-data.js";
import { DRIVERS } from "./dispatch-drivers.js";
import { childPids, configOf } from "./helpers.js";

interface Row {
  server: string;
  name: string;
  description?: string;
  inputSchema?: unknown;
}
const rows = (set: string) =>
  parseJsonl(readFileSync(sharedDataFile(set, "tools.jsonl"), "utf8"), set) as Row[];
const servedBy = (set: string, server: string) =>
  rows(set)
    .filter((row) => row.server === server)
    .map(({ name, description, inputSchema }) => ({ name, description, inputSchema }));
/** Named as their publishers name them (the server's name is part of what search reads). */
const catalogue = {
  "finance-agent": servedBy("mcptoolbench-pp", "finance-agent-mcp-server"),
  coinranking: servedBy("smithery", "@coinranking/coinranking-mcp"),
  "google-drive": servedBy("smithery", "@rishipradeep-think41/google-drive-mcp"),
};
const questions = (
  parseJsonl(readFileSync(sharedDataFile("mcptoolbench-pp", "queries.jsonl"), "utf8"), "queries") as {
    query: string;
  }[]
)
  .map((row) => row.query)
  .filter((query) => /^What is the current share price of /.test(query))
  .slice(0, 6);

const STOCK = "finance-agent__get_stock_price_global_market";
/** Per search answer, the place (1 to 5) at which it lists the stock-price tool, or "-". */
const places = (view: RequestView) =>
  view.toolResults
    .map((result) => new RegExp(`^(\\d+)\\. ${STOCK}$`, "m").exec(result.text)?.[1] ?? "-")
    .join(" ");

function model(view: RequestView): Turn {
  if (view.turnIndex === 0) {
    return { toolCalls: questions.map((query) => ({ name: "search_tools", arguments: { query } })) };
  }
  return { text: places(view) };
}

let emulator: Emulator;
let host: Host;
beforeAll(async () => {
  emulator = await startEmulator({ script: model });
  const servers = Object.entries(catalogue).map(([name, tools]) =>
    fixtureServer("catalogue-server", {
      name,
      env: { FIXTURE_TOOLS: JSON.stringify(tools), FIXTURE_NAME: name },
    }),
  );
  host = await connectHost(configOf(...servers));
});
afterAll(async () => {
  await host?.close();
  await emulator?.close();
  expect(childPids()).toEqual([]);
});

describe("tool search by meaning", () => {
  it("lists the stock-price tool for share-price questions among coin-price and file-sharing tools", async () => {
    expect(questions).toHaveLength(6);
    expect(catalogue.coinranking.some((tool) => tool.name === "get_coin_price")).toBe(true);
    expect(catalogue["google-drive"].some((tool) => tool.name === "drive_share")).toBe(true);
    const [, makeDriver] = DRIVERS[0]!;
    const driver = makeDriver(emulator);
    const tools = toolSearchToolset({ catalog: host.catalog, target: driver.target, mode: "facade" });
    const toolset = await tools();
    const response = await driver.send(toolset.tools);
    driver.pushAssistant(response);
    const answer = await answerResponse(driver.wire, response as never, { toolset, host });
    expect(answer.results.map((result) => result.outcome)).toEqual(questions.map(() => "ok"));
    driver.append(answer.append);
    const found = driver.text(await driver.send((await tools()).tools));
    // Among the five each search lists (lexical search alone lists it for none of the six).
    expect(found).toMatch(/^[1-5]( [1-5]){5}$/);
  });
});
