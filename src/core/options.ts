/**
 * The analysis's options and the rules' names: what a front end needs before it analyses
 * anything. Nothing here loads a detector or the evaluator, so a scan whose files all come from
 * its cache (or fail the prefilter) never loads them.
 */
import { parseIsoDay } from "../catalogue/status.js";
import type { RuleName } from "../catalogue/types.js";
import type { Confidence } from "./finding.js";
import { today } from "./clock.js";

export { today };

export interface LogpushLimits {
  /** Most operators a filter may hold (spec 8: about 30). */
  maxOperators: number;
  /** Largest filter in bytes (spec 8: about 1000). */
  maxBytes: number;
  /** Comparison operators accepted besides `eq` and `contains`. */
  operators: readonly string[];
}

export interface AnalysisOptions {
  /** The day findings are judged on, YYYY-MM-DD. */
  asOf: string;
  /** Hosts besides api.cloudflare.com that serve this API (an internal proxy). */
  apiHosts: readonly string[];
  minConfidence: Confidence;
  /** Entry ids or item numbers to leave out. */
  ignore: readonly (string | number)[];
  logpush: LogpushLimits;
  /** Run only these rules (all when absent). */
  rules?: readonly RuleName[];
}

export const DEFAULT_LOGPUSH_LIMITS: LogpushLimits = { maxOperators: 30, maxBytes: 1000, operators: [] };

/** Every rule, in the order they run (analyze.ts has a detector for each: a test holds the two together). */
export const RULE_NAMES: readonly RuleName[] = [
  "no-deprecated-endpoint",
  "no-script-monitor-path",
  "no-removed-dns-record-fields",
  "no-srv-data-fields",
  "no-error-chain",
  "no-conflicting-framing-headers",
  "no-notification-email",
  "no-draft-chacha20-ciphers",
  "valid-logpush-filter",
];

export function resolveOptions(partial: Partial<AnalysisOptions> = {}): AnalysisOptions {
  const asOf = partial.asOf ?? today();
  parseIsoDay(asOf);
  return {
    asOf,
    apiHosts: partial.apiHosts ?? [],
    minConfidence: partial.minConfidence ?? "medium",
    ignore: partial.ignore ?? [],
    logpush: { ...DEFAULT_LOGPUSH_LIMITS, ...partial.logpush },
    ...(partial.rules ? { rules: partial.rules } : {}),
  };
}
