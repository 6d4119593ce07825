export { analyzeModule, resolveOptions, today, RULE_NAMES, type AnalyzeInput, type AnalysisOptions } from "./analyze.js";
export { Evaluator, type ModuleHost, type TypeOracle } from "./evaluator/index.js";
export { lineColumn, lineStartsOf, CONFIDENCE_LEVELS, confidenceRank, type Confidence, type Finding, type Severity, type Suggestion, type TextEdit } from "./finding.js";
export { MESSAGES, formatMessage, type MessageId } from "./messages.js";
export type * from "./ir.js";
