/**
 * Leave-one-dataset-out tuning of the tool retriever: every choice (k1/b, field weights, plain-BM25 fusion
 * weight, word-vector fusion weight, term associations, query cleanup, Chinese gloss, WordNet synonyms,
 * pseudo-relevance feedback) is picked on two query sets and reported on the third. Each of MetaTool, ToolLens
 * (train) and MCPToolBench++ gets 1,731 Smithery distractors (the size of the Smithery hold-out). Tuning is
 * coordinate ascent from the shipped default, one choice at a time in the order below, on a subsample of each
 * tuning set (SUBSAMPLE queries, by SHA-1 of the query id). A change is kept when neither tuning set's
 * (R@1 + R@5) / 2 drops and together they gain more than MIN_GAIN, half a point by default (OBJECTIVE below).
 * The tuned configuration then runs on the left-out set's full queries beside the plain baseline and the
 * shipped default, with paired 95% intervals. Last, an ablation: each candidate switched on (or off) alone
 * against the shipped default, full query sets.
 * Term associations (learn-associations.ts) are one more choice: learned, for a set being scored, only from
 * the other sets in play (inside tuning, the other tuning set; for the left-out set, both tuning sets), never
 * from the set searched.
 * Run: `node --import tsx bench/tune-search.ts` (ABLATION=0 skips the ablation, ABLATION_ONLY=assoc runs only
 * the toggles whose label has that text; OBJECTIVE=mean15|r5, MIN_GAIN, SUBSAMPLE, ASSOC=0, ASSOC_GRID,
 * FOLDS=toollens,… see below).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createBaselineIndex } from "../src/search/baseline-index.js";
import {
  type EvalQuery,
  parseJsonl,
  pickDistractors,
  readQueries,
  readTools,
} from "../src/search/eval-data.js";
import {
  type AssociationCounts,
  type AssociationExample,
  type AssociationOptions,
  type AssociationTable,
  countAssociations,
  learnAssociations,
  selectAssociations,
} from "../src/search/learn-associations.js";
import {
  compareToBaseline,
  evaluateRetriever,
  type Retriever,
  type RetrieverRun,
} from "../src/search/run-eval.js";
import { DEFAULT_SEARCH_CONFIG, type SearchConfig } from "../src/search/search-config.js";
import { associationExpansion } from "../src/search/term-associations.js";
import { createToolIndex, toolKey } from "../src/search/tool-index.js";
import type { ServerTool } from "../src/spec/tool.js";
import { sharedDataFile } from "../test/support/shared-data.js";
import { chineseGloss } from "./search-candidates/chinese-gloss.js";
import { wordnetSynonyms } from "./search-candidates/synonyms.js";

const SUBSAMPLE = Number(process.env.SUBSAMPLE ?? 400);
/** A change must lift the objective by this much to be kept (0.005 = half a point: about the samples' noise). */
const MIN_GAIN = Number(process.env.MIN_GAIN ?? 0.005);
const DISTRACTORS = 1_731;
const KS = [1, 5, 10];
const DATASETS = ["metatool", "toollens", "mcptoolbench-pp"] as const;

function load(dataset: string, file: string): unknown[] {
  const path = sharedDataFile(dataset, file);
  return parseJsonl(readFileSync(path, "utf8"), path);
}

interface DataSet {
  name: string;
  catalogue: ServerTool[];
  queries: EvalQuery[];
  sample: EvalQuery[];
  /** Every query with its gold tools (first of each group), for learning term associations. */
  examples: AssociationExample[];
}

const smithery = readTools(load("smithery", "tools.jsonl"), "smithery");
const sets: DataSet[] = DATASETS.map((name) => {
  const own = readTools(load(name, "tools.jsonl"), name);
  const queries = readQueries(load(name, "queries.jsonl"), name);
  const order = (q: EvalQuery) => createHash("sha1").update(q.id).digest("hex");
  const sample = [...queries].sort((a, b) => (order(a) < order(b) ? -1 : 1)).slice(0, SUBSAMPLE);
  const byKey = new Map(own.map((item) => [toolKey(item.server, item.tool.name), item]));
  const examples = queries.map((q) => ({
    query: q.query,
    tools: q.groups.flatMap((group) => {
      const gold = byKey.get(group[0] ?? "");
      return gold === undefined ? [] : [gold];
    }),
  }));
  return {
    name,
    catalogue: [...own, ...pickDistractors(smithery, own, DISTRACTORS)],
    queries,
    sample,
    examples,
  };
});

/** Term associations to learn (from the sets other than the one searched) and the weight they join at. */
interface AssocSetting {
  options: AssociationOptions;
  weight: number;
  maxShare?: number;
}

/**
 * One value of one choice: a label and how it changes a configuration; an associations option sets (or, with
 * "none", clears) the candidate's association setting instead.
 */
interface Option {
  label: string;
  apply(config: SearchConfig): SearchConfig;
  assoc?: AssocSetting | "none";
}

const { stem: _porter, ...unstemmed } = DEFAULT_SEARCH_CONFIG.tokenize;
const without = (config: SearchConfig, key: keyof SearchConfig): SearchConfig => {
  const { [key]: _dropped, ...rest } = config;
  return rest as SearchConfig;
};
/**
 * Grid for the associations choice: [min count, min tools, top k, min PMI, weight, smoothing, max share (-1:
 * none)]. ASSOC_GRID (JSON) replaces it.
 */
const ASSOC_GRID: AssocSetting[] = (
  JSON.parse(
    process.env.ASSOC_GRID ??
      "[[3,2,3,0,0.2,30,-1],[3,2,3,0,0.5,30,-1],[3,2,3,0,0.5,30,0],[3,2,5,0,0.3,30,-1],[3,2,3,0,0.3,0,-1]]",
  ) as number[][]
).map(([minCount = 3, minTools = 2, topK = 3, minPmi = 0, weight = 0.2, smoothing = 0, maxShare = -1]) => ({
  options: { minCount, minTools, topK, minPmi, smoothing },
  weight,
  ...(maxShare < 0 ? {} : { maxShare }),
}));
const assocLabel = ({ options: o, weight, maxShare }: AssocSetting) =>
  `assoc=c${o.minCount}/t${o.minTools}/k${o.topK}/pmi${o.minPmi}/s${o.smoothing ?? 0}/w${weight}${maxShare === undefined ? "" : `/share<=${maxShare}`}`;
const ASSOCIATIONS: { name: string; options: Option[] } = {
  name: "associations",
  options: [
    { label: "no assoc", apply: (c) => c, assoc: "none" },
    ...ASSOC_GRID.map((setting) => ({
      label: assocLabel(setting),
      apply: (c: SearchConfig) => c,
      assoc: setting,
    })),
  ],
};

const CHOICES: { name: string; options: Option[] }[] = [
  {
    name: "k1/b",
    options: [
      [1.2, 0.75],
      [1.2, 0.5],
      [0.9, 0.4],
      [1.6, 0.75],
    ].map(([k1 = 0, b = 0]) => ({ label: `k1=${k1} b=${b}`, apply: (c) => ({ ...c, k1, b }) })),
  },
  {
    name: "weights",
    options: [
      [2, 1, 0.5, 2],
      [1, 1, 1, 1],
      [2, 1, 1, 1],
      [3, 1, 0.5, 1],
      [2, 1, 0.25, 0.5],
    ].map(([name = 0, description = 0, params = 0, server = 0]) => ({
      label: `w=${name}/${description}/${params}/${server}`,
      apply: (c) => ({ ...c, weights: { name, description, params, server } }),
    })),
  },
  {
    name: "stemming",
    options: [
      { label: "porter", apply: (c) => ({ ...c, tokenize: DEFAULT_SEARCH_CONFIG.tokenize }) },
      { label: "no stems", apply: (c) => ({ ...c, tokenize: unstemmed }) },
    ],
  },
  {
    name: "fusion",
    options: [
      { label: "no fusion", apply: (c) => without(c, "plainFusion") },
      ...[0.3, 0.5, 0.7].map((w) => ({
        label: `fusion=${w}`,
        apply: (c: SearchConfig) => ({ ...c, plainFusion: w }),
      })),
    ],
  },
  {
    name: "dense",
    options: [
      { label: "no dense", apply: (c) => without(c, "denseFusion") },
      ...[0.8, 0.7, 0.6].map((w) => ({
        label: `dense=${w}`,
        apply: (c: SearchConfig) => ({ ...c, denseFusion: w }),
      })),
    ],
  },
  ...(process.env.ASSOC === "0" ? [] : [ASSOCIATIONS]),
  {
    name: "cleanup",
    options: [
      // Least invasive first: a later option must beat an earlier one, so a tie keeps the one changing fewer queries.
      { label: "no cleanup", apply: (c) => without(c, "queryCleanup") },
      { label: "cleanup (task-style only)", apply: (c) => ({ ...c, queryCleanup: "task" as const }) },
      { label: "cleanup", apply: (c) => ({ ...c, queryCleanup: true }) },
    ],
  },
  {
    name: "gloss",
    options: [
      { label: "no gloss", apply: (c) => without(c, "gloss") },
      { label: "zh gloss", apply: (c) => ({ ...c, gloss: chineseGloss }) },
    ],
  },
  {
    name: "synonyms",
    options: [
      { label: "no synonyms", apply: (c) => without(c, "expansions") },
      ...[0.15, 0.3].map((w) => ({
        label: `synonyms=${w}`,
        apply: (c: SearchConfig) => ({ ...c, expansions: [wordnetSynonyms(w)] }),
      })),
    ],
  },
  {
    name: "feedback",
    options: [
      { label: "no PRF", apply: (c) => without(c, "feedback") },
      ...(
        [
          [3, 5, 0.3],
          [5, 10, 0.2],
        ] as const
      ).map(([documents, terms, weight]) => ({
        label: `PRF=${documents}d/${terms}t/${weight}`,
        apply: (c: SearchConfig) => ({ ...c, feedback: { documents, terms, weight } }),
      })),
    ],
  },
];

interface Candidate {
  labels: string[];
  config: SearchConfig;
  assoc?: AssocSetting;
}

function retriever(name: string, config: SearchConfig): Retriever {
  return { name, build: (tools) => createToolIndex(tools, config) };
}

const counted = new Map<string, AssociationCounts>();
const learned = new Map<string, AssociationTable>();
/** The candidate's configuration with its associations learned from `sources` only (never the searched set). */
function resolve(candidate: Candidate, sources: readonly DataSet[]): SearchConfig {
  const { assoc, config } = candidate;
  if (assoc === undefined) return config;
  const key = `${sources.map((s) => s.name).join("+")}|${JSON.stringify(assoc.options)}`;
  let table = learned.get(key);
  if (table === undefined) {
    const from = sourcesLabel(sources);
    let counts = counted.get(from);
    if (counts === undefined) {
      counts = countAssociations(
        sources.flatMap((s) => s.examples),
        DEFAULT_SEARCH_CONFIG.tokenize,
      );
      counted.set(from, counts);
    }
    table = selectAssociations(counts, assoc.options);
    learned.set(key, table);
  }
  const expansion = associationExpansion(table, assoc.weight, DEFAULT_SEARCH_CONFIG.tokenize, assoc.maxShare);
  return { ...config, expansions: [...(config.expansions ?? []), expansion] };
}
const sourcesLabel = (sources: readonly DataSet[]) => sources.map((s) => s.name).join("+");
const baseline: Retriever = { name: "baseline", build: (tools) => createBaselineIndex(tools) };

const r = (run: RetrieverRun, i: number) => run.metrics.recallAny[i] ?? 0;
const objective = (run: RetrieverRun) => (r(run, 0) + r(run, 1)) / 2;
/**
 * Default (pareto): a change is kept when no tuning set's (R@1 + R@5) / 2 drops and their sum rises by more
 * than MIN_GAIN. OBJECTIVE=mean15, the earlier rule: the worse set's Δ(R@1 + R@5)/2 over the baseline must rise
 * by MIN_GAIN; while one set's gain is the smaller, that set decides alone and the other may lose (MetaTool +
 * MCPToolBench++ then chose field weights that cost ToolLens a point). OBJECTIVE=r5: the worse set's ΔR@5,
 * among candidates whose ΔR@1 is not negative on any set (a candidate that loses R@1 somewhere scores below
 * every one that does not, by its worst ΔR@1).
 */
const OBJECTIVE = process.env.OBJECTIVE ?? "pareto";
const sampleRuns = new Map<string, RetrieverRun>();
function onSample(set: DataSet, candidate: Candidate, sources: readonly DataSet[]): RetrieverRun {
  const key = `${set.name}|${candidate.assoc === undefined ? "" : sourcesLabel(sources)}|${candidate.labels.join(" ")}`;
  let run = sampleRuns.get(key);
  if (run === undefined) {
    run = evaluateRetriever(retriever(key, resolve(candidate, sources)), set.catalogue, set.sample, KS);
    sampleRuns.set(key, run);
  }
  return run;
}

/**
 * Coordinate ascent over CHOICES on `tuning`, from the shipped default, by OBJECTIVE: a change may not buy one
 * set's gain with another's loss (a mean let one set's idiosyncrasy win: MetaTool + MCPToolBench++ chose
 * settings that cost ToolLens 5 points; the worse set's gain still let one set decide alone, see OBJECTIVE).
 */
function tune(tuning: readonly DataSet[]): Candidate {
  let best: Candidate = {
    labels: CHOICES.map((choice) => defaultLabel(choice.name)),
    config: DEFAULT_SEARCH_CONFIG,
  };
  // Associations scored on one tuning set are learned from the other tuning set(s) only, as in the outer fold.
  const runs = (candidate: Candidate) =>
    tuning.map((set) => ({
      run: onSample(
        set,
        candidate,
        tuning.filter((other) => other !== set),
      ),
      base: baselineOnSample(set),
    }));
  const score = (candidate: Candidate) => {
    const all = runs(candidate);
    if (OBJECTIVE !== "r5") return Math.min(...all.map(({ run, base }) => objective(run) - objective(base)));
    const worstR1 = Math.min(...all.map(({ run, base }) => r(run, 0) - r(base, 0)));
    if (worstR1 < 0) return worstR1 - 1;
    return Math.min(...all.map(({ run, base }) => r(run, 1) - r(base, 1)));
  };
  let bestScore = score(best);
  for (const [at, choice] of CHOICES.entries()) {
    for (const option of choice.options) {
      if (option.label === best.labels[at]) continue;
      const labels = best.labels.map((label, i) => (i === at ? option.label : label));
      const assoc =
        option.assoc === undefined ? best.assoc : option.assoc === "none" ? undefined : option.assoc;
      const candidate: Candidate = {
        labels,
        config: option.apply(best.config),
        ...(assoc === undefined ? {} : { assoc }),
      };
      if (OBJECTIVE === "pareto") {
        // No tuning set may lose, and together they must gain: a change kept for one catalogue's sake alone
        // is what failed to carry over to the left-out one.
        const was = runs(best);
        const gains = runs(candidate).map(({ run }, i) => objective(run) - objective(was[i]!.run));
        if (Math.min(...gains) >= 0 && gains.reduce((sum, gain) => sum + gain, 0) > MIN_GAIN)
          best = candidate;
        continue;
      }
      const value = score(candidate);
      if (value > bestScore + MIN_GAIN) [best, bestScore] = [candidate, value];
    }
  }
  return best;
}

const baselineSampleRuns = new Map<string, RetrieverRun>();
function baselineOnSample(set: DataSet): RetrieverRun {
  let run = baselineSampleRuns.get(set.name);
  if (run === undefined) {
    run = evaluateRetriever(baseline, set.catalogue, set.sample, KS);
    baselineSampleRuns.set(set.name, run);
  }
  return run;
}

/** The label of the shipped default's option for a choice. */
function defaultLabel(choice: string): string {
  const d = DEFAULT_SEARCH_CONFIG;
  switch (choice) {
    case "k1/b":
      return `k1=${d.k1} b=${d.b}`;
    case "weights":
      return `w=${d.weights.name}/${d.weights.description}/${d.weights.params}/${d.weights.server}`;
    case "stemming":
      return d.tokenize.stem === undefined ? "no stems" : "porter";
    case "fusion":
      return d.plainFusion === undefined ? "no fusion" : `fusion=${d.plainFusion}`;
    case "dense":
      return d.denseFusion === undefined ? "no dense" : `dense=${d.denseFusion}`;
    case "cleanup":
      return d.queryCleanup === "task"
        ? "cleanup (task-style only)"
        : d.queryCleanup
          ? "cleanup"
          : "no cleanup";
    case "gloss":
      return d.gloss === undefined ? "no gloss" : "zh gloss";
    case "synonyms":
      return d.expansions === undefined ? "no synonyms" : "synonyms (default)";
    case "associations":
      return "no assoc";
    case "feedback":
      return d.feedback === undefined
        ? "no PRF"
        : `PRF=${d.feedback.documents}d/${d.feedback.terms}t/${d.feedback.weight}`;
    default:
      return "";
  }
}

const pct = (v: number) => (100 * v).toFixed(1);
const row = (run: RetrieverRun) =>
  `R@1 ${pct(r(run, 0))} R@5 ${pct(r(run, 1))} R@10 ${pct(r(run, 2))} MRR ${run.metrics.mrr.toFixed(3)} p50 ${run.medianQueryMs.toFixed(2)}ms`;
const interval = (d: { mean: number; low: number; high: number }) =>
  `${pct(d.mean)} [${pct(d.low)}, ${pct(d.high)}]`;
const diff = (run: RetrieverRun, base: RetrieverRun) => {
  const c = compareToBaseline(run, base);
  const [d1, d5, d10] = c.recallAny;
  if (d1 === undefined || d5 === undefined || d10 === undefined) return "";
  return `ΔR@1 ${interval(d1)} ΔR@5 ${interval(d5)} ΔR@10 ${interval(d10)} ΔMRR ${(c.mrr.mean).toFixed(3)} [${c.mrr.low.toFixed(3)}, ${c.mrr.high.toFixed(3)}]`;
};

const fullRuns = new Map<string, RetrieverRun>();
function onFull(set: DataSet, name: string, make: () => Retriever): RetrieverRun {
  const key = `${set.name}|${name}`;
  let run = fullRuns.get(key);
  if (run === undefined) {
    run = evaluateRetriever(make(), set.catalogue, set.queries, KS);
    fullRuns.set(key, run);
  }
  return run;
}

const FOLDS = process.env.FOLDS?.split(",");
for (const [out, set] of sets.entries()) {
  if (FOLDS !== undefined && !FOLDS.includes(set.name)) continue;
  const tuned = tune(sets.filter((_, i) => i !== out));
  const base = onFull(set, "baseline", () => baseline);
  const shipped = onFull(set, "default", () => retriever("default", DEFAULT_SEARCH_CONFIG));
  const training = sets.filter((_, i) => i !== out);
  const left = onFull(set, tuned.labels.join(" "), () => retriever("tuned", resolve(tuned, training)));
  console.log(
    `\n== left out: ${set.name} (${set.catalogue.length} tools, ${set.queries.length} queries); tuned on the other two: ${tuned.labels.join(", ")}`,
  );
  console.log(`baseline        ${row(base)}`);
  console.log(`shipped default ${row(shipped)}\n                ${diff(shipped, base)}`);
  console.log(`left-out tuned  ${row(left)}\n                ${diff(left, base)}`);
}

const all = tune(sets);
if (all.assoc !== undefined) {
  const table = learnAssociations(
    sets.flatMap((s) => s.examples),
    all.assoc.options,
    DEFAULT_SEARCH_CONFIG.tokenize,
  );
  console.log(`associations learned from all three: ${table.length} query terms`);
}
console.log(`\ntuned on all three subsamples: ${all.labels.join(", ")}`);

if (process.env.ABLATION !== "0") {
  console.log(
    "\n== ablation: one candidate changed from the shipped default, full query sets, Δ vs the default",
  );
  const toggles: Option[] = [
    // Each cleanup setting that is not the default's.
    { label: "cleanup always", apply: (c) => ({ ...c, queryCleanup: true }) },
    { label: "cleanup task", apply: (c) => ({ ...c, queryCleanup: "task" as const }) },
    { label: "cleanup off", apply: (c) => without(c, "queryCleanup") },
    {
      label: "zh gloss",
      apply: (c) => (c.gloss === undefined ? { ...c, gloss: chineseGloss } : without(c, "gloss")),
    },
    {
      label: "synonyms 0.15",
      apply: (c) =>
        c.expansions === undefined ? { ...c, expansions: [wordnetSynonyms(0.15)] } : without(c, "expansions"),
    },
    {
      label: "PRF 3d/5t/0.3",
      apply: (c) =>
        c.feedback === undefined
          ? { ...c, feedback: { documents: 3, terms: 5, weight: 0.3 } }
          : without(c, "feedback"),
    },
    {
      label: "dense 0.7",
      apply: (c) => (c.denseFusion === undefined ? { ...c, denseFusion: 0.7 } : without(c, "denseFusion")),
    },
    {
      label: "plain fusion",
      apply: (c) => (c.plainFusion === undefined ? { ...c, plainFusion: 0.5 } : without(c, "plainFusion")),
    },
  ];
  // Associations on top of the default, each set's learned from the other two sets only.
  for (const setting of ASSOC_GRID) {
    toggles.push({ label: assocLabel(setting), apply: (c) => c, assoc: setting });
  }
  const only = process.env.ABLATION_ONLY;
  // Functions (a gloss) count as values: JSON would drop them and hide the change.
  const text = (config: SearchConfig) =>
    JSON.stringify(config, (_key, value) => (typeof value === "function" ? `fn:${value.name}` : value));
  const changes = (t: Option) =>
    t.assoc !== undefined || text(t.apply(DEFAULT_SEARCH_CONFIG)) !== text(DEFAULT_SEARCH_CONFIG);
  for (const toggle of toggles.filter((t) => (only === undefined || t.label.includes(only)) && changes(t))) {
    for (const set of sets) {
      const shipped = onFull(set, "default", () => retriever("default", DEFAULT_SEARCH_CONFIG));
      const candidate: Candidate = {
        labels: [toggle.label],
        config: toggle.apply(DEFAULT_SEARCH_CONFIG),
        ...(toggle.assoc === undefined || toggle.assoc === "none" ? {} : { assoc: toggle.assoc }),
      };
      const others = sets.filter((other) => other !== set);
      const run = onFull(set, `toggle ${toggle.label}`, () =>
        retriever(toggle.label, resolve(candidate, others)),
      );
      console.log(`${toggle.label.padEnd(14)} ${set.name.padEnd(16)} ${row(run)}  ${diff(run, shipped)}`);
    }
  }
}
