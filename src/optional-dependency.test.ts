import { describe, expect, it } from "vitest";
import { isSwitchboardError } from "./errors.js";
import { importOptional, requireOptional } from "./optional-dependency.js";

const absent = "switchboard-no-such-package-3f1c";

describe("optional peer dependencies", () => {
  it("a package that is not installed is MISSING_DEPENDENCY naming it and the install command", async () => {
    const error = await importOptional(() => import(absent), absent, "The X adapter").catch(
      (e: unknown) => e,
    );
    expect(isSwitchboardError(error) && error.code).toBe("MISSING_DEPENDENCY");
    expect((error as Error).message).toBe(
      `The X adapter needs the npm package ${absent}, which is not installed: npm install ${absent}`,
    );
    expect(() => requireOptional(absent, "The ledger")).toThrow(`npm install ${absent}`);
  });

  it("an installed package loads, and any other failure keeps its own error", async () => {
    expect((await importOptional(() => import("zod"), "zod", "Config")).z).toBeDefined();
    expect(requireOptional<{ parse: unknown }>("jsonc-parser", "Config").parse).toBeTypeOf("function");
    const inner = Object.assign(new Error("Cannot find module 'left-pad' imported from zod"), {
      code: "ERR_MODULE_NOT_FOUND",
    });
    await expect(importOptional(() => Promise.reject(inner), "zod", "Config")).rejects.toBe(inner);
  });
});
