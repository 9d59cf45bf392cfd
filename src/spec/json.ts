/** JSON values as they arrive from servers and go to providers. */
export type JsonPrimitive = string | number | boolean | null;
/** Any JSON value. */
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
/** A JSON object, as tool arguments and schemas are. */
export type JsonObject = { [key: string]: JsonValue };
