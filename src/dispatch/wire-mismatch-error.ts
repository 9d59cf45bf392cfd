import { SwitchboardError } from "../errors.js";

/**
 * `answerResponse` cannot answer this response with this toolset: the wire it was given is not the one the
 * toolset was built for (the names would not match), or the toolset's target has no response to answer (`mcp`),
 * or neither says which provider the response came from.
 */
export class WireMismatchError extends SwitchboardError {
  override name = "WireMismatchError";
  /** The wire `answerResponse` was given; absent when it was to be taken from the toolset. */
  readonly wire: string | undefined;
  /** The wire of the toolset's target; absent when the toolset does not say. */
  readonly toolsetWire: string | undefined;

  constructor(wire: string | undefined, toolsetWire: string | undefined) {
    super("USAGE", mismatchMessage(wire, toolsetWire));
    this.wire = wire;
    this.toolsetWire = toolsetWire;
  }
}

function mismatchMessage(wire: string | undefined, toolsetWire: string | undefined): string {
  if (wire !== undefined && toolsetWire !== undefined) {
    return `answerResponse was asked to answer a ${wire} response with a toolset built for ${toolsetWire}; the names would not match`;
  }
  if (toolsetWire !== undefined) {
    return `answerResponse has no provider response to answer for a toolset built for ${toolsetWire}; build the toolset for the provider the response came from`;
  }
  return "answerResponse needs the provider the response came from: pass its wire, or a toolset with its target";
}
