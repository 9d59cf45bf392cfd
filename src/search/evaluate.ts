/** Retrieval metrics over ranked result keys, with gold tools in interchangeable groups (see EvalQuery). */

export interface QueryOutcome {
  /** 1-based rank of the first hit of any group, or undefined when none is in the ranking. */
  firstHit: number | undefined;
  /** For each k: was any group hit within the top k, were all groups. */
  any: boolean[];
  all: boolean[];
}

export interface RetrievalMetrics {
  queries: number;
  ks: readonly number[];
  /** Share of queries with at least one gold group in the top k, per k. */
  recallAny: number[];
  /** Share of queries with every gold group in the top k, per k. */
  recallAll: number[];
  /** Mean reciprocal rank of the first gold hit within the ranking (0 when none). */
  mrr: number;
}

export function judge(
  ranking: readonly string[],
  groups: readonly (readonly string[])[],
  ks: readonly number[],
): QueryOutcome {
  const rankOf = new Map<string, number>();
  ranking.forEach((key, index) => {
    if (!rankOf.has(key)) rankOf.set(key, index + 1);
  });
  // A group's rank is the best rank among its interchangeable tools.
  const groupRanks = groups.map((group) =>
    Math.min(...group.map((key) => rankOf.get(key) ?? Number.POSITIVE_INFINITY)),
  );
  const best = Math.min(...groupRanks);
  const worst = Math.max(...groupRanks);
  return {
    firstHit: Number.isFinite(best) ? best : undefined,
    any: ks.map((k) => best <= k),
    all: ks.map((k) => groups.length > 0 && worst <= k),
  };
}

export function summarise(outcomes: readonly QueryOutcome[], ks: readonly number[]): RetrievalMetrics {
  const n = outcomes.length;
  const share = (count: number) => (n === 0 ? 0 : count / n);
  return {
    queries: n,
    ks,
    recallAny: ks.map((_, i) => share(outcomes.filter((outcome) => outcome.any[i]).length)),
    recallAll: ks.map((_, i) => share(outcomes.filter((outcome) => outcome.all[i]).length)),
    mrr: share(
      outcomes.reduce((sum, outcome) => sum + (outcome.firstHit === undefined ? 0 : 1 / outcome.firstHit), 0),
    ),
  };
}
