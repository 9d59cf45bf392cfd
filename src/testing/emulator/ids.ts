import { randomBytes } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Random base62 text of `length` characters. */
export function base62(length: number): string {
  const bytes = randomBytes(length);
  let out = "";
  for (const byte of bytes) out += BASE62[byte % 62];
  return out;
}

function hex(length: number): string {
  return randomBytes(Math.ceil(length / 2))
    .toString("hex")
    .slice(0, length);
}

/** Identifier shapes as the real APIs issue them (prefix and alphabet; lengths approximate). */
export const ids = {
  anthropicMessage: () => `msg_01${base62(22)}`,
  anthropicToolUse: () => `toolu_01${base62(22)}`,
  anthropicRequest: () => `req_01${base62(22)}`,
  chatCompletion: () => `chatcmpl-${base62(29)}`,
  chatToolCall: () => `call_${base62(24)}`,
  response: () => `resp_${hex(48)}`,
  responseMessage: () => `msg_${hex(48)}`,
  responseFunctionCall: () => `fc_${hex(48)}`,
  responseReasoning: () => `rs_${hex(48)}`,
  openaiRequest: () => `req_${hex(32)}`,
  geminiResponse: () => base62(22),
  thoughtSignature: () => randomBytes(48).toString("base64"),
};
