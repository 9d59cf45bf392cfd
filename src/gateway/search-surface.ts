/**
 * The gateway's search surface: instead of the agent's tools, downstream clients list `search_tools` and
 * `call_tool`, and every call is answered through a tool-search toolset for the `mcp` target, whose own
 * resolution answers searches from the index and unwraps `call_tool` into the direct call it stands for. The
 * facade can be switched on per view (`active`), so a surface can serve the full list until a limit is met.
 */
import type { McpToolDefinition } from "../providers/mcp/prepare-tools.js";
import { FACADE_TOOLS } from "../search/facade-tools.js";
import { FACADE_SERVER } from "../toolsearch/compose-array.js";
import { toolSearchToolset } from "../toolsearch/tool-search-toolset.js";
import { buildToolset } from "../toolset/build-toolset.js";
import { namingOf } from "../toolset/config-naming.js";
import { selectTools } from "../toolset/select-tools.js";
import type { Gateway, ToolSurface } from "./gateway.js";
import type { GatewayTool, GatewayView } from "./gateway-view.js";

export interface SearchSurfaceOptions {
  /** The agent whose selection the search covers (the gateway's agent). */
  agent?: string;
  /** Whether `view` is served through the facade; default always. Otherwise the full list is served. */
  active?: (view: GatewayView) => boolean;
}

/** A tool surface serving the search facade over the gateway's catalogue (see the file comment). */
export function searchSurface(gateway: Gateway, options: SearchSurfaceOptions = {}): ToolSurface {
  const { agent, active = () => true } = options;
  const naming = namingOf(gateway.config);
  const search = toolSearchToolset({
    catalog: gateway.catalog,
    // The gateway reads the catalogue as it is; a call never waits for a re-list.
    settle: false,
    target: "mcp",
    mode: "facade",
    select: (tools) => selectTools(tools, gateway.config, agent === undefined ? {} : { agent }),
    build: naming === undefined ? {} : { naming },
  });
  // The facade's definitions are constants, so the listing needs no catalogue read.
  const facade = buildToolset(
    FACADE_TOOLS.map((tool) => ({ server: FACADE_SERVER, tool })),
    "mcp",
    { naming: { prefix: false } },
  ).tools as McpToolDefinition[];
  return {
    listTools: (view): readonly GatewayTool[] => (active(view) ? facade : view.tools),
    callTool: async (name, args, context) =>
      active(context.view) ? context.dispatch(name, args, await search()) : context.dispatch(name, args),
  };
}
