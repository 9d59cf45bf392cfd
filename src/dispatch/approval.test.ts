import { describe, expect, it } from "vitest";
import { askApproval, decideApproval } from "./approval.js";

const target = (tool: string, annotations?: Record<string, boolean>) => ({
  server: "fs",
  tool,
  name: `fs__${tool}`,
  ...(annotations === undefined ? {} : { annotations }),
});

describe("decideApproval", () => {
  it("by default asks for anything not marked read-only or non-destructive (MCP's defaults)", () => {
    expect(decideApproval({}, target("read", { readOnlyHint: true })).rule).toBe("allow");
    expect(decideApproval({}, target("touch", { destructiveHint: false })).rule).toBe("allow");
    expect(decideApproval({}, target("rm", { destructiveHint: true }))).toEqual({
      rule: "ask",
      because: "approval required (the tool is marked destructive)",
    });
    expect(decideApproval({}, target("mystery")).because).toContain(
      "not marked read-only or non-destructive",
    );
    // readOnlyHint: false with destructiveHint absent is still potentially destructive.
    expect(decideApproval({}, target("write", { readOnlyHint: false })).rule).toBe("ask");
  });

  it("requireApprovalFor all / none", () => {
    expect(decideApproval({ requireApprovalFor: "all" }, target("read", { readOnlyHint: true })).rule).toBe(
      "ask",
    );
    expect(decideApproval({ requireApprovalFor: "none" }, target("rm", { destructiveHint: true })).rule).toBe(
      "allow",
    );
  });

  it("matches globs against the emitted name and server__tool; the strictest matching rule wins", () => {
    const aliased = { server: "filesystem", tool: "delete_file", name: "fs__delete_file" };
    expect(decideApproval({ rules: { "filesystem__delete_*": "deny" } }, aliased)).toEqual({
      rule: "deny",
      because: 'approval rule "filesystem__delete_*": deny',
    });
    expect(decideApproval({ rules: { "fs__*": "allow" } }, aliased).rule).toBe("allow");
    const both = { rules: { "fs__*": "allow", "*delete*": "ask", "filesystem__*": "allow" } } as const;
    expect(decideApproval(both, aliased).rule).toBe("ask");
    expect(decideApproval({ rules: { "*": "allow", "*_file": "deny" } }, aliased).rule).toBe("deny");
    // A rule overrides the annotation default.
    expect(decideApproval({ rules: { fs__read: "deny" } }, target("read", { readOnlyHint: true })).rule).toBe(
      "deny",
    );
    expect(
      decideApproval({ rules: { "other__*": "deny" } }, target("read", { readOnlyHint: true })).rule,
    ).toBe("allow");
  });
});

describe("askApproval", () => {
  const request = { ...target("rm"), arguments: { path: "/" } };
  const decision = { rule: "ask" as const, because: "approval required (the tool is marked destructive)" };

  it("denies when there is no hook, saying why", async () => {
    expect(await askApproval({}, request, decision)).toEqual({
      allowed: false,
      reason:
        "approval required (the tool is marked destructive), and nobody can be asked (no approval hook is configured)",
    });
  });

  it("maps the hook's answers", async () => {
    expect(await askApproval({ ask: () => "allow" }, request, decision)).toEqual({ allowed: true });
    expect(await askApproval({ ask: async () => "deny" as const }, request, decision)).toEqual({
      allowed: false,
      reason: "the user declined it",
    });
    expect(await askApproval({ ask: () => ({ deny: "not on Fridays" }) }, request, decision)).toEqual({
      allowed: false,
      reason: "not on Fridays",
    });
    const odd = await askApproval({ ask: () => "yes" as never }, request, decision);
    expect(odd).toEqual({ allowed: false, reason: 'the approval hook gave an unrecognised answer ("yes")' });
  });

  it("passes the request and the signal to the hook", async () => {
    const signal = new AbortController().signal;
    let seen: unknown;
    await askApproval(
      {
        ask: (req, options) => {
          seen = [req, options.signal];
          return "allow";
        },
      },
      request,
      decision,
      signal,
    );
    expect(seen).toEqual([request, signal]);
  });
});
