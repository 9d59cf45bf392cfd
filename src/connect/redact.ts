/**
 * Replaces configured secret values (env values, header values) in text meant for reports and errors. Short
 * values are left alone: redacting "1" or "on" everywhere would destroy the text and protect nothing.
 */
const minSecretLength = 4;

export function secretValues(...sources: ReadonlyArray<Readonly<Record<string, string>>>): string[] {
  const values = new Set<string>();
  for (const source of sources) {
    for (const value of Object.values(source)) if (value.length >= minSecretLength) values.add(value);
  }
  // Longest first, so a secret containing another is replaced whole.
  return [...values].sort((a, b) => b.length - a.length);
}

export function redact(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) result = result.split(secret).join("[redacted]");
  return result;
}
