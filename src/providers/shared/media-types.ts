/** Image media types each provider takes inline; anything else is described in text. */

/** png, jpeg, gif and webp: the images Anthropic, Chat Completions and Responses accept. */
export const WEB_IMAGE_TYPES: ReadonlySet<string> = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
]);

/** Gemini's inline image types (no gif; heic and heif). */
export const GEMINI_IMAGE_TYPES: ReadonlySet<string> = new Set([
  "image/png",
  "image/jpeg",
  "image/webp",
  "image/heic",
  "image/heif",
]);
