/**
 * The check the SDK's `callTool` makes of a result against the tool's listed `outputSchema`, for a result that
 * reached us another way (a task's `tasks/result`): same rule, same error codes, so the caller cannot tell the
 * two paths apart. A successful result must carry `structuredContent` that matches; an `isError` one is exempt.
 */
import type { CallToolResult, JsonSchemaType, jsonSchemaValidator, Tool } from "@modelcontextprotocol/client";
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/client";

/** Throws a `ProtocolError` when `result` breaks `tool`'s output schema. */
export function checkToolOutput(
  result: CallToolResult,
  tool: Tool | undefined,
  validators: jsonSchemaValidator,
): void {
  const schema = tool?.outputSchema;
  if (schema === undefined || result.isError === true) return;
  let validate: ReturnType<jsonSchemaValidator["getValidator"]>;
  try {
    validate = validators.getValidator(schema as JsonSchemaType);
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 200);
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Tool '${tool?.name}' has an invalid outputSchema: ${message}`,
    );
  }
  if (result.structuredContent === undefined) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidRequest,
      `Tool ${tool?.name} has an output schema but did not return structured content`,
    );
  }
  let outcome: ReturnType<typeof validate>;
  try {
    outcome = validate(result.structuredContent);
  } catch (error) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Failed to validate structured content: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (!outcome.valid) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Structured content does not match the tool's output schema: ${outcome.errorMessage}`,
    );
  }
}
