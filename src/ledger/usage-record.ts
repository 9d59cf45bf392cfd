/** One model call as the ledger keeps it. */
export interface UsageRecord {
  /** ISO 8601, UTC. */
  time: string;
  conversation: string;
  /** 1-based number of the call within its conversation. */
  call: number;
  provider: string;
  model: string;
  agent?: string;
  /** Everything the prompt cost, cached or not (`TokenUsage.inputTokens`). */
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  /** ESTIMATE (`o200k_base` + the provider's fixed overheads) of the tools array's share of `inputTokens`. */
  toolsTokens: number;
  toolCount: number;
  /** SHA-256 of the tools array's bytes: a new value within a conversation means the cached prefix was rewritten. */
  toolsHash: string;
  /** Tools offered per server, for telling which server made the array grow. */
  servers: Record<string, number>;
}
