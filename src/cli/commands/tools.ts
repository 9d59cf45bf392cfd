import { createHash } from "node:crypto";
import type { SwitchboardConfig } from "../../config/types.js";
import type { GatewayView } from "../../gateway/gateway-view.js";
import type { TargetId } from "../../providers/targets.js";
import { canonicalJson } from "../../schema/canonical-json.js";
import { buildToolset, type Toolset } from "../../toolset/build-toolset.js";
import { namingOf } from "../../toolset/config-naming.js";
import { selectTools } from "../../toolset/select-tools.js";
import { agentServers, connectForCli } from "../connect-for-cli.js";
import { listingFeatures } from "../listing-features.js";
import { loadCliConfig } from "../load-cli-config.js";
import type { CliIo } from "../main.js";
import { parseTarget } from "../parse-target.js";
import { renderTable } from "../render-table.js";

export interface ToolsOptions {
  config?: string;
  provider: string;
  agent?: string;
  json?: boolean;
}

/** Connects, selects and translates: the toolset a request for this provider would carry right now. */
export async function currentToolset(
  config: SwitchboardConfig,
  io: CliIo,
  target: TargetId,
  agent: string | undefined,
): Promise<{ toolset: Toolset; failed: string[] }> {
  // Declares what `run` and `serve` declare: servers that list tools by client capability list the same ones.
  const host = await connectForCli(config, io, agentServers(config, agent), {
    features: listingFeatures(config, io.cwd, { roots: target !== "mcp" }),
  });
  try {
    const snapshot = host.catalog.snapshot();
    const failed = host.servers.filter((server) => server.state === "failed").map((server) => server.name);
    // The `mcp` target is what the gateway lists: the very same view, so the two can never disagree (it adds
    // each tool's own outputSchema to the translated definitions). Loaded here: the view brings the MCP server
    // SDK, which no other target needs.
    if (target === "mcp") {
      const { buildGatewayView } = await import("../../gateway/gateway-view.js");
      return { toolset: gatewayToolset(buildGatewayView(snapshot, config, agent)), failed };
    }
    const selected = selectTools(snapshot?.tools ?? [], config, agent === undefined ? {} : { agent });
    const naming = namingOf(config);
    const toolset = buildToolset(selected, target, {
      generation: snapshot?.generation ?? 0,
      ...(naming === undefined ? {} : { naming }),
    });
    return { toolset, failed };
  } finally {
    await host.close();
  }
}

/** The gateway's tools as a toolset: its listing's canonical bytes and their hash. */
function gatewayToolset(view: GatewayView): Toolset {
  // Keys sorted, arrays as the gateway sends them (its listing keeps each schema's own `required` order).
  const json = canonicalJson(view.tools);
  const hash = createHash("sha256").update(json).digest("hex");
  // The gateway lists repaired schemas (root `type: "object"`), the shape `McpWireTool` describes.
  return { ...view.toolset, tools: [...view.tools] as Toolset["tools"], json, hash };
}

/**
 * `switchboard tools --provider P`: with `--json`, exactly the bytes of the `tools` value that request would
 * carry (so it can be diffed or validated); otherwise a table of what is in it.
 */
export async function toolsCommand(options: ToolsOptions, io: CliIo): Promise<number> {
  const target = parseTarget(options.provider);
  const config = await loadCliConfig(options.config, io);
  const { toolset, failed } = await currentToolset(config, io, target, options.agent);
  const quarantined = toolset.entries.filter((entry) => entry.status === "quarantined");
  if (options.json) {
    io.out(toolset.json, { exact: true });
  } else {
    const emitted = toolset.entries.filter((entry) => entry.status === "ok");
    io.out(
      renderTable(emitted, [
        { header: "name", value: (row) => row.name ?? "" },
        { header: "server", value: (row) => row.server },
        { header: "tool", value: (row) => row.tool },
        { header: "strict", value: (row) => (row.strict ? "yes" : "no") },
        { header: "bytes", value: (row) => String(row.json?.length ?? 0), align: "right" },
        {
          header: "changes",
          value: (row) => row.warnings.map((warning) => warning.code).join(", "),
          maxWidth: 60,
        },
      ]),
    );
    io.out(
      `\n${emitted.length} tools for ${toolset.target.profile.label}; ${toolset.json.length} bytes; sha256 ${toolset.hash}`,
    );
  }
  for (const warning of toolset.warnings) io.err(`warning: ${warning.message}`);
  if (quarantined.length > 0) {
    io.err(
      `${quarantined.length} tools quarantined (not sent): ${quarantined.map((entry) => `${entry.server}/${entry.tool}`).join(", ")}; run \`switchboard check\` for reasons`,
    );
  }
  if (failed.length > 0) {
    io.err(`servers failed, their tools are missing: ${failed.join(", ")} (run \`switchboard inspect\`)`);
    return 1;
  }
  return 0;
}
