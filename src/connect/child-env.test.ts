import { DEFAULT_INHERITED_ENV_VARS } from "@modelcontextprotocol/client/stdio";
import { describe, expect, it } from "vitest";
import { buildChildEnv, inheritedEnvKeys, sdkInheritedEnvVars } from "./child-env.js";

describe("buildChildEnv", () => {
  const parent = {
    PATH: "/usr/bin",
    HOME: "/home/me",
    LANG: "en_US.UTF-8",
    OPENAI_API_KEY: "sk-secret",
    AWS_SECRET_ACCESS_KEY: "aws-secret",
    SHELL: "() { evil; }",
  };

  it("inherits only the safe set, never secrets from the parent", () => {
    const env = buildChildEnv({}, parent);
    expect(env).toEqual({ PATH: "/usr/bin", HOME: "/home/me", LANG: "en_US.UTF-8" });
  });

  it("skips exported shell functions like the SDK does", () => {
    expect(buildChildEnv({}, parent).SHELL).toBeUndefined();
  });

  it("adds configured variables on top, overriding inherited ones", () => {
    const env = buildChildEnv({ TOKEN: "abc", PATH: "/opt/bin" }, parent);
    expect(env.TOKEN).toBe("abc");
    expect(env.PATH).toBe("/opt/bin");
    expect(env.OPENAI_API_KEY).toBeUndefined();
  });

  it("includes the SDK default set plus locale and temp-dir variables", () => {
    for (const key of ["PATH", "HOME", "USER", "SHELL", "TERM", "LANG", "TMPDIR"]) {
      expect(inheritedEnvKeys).toContain(key);
    }
  });

  it("copies the SDK's default inherited set exactly (the copy has not drifted from the SDK)", () => {
    expect([...sdkInheritedEnvVars]).toEqual([...DEFAULT_INHERITED_ENV_VARS]);
  });
});
