/**
 * The check the SDK's `callTool` makes of a result against the tool's listed `outputSchema`, for a result that
 * reached us another way (a task's `tasks/result`, the direct and SDK-free stdio paths): same rule, same error
 * codes and messages, so the caller cannot tell the paths apart. A successful result must carry
 * `structuredContent` that matches; an `isError` one is exempt. The faults are found without the SDK; only
 * throwing one needs its `ProtocolError` (`checkToolOutput`, where the SDK is loaded).
 */
import type { CallToolResult, JsonSchemaType, jsonSchemaValidator, Tool } from "@modelcontextprotocol/client";
import { clientSdkLoaded } from "../auth/client-sdk.js";

/** A fault the SDK reports as a `ProtocolError` with this code and message. */
export interface OutputFault {
  code: number;
  message: string;
}

/** The SDK's `ProtocolErrorCode.InvalidParams` and `InvalidRequest`, copied so this module loads no SDK code. */
const INVALID_PARAMS = -32602;
const INVALID_REQUEST = -32600;

type Validate = ReturnType<jsonSchemaValidator["getValidator"]>;

/**
 * `tool`'s output validator (undefined for a tool without an output schema), or the fault of a schema that does
 * not compile. The SDK compiles it before it sends the call.
 */
export function outputValidator(
  tool: Tool | undefined,
  validators: jsonSchemaValidator,
): { validate?: Validate; fault?: OutputFault } {
  const schema = tool?.outputSchema;
  if (schema === undefined) return {};
  try {
    return { validate: validators.getValidator(schema as JsonSchemaType) };
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 200);
    return {
      fault: {
        code: INVALID_PARAMS,
        message: `Tool '${tool?.name}' has an invalid outputSchema: ${message}`,
      },
    };
  }
}

/** What is wrong with `result` under `validate` (`tool`'s output validator), if anything. */
export function outputFault(
  result: CallToolResult,
  tool: Tool | undefined,
  validate: Validate | undefined,
): OutputFault | undefined {
  if (validate === undefined || result.isError === true) return undefined;
  if (result.structuredContent === undefined) {
    return {
      code: INVALID_REQUEST,
      message: `Tool ${tool?.name} has an output schema but did not return structured content`,
    };
  }
  let outcome: ReturnType<Validate>;
  try {
    outcome = validate(result.structuredContent);
  } catch (error) {
    return {
      code: INVALID_PARAMS,
      message: `Failed to validate structured content: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  if (outcome.valid) return undefined;
  return {
    code: INVALID_PARAMS,
    message: `Structured content does not match the tool's output schema: ${outcome.errorMessage}`,
  };
}

/** Throws a `ProtocolError` when `result` breaks `tool`'s output schema. The SDK must be loaded. */
export function checkToolOutput(
  result: CallToolResult,
  tool: Tool | undefined,
  validators: jsonSchemaValidator,
): void {
  if (tool?.outputSchema === undefined || result.isError === true) return;
  const { validate, fault } = outputValidator(tool, validators);
  const found = fault ?? outputFault(result, tool, validate);
  if (found === undefined) return;
  const { ProtocolError } = clientSdkLoaded("the output-schema check");
  throw new ProtocolError(found.code, found.message);
}
