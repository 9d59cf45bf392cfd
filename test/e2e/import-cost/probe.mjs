/**
 * Child process for import-cost.test.ts: imports the `switchboard` barrel (dist/), then uses it step by step,
 * and prints which npm packages, and which of switchboard's own modules, were loaded after each step. ESM loads
 * are seen through module hooks; CommonJS ones (`require`, including packages the barrel loads with
 * `createRequire`) through the require cache.
 *
 * argv: <dist/index.js path> <config JSON: a SwitchboardConfig to connect> [<calls JSON: { server, ok: [tool,
 * args], fails: tool } or null>, tools called after the connect: one that answers, then one the server refuses]
 * [<connect JSON: { features: "listing" | "run" }>: connect with the client features the listing commands
 * declare, or those `run` declares (a log level too)]
 */
import fs, { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire, register, syncBuiltinESMExports } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [barrelPath, configJson, callsJson, connectJson] = process.argv.slice(2);
const dir = mkdtempSync(join(tmpdir(), "switchboard-import-cost-"));
const out = join(dir, "loads.txt");
writeFileSync(out, "");
register(new URL("./record-loads.mjs", import.meta.url), { data: { out } });
const requireCache = createRequire(import.meta.url).cache;
// Data files a package ships are read, not loaded as modules (the tokenizer's dist/vendor/o200k.bin): every path
// `readFileSync` opens is recorded too, and bundledFiles() below names the package a vendored file comes from.
const filesRead = [];
const readFile = fs.readFileSync;
fs.readFileSync = function recordRead(path, ...rest) {
  if (typeof path === "string") filesRead.push(path);
  return readFile.call(this, path, ...rest);
};
syncBuiltinESMExports();

const distRoot = pathToFileURL(barrelPath).href.replace(/[^/]+$/, "");
/** The bundle's record of the npm packages each output file carries (scripts/bundle.mjs); none for dist/. */
const bundled = bundledFiles();

function bundledFiles() {
  // The vendored tokenizer (dist/vendor/, loaded with `require`: a path in the require cache) and the bundle's
  // chunks (ESM URLs), each with the packages it carries.
  const vendor = pathToFileURL(
    join(barrelPath.slice(0, barrelPath.lastIndexOf("/dist/")), "dist", "vendor", "/"),
  ).href;
  const entries = [
    ...manifestFiles(vendor, "vendored-packages.json"),
    ...manifestFiles(distRoot, "bundled-packages.json"),
  ];
  return new Map(
    entries.flatMap(([url, names]) => [
      [url, names],
      [fileURLToPath(url), names],
    ]),
  );
}

function manifestFiles(folder, name) {
  try {
    const manifest = JSON.parse(readFileSync(new URL(name, folder), "utf8"));
    return Object.entries(manifest.files).map(([file, names]) => [`${folder}${file}`, names]);
  } catch (error) {
    if (error.code === "ENOENT") return [];
    throw error;
  }
}

/** npm packages behind these module URLs: their node_modules folder, or the bundle chunk that carries them. */
function namesIn(urls) {
  const names = new Set();
  for (const url of urls) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
    if (match?.[1] !== undefined) names.add(match[1]);
    for (const name of bundled.get(url) ?? []) names.add(name);
  }
  return [...names].sort();
}

function packages() {
  return namesIn([...readFileSync(out, "utf8").split("\n"), ...Object.keys(requireCache), ...filesRead]);
}

/** switchboard's own modules loaded so far, as paths under dist/ (`providers/anthropic/message-response.js`). */
function ownModules() {
  const urls = readFileSync(out, "utf8").split("\n");
  return [
    ...new Set(urls.filter((url) => url.startsWith(distRoot)).map((url) => url.slice(distRoot.length))),
  ].sort();
}

/** Packages loaded through `require` (their CommonJS builds), e.g. a second copy of an ESM-loaded package. */
function requiredPackages() {
  return namesIn(Object.keys(requireCache));
}

const steps = {};
const own = {};
const sb = await import(pathToFileURL(barrelPath).href);
steps.imported = packages();
// Node's own modules (process.moduleLoadList) after importing: `node:http` must wait for its first use.
const builtinsImported = process.moduleLoadList
  .filter((entry) => entry.startsWith("NativeModule "))
  .map((entry) => entry.slice("NativeModule ".length));
own.imported = ownModules();

// Adapters are made (keys checked) without their SDKs.
const anthropic = sb.anthropicAdapter({
  model: "claude-test",
  clientOptions: {
    apiKey: "test-key",
    baseURL: "http://127.0.0.1:9",
    maxRetries: 0,
    fetch: async () =>
      new Response(
        JSON.stringify({
          id: "msg_1",
          type: "message",
          role: "assistant",
          model: "claude-test",
          content: [{ type: "text", text: "hello from the fake API" }],
          stop_reason: "end_turn",
          stop_sequence: null,
          usage: { input_tokens: 3, output_tokens: 5 },
        }),
        { status: 200, headers: { "content-type": "application/json" } },
      ),
  },
});
sb.openaiChatAdapter({ model: "gpt-test", clientOptions: { apiKey: "test-key" } });
sb.openaiResponsesAdapter({ model: "gpt-test", clientOptions: { apiKey: "test-key" } });
sb.openaiCompatibleAdapter({ model: "local", clientOptions: { baseURL: "http://127.0.0.1:9/v1" } });
sb.geminiAdapter({ model: "gemini-test", clientOptions: { apiKey: "test-key" } });
steps.adapters = packages();
own.adapters = ownModules();

// Load the config from a file, as the CLI and openSession do: zod's ES module, and nothing of the MCP SDK.
const configFile = join(dir, "switchboard.json");
writeFileSync(configFile, configJson);
const config = await sb.loadConfig(configFile);
steps.configLoaded = packages();
const requiredAfterConfig = requiredPackages();

// Connect real servers and translate their tools for every target.
// `inspect`'s features (cli/listing-features.ts): nobody to ask, so sampling is refused and elicitation declined.
const listingFeatures = {
  sampling: async () => ({ rejected: "only listing" }),
  elicitation: { url: true, handle: async () => ({ action: "decline" }) },
  roots: () => [{ uri: pathToFileURL(dir).href }],
};
const connect = connectJson === undefined ? {} : JSON.parse(connectJson);
// `run` and `chat` also ask servers that declare logging for a level (`logging/setLevel` after the listing).
const features =
  connect.features === "run"
    ? { ...listingFeatures, logLevel: "warning" }
    : connect.features === "listing"
      ? listingFeatures
      : undefined;
const host = await sb.connectHost(config, features === undefined ? {} : { features });
const tools = host.catalog.snapshot().tools;
steps.listed = packages();
let refusal;
let answered;
const calls = callsJson === undefined ? null : JSON.parse(callsJson);
if (calls !== null) {
  const answer = await host.callTool(calls.server, calls.ok[0], calls.ok[1]);
  answered = answer.content?.[0]?.text;
  steps.toolCalled = packages();
  refusal = await host.callTool(calls.server, calls.fails, {}).then(
    () => undefined,
    (error) => ({
      name: error.name,
      code: error.code,
      cause: error.cause?.name,
      causeCode: error.cause?.code,
    }),
  );
  steps.toolRefused = packages();
}
const translated = {};
for (const target of Object.keys(sb.TARGETS))
  translated[target] = sb.buildToolset(tools, target).tools.length;
await host.close();
steps.connected = packages();
// Estimating a toolset's tokens reads the o200k tokenizer's ranks (the package's vendored copy of gpt-tokenizer's).
sb.estimateToolsetTokens(sb.buildToolset(tools, "anthropic"), { model: "claude-sonnet-4-5" });
steps.estimated = packages();
own.connected = ownModules();
const requiredAfterConnect = requiredPackages();

// The first model call loads that adapter's SDK, and only that one.
const answer = await anthropic.generate({ messages: [anthropic.userMessage("hi")], tools: [] });
steps.called = packages();
own.called = ownModules();

// Opening a ledger loads better-sqlite3.
const ledger = sb.openLedger(join(dir, "ledger.sqlite"), { create: true });
ledger.close();
steps.ledger = packages();

rmSync(dir, { recursive: true, force: true });
process.stdout.write(
  `${JSON.stringify({ steps, own, refusal, answered, builtinsImported, requiredAfterConfig, requiredAfterConnect, toolCount: tools.length, translated, text: answer.text })}\n`,
);
