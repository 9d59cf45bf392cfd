import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redact } from "./redact.js";
import { secretForms } from "./secret-forms.js";

/** Characters that escape or encode differently in JSON, URLs and base64, and the letters of the marker. */
const tricky = fc.constantFrom(
  '"',
  "\\",
  "%",
  "+",
  " ",
  "/",
  "~",
  "*",
  "&",
  "=",
  "é",
  "€",
  "\n",
  "[",
  "]",
  "d",
  "e",
);
const unit = fc.oneof(
  tricky,
  fc.constantFrom("a", "b", "Z", "0"),
  fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
);
const secretArb = fc.string({ unit, minLength: 4, maxLength: 24 });
const textArb = fc.string({ unit, maxLength: 30 });

/** What the encoders a secret meets really produce, computed independently of `secretForms`. */
function encodings(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const bytes = Buffer.from(secret, "utf8");
  return [
    secret,
    json,
    JSON.stringify(json).slice(1, -1),
    json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`),
    encodeURIComponent(secret),
    encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
    encodeURI(secret),
    new URLSearchParams({ s: secret }).toString().slice(2),
    ...(bytes.length >= 8 ? [bytes.toString("base64"), bytes.toString("base64url")] : []),
  ];
}

/** base64 of the secret inside other bytes, at any alignment. */
function embeddedBase64(secret: string, before: string, after: string, url: boolean): string {
  const bytes = Buffer.concat([Buffer.from(before), Buffer.from(secret), Buffer.from(after)]);
  return bytes.toString(url ? "base64url" : "base64");
}

describe("redact (property)", () => {
  it("leaves no encoding of a secret in text that holds it in any supported encoding", () => {
    fc.assert(
      fc.property(
        secretArb,
        textArb,
        textArb,
        fc.nat(),
        fc.array(secretArb, { maxLength: 2 }),
        (secret, before, after, pick, others) => {
          const bytes = Buffer.byteLength(secret);
          const spelled = [
            ...encodings(secret),
            ...(bytes >= 8
              ? [embeddedBase64(secret, before, after, false), embeddedBase64(secret, after, before, true)]
              : []),
          ];
          const form = spelled[pick % spelled.length]!;
          const output = redact(`${before}${form}${after}${form}`, [secret, ...others]);
          for (const encoding of [...encodings(secret), ...secretForms(secret)])
            expect(
              output.includes(encoding),
              `${JSON.stringify(output)} holds ${JSON.stringify(encoding)}`,
            ).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("changes nothing in text that holds no spelling of any secret", () => {
    fc.assert(
      fc.property(secretArb, textArb, (secret, text) => {
        fc.pre(!secretForms(secret).some((form) => text.includes(form)));
        expect(redact(text, [secret])).toBe(text);
      }),
    );
  });
});
