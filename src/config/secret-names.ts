/**
 * Names that say their value is a credential: environment variables (`GITHUB_TOKEN`), command-line flags
 * (`--api-key`), URL query parameters (`?access_token=`). Deliberately generous: redacting a value that was not
 * secret costs a word in a message; printing one that was costs the credential.
 */
const secretName =
  /token|key|secret|passw|pwd|auth|credential|cookie|session|signature|sig$|^sig|bearer|jwt/i;

/** True when `name` (without leading dashes) names a credential. */
export function looksSecret(name: string): boolean {
  return secretName.test(name.replace(/^-+/, ""));
}

/** Shorter values are never treated as secrets: replacing "1" or "on" everywhere would destroy text and protect nothing. */
export const minSecretLength = 4;
