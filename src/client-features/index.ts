export type { Asker } from "./asker.js";
export {
  type ClientEventListeners,
  type ClientFeatureOptions,
  clientFeatures,
  type FollowedConnection,
  followClientEvents,
} from "./client-features.js";
export {
  createElicitationHandler,
  type ElicitationHook,
  type ElicitationOptions,
} from "./elicitation-handler.js";
export {
  applyFormDefaults,
  checkValue,
  type FieldKind,
  type FieldOption,
  type FormField,
  formFields,
  parseFieldInput,
  validateFormContent,
} from "./elicitation-schema.js";
export {
  atLeast,
  formatLogEntry,
  isLogLevel,
  LOG_LEVELS,
  type ServerLogEntry,
  toLogEntry,
} from "./logging.js";
export {
  chooseSamplingModel,
  type ModelChoice,
  type ModelPreferencesLike,
  type SamplingModel,
} from "./model-preferences.js";
export { openInBrowser } from "./open-browser.js";
export { formatProgress } from "./progress.js";
export { RootsRegistry, toRoots } from "./roots.js";
export {
  createSamplingHandler,
  DEFAULT_SAMPLING_MAX_TOKENS,
  type SamplingApprovalAnswer,
  type SamplingApprovalHook,
  type SamplingApprovalRequest,
  type SamplingEvent,
  type SamplingOptions,
  USER_REJECTED,
} from "./sampling-handler.js";
export {
  type SamplingConversation,
  type SamplingParamsLike,
  samplingConversation,
} from "./sampling-request.js";
export { type FormRequest, runTerminalForm } from "./terminal-form.js";
export { runUrlElicitation, type UrlRequest } from "./url-elicitation.js";
