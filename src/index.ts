/**
 * The package entry point. The default export is the ESLint plugin (also at
 * `sunset-lint/eslint`), whose `rules`, `configs` and `meta` are also named exports; the other
 * named exports are the programmatic API.
 */
import plugin from "./eslint/index.js";

export default plugin;
export const { rules, configs, meta } = plugin;
export * from "./catalogue/index.js";
export { analyzeModule, resolveOptions, RULE_NAMES, type AnalysisOptions, type Finding, type Confidence } from "./core/index.js";
export { scan, type ScanOptions } from "./scanner/scan.js";
export type { ScanResult, ScanFinding, ScanSummary } from "./scanner/result.js";
export { mergeResults } from "./scanner/merge.js";
export { FORMATTERS } from "./report/index.js";
