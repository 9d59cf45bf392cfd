import { describe, expect, it } from "vitest";
import { porterStem } from "./porter-stemmer.js";

// The worked examples of Porter (1980), step by step, plus the reference implementation's two departures.
const EXAMPLES: [string, string][] = [
  // 1a
  ["caresses", "caress"],
  ["ponies", "poni"],
  ["ties", "ti"],
  ["caress", "caress"],
  ["cats", "cat"],
  // 1b
  ["feed", "feed"],
  ["agreed", "agre"],
  ["plastered", "plaster"],
  ["bled", "bled"],
  ["motoring", "motor"],
  ["sing", "sing"],
  ["conflated", "conflat"],
  ["troubled", "troubl"],
  ["sized", "size"],
  ["hopping", "hop"],
  ["tanned", "tan"],
  ["falling", "fall"],
  ["hissing", "hiss"],
  ["fizzed", "fizz"],
  ["failing", "fail"],
  ["filing", "file"],
  // 1c
  ["happy", "happi"],
  ["sky", "sky"],
  // 2
  ["relational", "relat"],
  ["conditional", "condit"],
  ["rational", "ration"],
  ["valenci", "valenc"],
  ["digitizer", "digit"],
  ["conformabli", "conform"],
  ["radicalli", "radic"],
  ["differentli", "differ"],
  ["vietnamization", "vietnam"],
  ["predication", "predic"],
  ["operator", "oper"],
  ["feudalism", "feudal"],
  ["decisiveness", "decis"],
  ["hopefulness", "hope"],
  ["callousness", "callous"],
  ["formaliti", "formal"],
  ["sensitiviti", "sensit"],
  ["sensibiliti", "sensibl"],
  ["analogi", "analog"],
  // 3
  ["triplicate", "triplic"],
  ["formative", "form"],
  ["formalize", "formal"],
  ["electriciti", "electr"],
  ["electrical", "electr"],
  ["hopeful", "hope"],
  ["goodness", "good"],
  // 4
  ["revival", "reviv"],
  ["allowance", "allow"],
  ["inference", "infer"],
  ["airliner", "airlin"],
  ["gyroscopic", "gyroscop"],
  ["adjustable", "adjust"],
  ["defensible", "defens"],
  ["irritant", "irrit"],
  ["replacement", "replac"],
  ["adjustment", "adjust"],
  ["dependent", "depend"],
  ["adoption", "adopt"],
  ["communism", "commun"],
  ["activate", "activ"],
  ["effective", "effect"],
  ["bowdlerize", "bowdler"],
  // 5
  ["probate", "probat"],
  ["rate", "rate"],
  ["cease", "ceas"],
  ["controll", "control"],
  ["roll", "roll"],
];

describe("porterStem", () => {
  it.each(EXAMPLES)("%s → %s", (word, stem) => {
    expect(porterStem(word)).toBe(stem);
  });

  it("conflates the inflections a query and a description use", () => {
    const stems = ["forecast", "forecasts", "forecasting", "forecasted"].map(porterStem);
    expect(new Set(stems)).toEqual(new Set(["forecast"]));
    expect(porterStem("searches")).toBe(porterStem("searching"));
  });

  it("treats an initial y as a consonant and leaves short, non-ASCII and digit words alone", () => {
    expect(porterStem("yelling")).toBe("yell");
    expect(porterStem("syzygy")).toBe("syzygi");
    expect(porterStem("is")).toBe("is");
    expect(porterStem("naïves")).toBe("naïves");
    expect(porterStem("петербург")).toBe("петербург");
    expect(porterStem("mp3s")).toBe("mp3s");
  });
});
