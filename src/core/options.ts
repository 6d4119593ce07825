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
  /**
   * False when no request of the file can reach the Logpush jobs endpoint (the prefilter found no
   * jobs path in its text or its imports'): `valid-logpush-filter` then checks only job bodies
   * that name their `dataset`, without evaluating every call of the file.
   */
  logpushJobRequests?: boolean;
}

/**
 * What a text test lets the analysis of one file leave out (see `Prefilter.narrowing`): the rules
 * that can find nothing there, and the requests of a file that can reach no Logpush jobs endpoint.
 */
export interface Narrowing {
  readonly rules: readonly RuleName[] | "all";
  readonly logpushJobRequests: boolean;
}

export const NO_NARROWING: Narrowing = Object.freeze({ rules: "all", logpushJobRequests: true });

/** The options of one file's analysis, narrowed (the rules: those of both). */
export function narrowedOptions(options: AnalysisOptions, narrowing: Narrowing): AnalysisOptions {
  const { rules, logpushJobRequests } = narrowing;
  if ((rules === "all" || rules.length === 0) && logpushJobRequests) return options;
  return {
    ...options,
    ...(rules === "all" || rules.length === 0 ? {} : { rules: rules.filter((rule) => options.rules?.includes(rule) ?? true) }),
    ...(logpushJobRequests ? {} : { logpushJobRequests: false }),
  };
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
    ...(partial.logpushJobRequests === false ? { logpushJobRequests: false } : {}),
  };
}
