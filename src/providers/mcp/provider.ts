import type { ToolsModule } from "../provider-module.js";
import { FLAT_LAYOUT } from "../shared/flat-layout.js";
import { WEB_IMAGE_TYPES } from "../shared/media-types.js";
import { mcpCountTokens } from "./count-tokens.js";
import { prepareMcpTools } from "./prepare-tools.js";
import { validateMcpTools } from "./validate-tools.js";

/** The MCP `tools/list` shape, for the gateway serving the catalogue to another MCP client. */
export const mcpProvider: ToolsModule<"mcp"> = {
  id: "mcp",
  family: "mcp",
  layout: FLAT_LAYOUT,
  cacheBreakpoints: false,
  wireTool: (tool, { source }) =>
    prepareMcpTools([
      {
        ...tool,
        ...(source.title === undefined ? {} : { title: source.title }),
        ...(source.annotations === undefined ? {} : { annotations: source.annotations }),
      },
    ])[0],
  validateTools: validateMcpTools,
  countTokens: mcpCountTokens,
  imageTypes: WEB_IMAGE_TYPES,
};
