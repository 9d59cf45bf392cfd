/**
 * A server's `modelPreferences` → one of the configured models. Hints are tried in order and match as substrings
 * of a model's id (or one of its aliases), as the spec describes; without a matching hint, the priorities weigh
 * the scores a model was configured with; with neither, the first model (the conversation's own) is used.
 */
import type { ModelAdapter } from "../spec/model-adapter.js";

export interface SamplingModel {
  adapter: ModelAdapter;
  /** Extra names a hint may match (for example `"sonnet"`, `"fast"`). */
  aliases?: readonly string[];
  /** 0..1 each: how cheap, fast and capable this model is, for the priorities. */
  scores?: { cost?: number; speed?: number; intelligence?: number };
}

/** MCP `ModelPreferences`. */
export interface ModelPreferencesLike {
  hints?: readonly { name?: string | undefined }[] | undefined;
  costPriority?: number | undefined;
  speedPriority?: number | undefined;
  intelligencePriority?: number | undefined;
}

export interface ModelChoice {
  model: SamplingModel;
  because: string;
}

export function chooseSamplingModel(
  preferences: ModelPreferencesLike | undefined,
  models: readonly SamplingModel[],
): ModelChoice {
  const first = models[0];
  if (first === undefined) throw new Error("chooseSamplingModel needs at least one model");
  for (const hint of preferences?.hints ?? []) {
    const wanted = hint.name?.trim().toLowerCase();
    if (wanted === undefined || wanted === "") continue;
    const found = models.find((model) => namesOf(model).some((name) => name.includes(wanted)));
    if (found !== undefined) return { model: found, because: `hint "${hint.name}"` };
  }
  const weights = {
    cost: preferences?.costPriority ?? 0,
    speed: preferences?.speedPriority ?? 0,
    intelligence: preferences?.intelligencePriority ?? 0,
  };
  const scored = models.filter((model) => model.scores !== undefined);
  if (scored.length > 0 && weights.cost + weights.speed + weights.intelligence > 0) {
    let best = scored[0] as SamplingModel;
    let bestScore = -Infinity;
    for (const model of scored) {
      const scores = model.scores ?? {};
      const score =
        weights.cost * (scores.cost ?? 0) +
        weights.speed * (scores.speed ?? 0) +
        weights.intelligence * (scores.intelligence ?? 0);
      if (score > bestScore) {
        best = model;
        bestScore = score;
      }
    }
    return { model: best, because: "the cost, speed and intelligence priorities" };
  }
  return { model: first, because: "the default model" };
}

function namesOf(model: SamplingModel): string[] {
  return [
    model.adapter.model,
    `${model.adapter.provider}/${model.adapter.model}`,
    ...(model.aliases ?? []),
  ].map((name) => name.toLowerCase());
}
