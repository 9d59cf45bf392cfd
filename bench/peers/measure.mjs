/**
 * One (client, measurement) in a fresh process: `node measure.mjs <client> <measurement>`. Loads
 * adapters/<client>.mjs, runs the measurement, prints one `RESULT {json}` line. run.mjs spawns this on Node 22.
 *
 * Adapter interface (every adapters/*.mjs exports these):
 *   shape                      what listAndConvert returns ("anthropic" or the peer's native tool type)
 *   connect(servers)           spawn + initialize + list every server, together; servers = [{ name, command, args }]
 *   listAndConvert()           list again and convert to the provider tools array; resolves to that array
 *   call(tool, args)           tools/call on the first server; resolves to the result's first text
 *   rebuildAfterChange()       call bench_mutate, follow the list_changed, resolve to the rebuilt tools array
 *   describeFirst(tools)       tool 0's description inside a converted array (checks the rebuild is real)
 *   dispatch(response)?        optional: Anthropic response → tool_result blocks (the dispatch row)
 *   close()
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const serverPath = join(here, "server", "server.mjs");

const server = (index, tools = 0) => ({
  name: `s${index}`,
  command: process.execPath,
  args: [serverPath, "--tools", String(tools)],
});
const servers = (count, tools = 0) => Array.from({ length: count }, (_, index) => server(index, tools));

const PAYLOAD_18 = "hello, benchmark!!"; // 18 bytes
const PAYLOAD_100K = "x".repeat(100 * 1024);

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const median = (values) => percentile(values, 50);

async function timed(work) {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

async function withSession(adapter, list, work) {
  await adapter.connect(list);
  try {
    return await work();
  } finally {
    await adapter.close();
  }
}

async function echoLatency(adapter, payload, warmup, count) {
  return withSession(adapter, servers(1), async () => {
    for (let i = 0; i < warmup; i += 1) await adapter.call("echo", { text: payload });
    const samples = [];
    // The server is another process, so this is the client's own CPU (user + system) over the timed loop.
    const cpuBefore = process.cpuUsage();
    for (let i = 0; i < count; i += 1) {
      const started = performance.now();
      const text = await adapter.call("echo", { text: payload });
      samples.push(performance.now() - started);
      if (text.length !== payload.length) throw new Error(`echo returned ${text.length} bytes`);
    }
    const cpu = process.cpuUsage(cpuBefore);
    return {
      p50_ms: median(samples),
      p99_ms: percentile(samples, 99),
      cpu_us: (cpu.user + cpu.system) / count,
    };
  });
}

async function listConvert(adapter, tools, quick) {
  return withSession(adapter, servers(1, tools), async () => {
    const first = await adapter.listAndConvert(); // warm-up (JIT, lazy imports)
    const samples = [];
    for (let i = 0; i < (quick ? 1 : 3); i += 1)
      samples.push((await timed(() => adapter.listAndConvert())).ms);
    return { ms: median(samples), tools: countOf(first) };
  });
}

function countOf(tools) {
  return Array.isArray(tools) ? tools.length : Object.keys(tools).length;
}

/** An Anthropic Messages response asking for these tool calls (what a model would return). */
function anthropicResponse(calls) {
  return {
    id: "msg_bench",
    type: "message",
    role: "assistant",
    model: "claude-bench",
    stop_reason: "tool_use",
    stop_sequence: null,
    usage: { input_tokens: 100, output_tokens: 40 },
    content: [
      { type: "text", text: "Calling tools." },
      ...calls.map(([name, input], index) => ({ type: "tool_use", id: `toolu_${index}`, name, input })),
    ],
  };
}

const measurements = {
  async connect1(adapter) {
    const { ms } = await timed(() => adapter.connect(servers(1)));
    await adapter.close();
    return { ms };
  },
  async connect10(adapter) {
    const { ms } = await timed(() => adapter.connect(servers(10)));
    await adapter.close();
    return { ms };
  },
  echo18: (adapter, quick) => echoLatency(adapter, PAYLOAD_18, 50, quick ? 200 : 1000),
  echo100k: (adapter, quick) => echoLatency(adapter, PAYLOAD_100K, 10, quick ? 50 : 200),
  async throughput32(adapter, quick) {
    const total = quick ? 512 : 2048;
    return withSession(adapter, servers(1), async () => {
      await Promise.all(Array.from({ length: 32 }, (_, i) => adapter.call("echo", { text: `w${i}` })));
      let next = 0;
      const worker = async () => {
        while (next < total) {
          next += 1;
          await adapter.call("echo", { text: PAYLOAD_18 });
        }
      };
      const { ms } = await timed(() => Promise.all(Array.from({ length: 32 }, worker)));
      return { calls_per_s: (total / ms) * 1000 };
    });
  },
  list1000: (adapter, quick) => listConvert(adapter, 1000, quick),
  list5000: (adapter, quick) => listConvert(adapter, 5000, quick),
  async listChanged5000(adapter, quick) {
    return withSession(adapter, servers(1, 5000), async () => {
      await adapter.listAndConvert();
      const samples = [];
      for (let revision = 1; revision <= (quick ? 2 : 4); revision += 1) {
        const { ms, value } = await timed(() => adapter.rebuildAfterChange());
        const description = adapter.describeFirst(value) ?? "";
        if (!description.includes(`(revision ${revision})`)) {
          throw new Error(`rebuild did not pick up revision ${revision}: ${description}`);
        }
        if (revision > 1) samples.push(ms); // the first rebuild warms the path up
      }
      return { ms: median(samples) };
    });
  },
  async memory10x200(adapter) {
    if (typeof globalThis.gc !== "function") throw new Error("run with --expose-gc");
    await adapter.connect(servers(10, 200));
    const tools = await adapter.listAndConvert();
    for (let i = 0; i < 3; i += 1) globalThis.gc();
    await new Promise((resolve) => setTimeout(resolve, 50));
    globalThis.gc();
    const usage = process.memoryUsage();
    const count = countOf(tools);
    await adapter.close();
    return { rss_mb: usage.rss / 2 ** 20, heap_mb: usage.heapUsed / 2 ** 20, tools: count };
  },
  async dispatch(adapter, quick) {
    if (typeof adapter.dispatch !== "function") return { skipped: "no dispatch path" };
    return withSession(adapter, servers(1), async () => {
      await adapter.listAndConvert();
      const name = (tool) => adapter.emittedName?.(tool) ?? tool;
      const response = anthropicResponse([
        [name("echo"), { text: "first" }],
        [name("add"), { a: 2, b: 3 }],
        [name("echo"), { text: "third" }],
        [name("add"), { a: 10, b: -4 }],
      ]);
      const check = await adapter.dispatch(response);
      const texts = check.map((block) => block.content?.[0]?.text ?? block.content);
      if (JSON.stringify(texts) !== JSON.stringify(["first", "5", "third", "6"])) {
        throw new Error(`dispatch answered ${JSON.stringify(check)}`);
      }
      for (let i = 0; i < 30; i += 1) await adapter.dispatch(response);
      const samples = [];
      for (let i = 0; i < (quick ? 100 : 400); i += 1)
        samples.push((await timed(() => adapter.dispatch(response))).ms);
      return { us: median(samples) * 1000 };
    });
  },
};

async function main() {
  const [client, measurement, flag] = process.argv.slice(2);
  const run = measurements[measurement];
  if (run === undefined) throw new Error(`unknown measurement ${measurement}`);
  const adapter = await import(join(here, "adapters", `${client}.mjs`));
  const result = await run(adapter, flag === "--quick");
  process.stdout.write(
    `RESULT ${JSON.stringify({ client, measurement, shape: adapter.shape, ...result })}\n`,
  );
}

main().then(
  // Peers that leave handles open (timers, child pipes) must not stall the orchestrator.
  () => setTimeout(() => process.exit(0), 20).unref(),
  (error) => {
    process.stderr.write(`${error?.stack ?? error}\n`);
    process.exit(1);
  },
);
