/**
 * Replaces configured secret values (env values, header values) in text meant for reports and errors. Short
 * values are left alone: redacting "1" or "on" everywhere would destroy the text and protect nothing.
 */
const minSecretLength = 4;
/** `Authorization: Bearer <token>`: a server echoing the bare token must not get past redaction either. */
const credentialScheme = /^(?:Bearer|Basic|Token|Bot|Digest|ApiKey)\s+(\S.*)$/i;

export function secretValues(...sources: ReadonlyArray<Readonly<Record<string, string>>>): string[] {
  const values = new Set<string>();
  for (const source of sources) {
    for (const value of Object.values(source)) {
      if (value.length >= minSecretLength) values.add(value);
      const credential = credentialScheme.exec(value)?.[1];
      if (credential !== undefined && credential.length >= minSecretLength) values.add(credential);
    }
  }
  // Longest first, so a secret containing another is replaced whole.
  return [...values].sort((a, b) => b.length - a.length);
}

export function redact(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) result = result.split(secret).join("[redacted]");
  return result;
}

/**
 * The same error with secrets taken out of its message, stack and causes (an SDK error quoting a server's reply
 * is often what ends up in a log). Returns the error itself when there was nothing to take out; otherwise a copy
 * with the same prototype and fields, so `instanceof` and `code` still work.
 */
export function redactError<T>(error: T, redactText: (text: string) => string, depth = 0): T {
  if (!(error instanceof Error) || depth > 4) return error;
  const message = redactText(error.message);
  const stack = error.stack === undefined ? undefined : redactText(error.stack);
  const cause = redactError(error.cause, redactText, depth + 1);
  if (message === error.message && stack === error.stack && cause === error.cause) return error;
  const copy = Object.assign(Object.create(Object.getPrototypeOf(error) as object) as Error, error);
  Object.defineProperty(copy, "message", { value: message, writable: true, configurable: true });
  Object.defineProperty(copy, "stack", { value: stack, writable: true, configurable: true });
  if (error.cause !== undefined)
    Object.defineProperty(copy, "cause", { value: cause, writable: true, configurable: true });
  return copy as T;
}
