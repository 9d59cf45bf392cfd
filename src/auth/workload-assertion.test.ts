import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AuthError } from "./auth-error.js";
import { readAssertion } from "./workload-assertion.js";

const jwt = "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ3b3JrbG9hZCJ9.c2lnbmF0dXJl";

async function failure(promise: Promise<unknown>): Promise<AuthError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AuthError);
  return error as AuthError;
}

describe("readAssertion", () => {
  it("reads the workload JWT from the named variable or file, afresh each time", async () => {
    expect(await readAssertion({ env: "WL" }, { WL: ` ${jwt}\n` })).toBe(jwt);
    const dir = await mkdtemp(join(tmpdir(), "sb-wif-"));
    const file = join(dir, "token");
    await writeFile(file, `${jwt}\n`);
    expect(await readAssertion({ file }, {})).toBe(jwt);
    await writeFile(file, `${jwt}x`);
    expect(await readAssertion({ file }, {})).toBe(`${jwt}x`);
  });

  it("names the source, never the value, when it is missing or not a JWT", async () => {
    expect((await failure(readAssertion({ env: "WL" }, {}))).message).toMatch(
      /environment variable WL is empty/,
    );
    const secret = "not-a-jwt-but-a-secret";
    const bad = await failure(readAssertion({ env: "WL" }, { WL: secret }));
    expect(bad.message).toMatch(/not a compact JWT/);
    expect(bad.message).not.toContain(secret);
    const missing = await failure(readAssertion({ file: "/nonexistent/sb-token" }, {}));
    expect(missing.message).toContain("/nonexistent/sb-token");
    expect(
      (await failure(readAssertion({ env: "WL" }, { WL: `${"a".repeat(70_000)}.b.c` }))).message,
    ).toMatch(/not a compact JWT/);
  });
});
