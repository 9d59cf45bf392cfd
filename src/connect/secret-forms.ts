/**
 * The spellings a secret takes once it has passed through the encoders text meets on its way out: JSON string
 * escaping (once, twice, and ASCII-only as Python writes it), URL encoding (component, form and URI; either hex
 * case), and base64 / base64url of its UTF-8 bytes. Base64 is matched at each of the three byte alignments (only
 * the characters that depend on the secret alone), so a secret inside a larger encoded blob, such as an
 * `Authorization: Basic` value, is found too.
 */

/** Base64 fragments of shorter secrets are too short to be told apart from the rest of an image or a hash. */
const minBase64Bytes = 8;

/** Every spelling of `secret` that redaction removes, the raw one included. */
export function secretForms(secret: string): string[] {
  const forms = new Set<string>([secret]);
  const json = jsonEscaped(secret);
  forms.add(json);
  forms.add(jsonEscaped(json));
  forms.add(asciiJson(json));
  for (const url of urlEncodings(secret)) {
    forms.add(url);
    forms.add(url.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()));
  }
  const bytes = Buffer.from(secret, "utf8");
  if (bytes.length >= minBase64Bytes) for (const fragment of base64Fragments(bytes)) forms.add(fragment);
  return [...forms].filter((form) => form !== "");
}

/** What `JSON.stringify` writes between the quotes. */
function jsonEscaped(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/** JSON with every non-ASCII character as `\uXXXX` (Python's `json.dumps` default). */
function asciiJson(json: string): string {
  return json.replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

function urlEncodings(text: string): string[] {
  const forms = [new URLSearchParams({ s: text }).toString().slice(2)];
  try {
    forms.push(encodeURIComponent(text), encodeURI(text));
  } catch {
    // A lone surrogate has no UTF-8 encoding; URLSearchParams wrote it as U+FFFD.
  }
  return forms;
}

/** For k = 0, 1, 2 leading bytes: the characters of base64(k bytes + secret) that only the secret decides. */
function base64Fragments(bytes: Buffer): string[] {
  const fragments: string[] = [];
  for (let shift = 0; shift < 3; shift += 1) {
    const padded = Buffer.concat([Buffer.alloc(shift), bytes]);
    const first = Math.ceil((shift * 8) / 6);
    const end = Math.floor(((shift + bytes.length) * 8) / 6);
    const standard = padded.toString("base64").slice(first, end);
    fragments.push(standard, standard.replaceAll("+", "-").replaceAll("/", "_"));
  }
  return fragments;
}
