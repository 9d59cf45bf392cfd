/**
 * The SDK's OAuth providers for grants without a user (client credentials with a secret or a signed JWT, and
 * SEP-990 cross-app access), offered from `auth/` so code outside the SDK's layers never imports the SDK itself.
 */
export type { AuthProvider, OAuthClientProvider } from "@modelcontextprotocol/client";
export {
  ClientCredentialsProvider,
  CrossAppAccessProvider,
  PrivateKeyJwtProvider,
  requestJwtAuthorizationGrant,
} from "@modelcontextprotocol/client";
