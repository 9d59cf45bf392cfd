/**
 * The Porter stemmer (M.F. Porter, "An algorithm for suffix stripping", Program 14(3), 1980), with the two
 * departures of Porter's own reference implementation (step 2 maps `bli` → `ble` and `logi` → `log`).
 * `forecasts`, `forecasting` and `forecasted` all become `forecast`, so a query meets a description whatever
 * the inflection. Only plain ASCII-letter words are stemmed; anything else is returned unchanged.
 *
 * Terminology from the paper: a word is [C](VC)^m[V]; m is its "measure". The patterns below test m on the
 * part of the word before a suffix.
 */

const C = "[^aeiou][^aeiouy]*"; // a consonant run (y after a consonant counts as a vowel)
const V = "[aeiouy][aeiou]*"; // a vowel run
const MEASURE_ABOVE_0 = new RegExp(`^(${C})?${V}${C}`);
const MEASURE_IS_1 = new RegExp(`^(${C})?${V}${C}(${V})?$`);
const MEASURE_ABOVE_1 = new RegExp(`^(${C})?(${V}${C}){2,}`);
const HAS_VOWEL = new RegExp(`^(${C})?[aeiouy]`);
/** *o: consonant-vowel-consonant ending, the last not w, x or y (`hop`, not `snow`). */
const ENDS_CVC = new RegExp(`^${C}[aeiouy][^aeiouwxy]$`);

const STEP2: Record<string, string> = {
  ational: "ate",
  tional: "tion",
  enci: "ence",
  anci: "ance",
  izer: "ize",
  bli: "ble",
  alli: "al",
  entli: "ent",
  eli: "e",
  ousli: "ous",
  ization: "ize",
  ation: "ate",
  ator: "ate",
  alism: "al",
  iveness: "ive",
  fulness: "ful",
  ousness: "ous",
  aliti: "al",
  iviti: "ive",
  biliti: "ble",
  logi: "log",
};
const STEP3: Record<string, string> = {
  icate: "ic",
  ative: "",
  alize: "al",
  iciti: "ic",
  ical: "ic",
  ful: "",
  ness: "",
};
// Lazy stems make each pattern take the longest listed suffix, as the algorithm requires.
const STEP2_SUFFIX = new RegExp(`^(.+?)(${Object.keys(STEP2).join("|")})$`);
const STEP3_SUFFIX = new RegExp(`^(.+?)(${Object.keys(STEP3).join("|")})$`);
const STEP4_SUFFIX = /^(.+?)(al|ance|ence|er|ic|able|ible|ant|ement|ment|ent|ou|ism|ate|iti|ous|ive|ize)$/;
const STEP4_ION = /^(.+?[st])ion$/;

export function porterStem(word: string): string {
  if (word.length < 3 || !/^[a-z]+$/.test(word)) return word;
  // An initial y is a consonant: mark it so the vowel patterns never take it for one.
  let w = word[0] === "y" ? `Y${word.slice(1)}` : word;

  // Step 1a: plurals. sses → ss, ies → i, s → (but not ss).
  if (/.(ss|i)es$/.test(w)) w = w.slice(0, -2);
  else if (/.[^s]s$/.test(w)) w = w.slice(0, -1);

  // Step 1b: past tense and gerund.
  const eed = /^(.+?)eed$/.exec(w);
  const edIng = eed === null ? /^(.+?)(ed|ing)$/.exec(w) : null;
  if (eed !== null) {
    if (MEASURE_ABOVE_0.test(eed[1] ?? "")) w = w.slice(0, -1);
  } else if (edIng !== null && HAS_VOWEL.test(edIng[1] ?? "")) {
    w = edIng[1] ?? w;
    if (/(at|bl|iz)$/.test(w)) w += "e";
    else if (/([^aeiouylsz])\1$/.test(w)) w = w.slice(0, -1);
    else if (ENDS_CVC.test(w)) w += "e";
  }

  // Step 1c: y → i when the stem has a vowel.
  const y = /^(.+?)y$/.exec(w);
  if (y !== null && HAS_VOWEL.test(y[1] ?? "")) w = `${y[1]}i`;

  // Steps 2 and 3: map double and single suffixes when m > 0.
  const step2 = STEP2_SUFFIX.exec(w);
  if (step2 !== null && MEASURE_ABOVE_0.test(step2[1] ?? "")) w = `${step2[1]}${STEP2[step2[2] ?? ""] ?? ""}`;
  const step3 = STEP3_SUFFIX.exec(w);
  if (step3 !== null && MEASURE_ABOVE_0.test(step3[1] ?? "")) w = `${step3[1]}${STEP3[step3[2] ?? ""] ?? ""}`;

  // Step 4: drop a suffix when m > 1.
  const step4 = STEP4_SUFFIX.exec(w);
  const ion = step4 === null ? STEP4_ION.exec(w) : null;
  if (step4 !== null) {
    if (MEASURE_ABOVE_1.test(step4[1] ?? "")) w = step4[1] ?? w;
  } else if (ion !== null && MEASURE_ABOVE_1.test(ion[1] ?? "")) {
    w = ion[1] ?? w;
  }

  // Step 5a: a final e goes when m > 1, or m = 1 and the stem does not end cvc.
  const e = /^(.+?)e$/.exec(w);
  if (e !== null) {
    const stem = e[1] ?? "";
    if (MEASURE_ABOVE_1.test(stem) || (MEASURE_IS_1.test(stem) && !ENDS_CVC.test(stem))) w = stem;
  }
  // Step 5b: ll → l when m > 1.
  if (/ll$/.test(w) && MEASURE_ABOVE_1.test(w)) w = w.slice(0, -1);

  return w[0] === "Y" ? `y${w.slice(1)}` : w;
}
