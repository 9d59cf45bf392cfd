export {
  AuthError,
  type AuthErrorReason,
  AuthorizationRefusedError,
  isAuthError,
} from "./auth-error.js";
export {
  type AuthForServerOptions,
  type AuthMode,
  authForServer,
  type ServerAuth,
  usesOAuth,
} from "./auth-for-server.js";
export { FileCredentialStore, type FileCredentialStoreOptions } from "./file-credential-store.js";
export { HeadlessAuthorization, type HeadlessAuthorizationOptions } from "./headless-authorization.js";
export { LoopbackAuthorization, type LoopbackAuthorizationOptions } from "./loopback-authorization.js";
export { MemoryCredentialStore } from "./memory-credential-store.js";
export {
  type PreRegisteredClient,
  SwitchboardOAuthProvider,
  type SwitchboardOAuthProviderOptions,
} from "./oauth-provider.js";
export type { ConnectionAuth } from "./session-auth.js";
export type {
  AuthorizationHandler,
  AuthorizationResponse,
  CredentialStore,
  StoredCredentials,
} from "./types.js";
