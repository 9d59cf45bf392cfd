/**
 * Where a workload's identity token (the RFC 7523 assertion of the jwt-bearer grant) comes from: an environment
 * variable or a file, read afresh at every token request because platforms rotate them (Kubernetes projected
 * service-account tokens, GitHub Actions OIDC, cloud metadata agents writing a file). The value is a bearer
 * credential: it is never part of a message, and only its source is named.
 */
import { readFile } from "node:fs/promises";
import { AuthError } from "./auth-error.js";

/** Exactly one of `env` (a variable name) or `file` (a path). */
export type AssertionSource = { env: string } | { file: string };

/** A JWT is a few kilobytes; anything much larger is not one. */
const MAX_ASSERTION_BYTES = 64 * 1024;

/** Reads the assertion now; fails with `AUTH_FAILED` naming the source (never the value) when absent or malformed. */
export async function readAssertion(
  source: AssertionSource,
  env: Readonly<Record<string, string | undefined>>,
): Promise<string> {
  const where = "env" in source ? `environment variable ${source.env}` : `file ${source.file}`;
  let raw: string | undefined;
  if ("env" in source) {
    raw = env[source.env];
  } else {
    try {
      raw = await readFile(source.file, "utf8");
    } catch (error) {
      throw new AuthError("AUTH_FAILED", `The workload assertion ${where} cannot be read`, { cause: error });
    }
  }
  const value = raw?.trim() ?? "";
  if (value === "") throw new AuthError("AUTH_FAILED", `The workload assertion ${where} is empty or unset`);
  if (Buffer.byteLength(value) > MAX_ASSERTION_BYTES || !/^[\w-]+\.[\w-]+\.[\w-]*$/.test(value))
    throw new AuthError("AUTH_FAILED", `The workload assertion ${where} is not a compact JWT`);
  return value;
}
