export { createBaselineIndex } from "./baseline-index.js";
export { Bm25fIndex, type Bm25Params, type ScoredKey } from "./bm25f.js";
export { DEFAULT_DENSE_FIELD_WEIGHTS, type DenseFieldWeights } from "./dense-tool-index.js";
export { type EvalQuery, parseJsonl, pickDistractors, readQueries, readTools } from "./eval-data.js";
export { judge, type QueryOutcome, type RetrievalMetrics, summarise } from "./evaluate.js";
export {
  CALL_TOOL,
  CALL_TOOL_NAME,
  FACADE_TOOLS,
  FACADE_TOOLS_TOKENS,
  facadeToolsAnthropicJson,
  SEARCH_TOOLS,
  SEARCH_TOOLS_NAME,
} from "./facade-tools.js";
export {
  compactSchema,
  descriptionHead,
  type FormatOptions,
  type FoundTool,
  formatSearchResults,
} from "./format-results.js";
export { type Fusion, fuse } from "./fusion.js";
export {
  createHybridToolIndex,
  type Embedder,
  embeddingText,
  type HybridOptions,
  type HybridToolIndex,
} from "./hybrid-index.js";
export { EmbeddingError, type OpenAiEmbedderOptions, openAiEmbedder } from "./openai-embedder.js";
export { type PairedDifference, pairedDifference, wilsonInterval } from "./paired-difference.js";
export { porterStem } from "./porter-stemmer.js";
export {
  type BaselineComparison,
  compareToBaseline,
  evaluateRetriever,
  percentile,
  type Retriever,
  type RetrieverResult,
  type RetrieverRun,
} from "./run-eval.js";
export { DEFAULT_SEARCH_CONFIG, LEXICAL_SEARCH_CONFIG, type SearchConfig } from "./search-config.js";
export { ENGLISH_STOP_WORDS } from "./stop-words.js";
export { splitIdentifier, type TokenizeOptions, tokenize } from "./tokenize.js";
export { createToolIndex, type SearchHit, type ToolIndex, toolKey } from "./tool-index.js";
export { type ToolText, toolText } from "./tool-text.js";
export { parseWordVectors, shippedWordVectors, type WordVectors } from "./word-vectors.js";
