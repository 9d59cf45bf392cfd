import { describe, expect, it } from "vitest";
import { decideApproval } from "../dispatch/approval.js";
import { approvalFromConfig } from "./approval-from-config.js";

const request = (name: string, readOnly?: boolean) => ({
  server: name.split("__")[0] ?? "",
  tool: name.split("__")[1] ?? "",
  name,
  arguments: {},
  ...(readOnly === undefined ? {} : { annotations: { readOnlyHint: readOnly } }),
});

describe("approvalFromConfig", () => {
  it("has no policy without an approval section", () => {
    expect(approvalFromConfig(undefined, { yes: true })).toBeUndefined();
  });

  it("applies the config's rules and default, answering ask with the hook or --yes", async () => {
    const config = { rules: { "files__write_*": "deny" as const, "memory__*": "allow" as const } };
    const policy = approvalFromConfig(config, {});
    expect(decideApproval(policy!, request("files__write_file")).rule).toBe("deny");
    expect(decideApproval(policy!, request("memory__create_entities")).rule).toBe("allow");
    expect(decideApproval(policy!, request("files__read_file", true)).rule).toBe("allow");
    expect(decideApproval(policy!, request("files__move_file")).rule).toBe("ask");
    expect(policy?.ask).toBeUndefined();
    const yes = approvalFromConfig(config, { yes: true });
    expect(await yes?.ask?.(request("files__move_file"), {})).toBe("allow");
  });
});
