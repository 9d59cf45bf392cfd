/**
 * Property tests run on a fixed seed, so CI is reproducible and a red run means a change broke something, not
 * that a random draw found an old corner. `FC_SEED=<n>` picks another seed; `FC_SEED=random` explores (fast-check
 * prints the seed and path of any counterexample, to pin in a test). The fuzz suites set their own seeds.
 */
import fc from "fast-check";

const chosen = process.env.FC_SEED;
if (chosen !== "random") fc.configureGlobal({ seed: Number(chosen ?? 20_261_130) });
