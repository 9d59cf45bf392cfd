/** How far a query is read for tokens: a 10,000-character bogus name must not make the error path slow. */
const QUERY_TOKEN_CHARS = 512;

/** Lowercased words of a name: split on anything not a letter or digit and at camelCase humps. */
export function tokensOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((token) => token !== "");
}

/**
 * Levenshtein distance, but gives up (returning `cap + 1`) as soon as the answer is known to exceed `cap`,
 * so comparing one name against a large table stays linear in practice.
 */
export function boundedDistance(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > cap) return cap + 1;
    previous = current;
  }
  return Math.min(previous[b.length]!, cap + 1);
}

/** 2 per query token found exactly in the candidate, 1 per token (4+ chars) one edit away from one. */
function tokenScore(queryTokens: readonly string[], candidateTokens: readonly string[]): number {
  let score = 0;
  for (const token of queryTokens) {
    if (candidateTokens.includes(token)) score += 2;
    else if (
      token.length >= 4 &&
      candidateTokens.some((c) => c.length >= 4 && boundedDistance(token, c, 1) <= 1)
    ) {
      score += 1;
    }
  }
  return score;
}

/**
 * Up to `limit` candidates that look like `query`: within a small edit distance (case-insensitive) or sharing
 * words with it. Ranked by shared words, then distance, then name, so the order is deterministic.
 */
export function closeMatches(query: string, candidates: Iterable<string>, limit = 5): string[] {
  const lower = query.toLowerCase();
  const queryTokens = [...new Set(tokensOf(query.slice(0, QUERY_TOKEN_CHARS)))];
  const cap = Math.max(2, Math.min(8, Math.floor(query.length / 3)));
  const scored: { name: string; score: number; distance: number }[] = [];
  for (const name of candidates) {
    const score = tokenScore(queryTokens, tokensOf(name));
    const distance = boundedDistance(lower, name.toLowerCase(), cap);
    if (score > 0 || distance <= cap) scored.push({ name, score, distance });
  }
  scored.sort(
    (a, b) =>
      b.score - a.score || a.distance - b.distance || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
  return scored.slice(0, limit).map((entry) => entry.name);
}
