/**
 * The one entry point both front ends call: a lowered module in, findings out.
 */
import type { CatalogueIndex } from "../catalogue/load.js";
import type { RuleName } from "../catalogue/types.js";
import { DEFAULT_API_HOSTS } from "./libraries.js";
import { DetectorContext } from "./detectors/context.js";
import { RULE_NAMES, type AnalysisOptions } from "./options.js";
import { detectRemovedDnsRecordFields, detectSrvDataFields } from "./detectors/dns-records.js";
import { detectDeprecatedEndpoints } from "./detectors/endpoints.js";
import { detectErrorChain } from "./detectors/error-chain.js";
import { detectDeprecatedFields } from "./detectors/fields.js";
import { detectConflictingFramingHeaders } from "./detectors/framing-headers.js";
import { detectLogpushFilters } from "./detectors/logpush.js";
import { detectRenamedPathSegments } from "./detectors/path-segment.js";
import { detectDraftCiphers } from "./detectors/tls-ciphers.js";
import { Evaluator, type ModuleHost, type TypeOracle } from "./evaluator/index.js";
import { confidenceRank, type Finding } from "./finding.js";
import type { Module } from "./ir.js";
import { normalizeHost } from "./url.js";
import { programOf } from "./program.js";

export type { AnalysisOptions } from "./options.js";
export { resolveOptions, RULE_NAMES, today } from "./options.js";

export const DETECTORS: Readonly<Record<RuleName, (ctx: DetectorContext) => void>> = {
  "no-deprecated-endpoint": detectDeprecatedEndpoints,
  "no-script-monitor-path": detectRenamedPathSegments,
  "no-removed-dns-record-fields": detectRemovedDnsRecordFields,
  "no-srv-data-fields": detectSrvDataFields,
  "no-error-chain": detectErrorChain,
  "no-conflicting-framing-headers": detectConflictingFramingHeaders,
  "no-notification-email": detectDeprecatedFields,
  "no-draft-chacha20-ciphers": detectDraftCiphers,
  "valid-logpush-filter": detectLogpushFilters,
};

export interface AnalyzeInput {
  module: Module;
  catalogue: CatalogueIndex;
  options: AnalysisOptions;
  /** Resolves relative imports, for constants and helpers defined in other files. */
  host?: ModuleHost | null;
  types?: TypeOracle | null;
  /** Reuse one evaluator across files so that shared modules are evaluated once. */
  evaluator?: Evaluator;
  /**
   * Told when a rule's detector fails part-way; the findings already made (by it and by the other
   * rules) are kept. Without it, the first failure is thrown after every rule has run.
   */
  onRuleError?: (rule: RuleName, error: unknown) => void;
}

export function analyzeModule(input: AnalyzeInput): Finding[] {
  const { module, catalogue, options } = input;
  const program = programOf(module);
  const evaluator = input.evaluator ?? new Evaluator({ catalogue, host: input.host ?? null, types: input.types ?? null });
  evaluator.startFile();
  const apiHosts = [...DEFAULT_API_HOSTS, ...options.apiHosts.map(normalizeHost)];
  const ctx = new DetectorContext(program, evaluator, catalogue, options, apiHosts);
  // One rule failing (a shape the evaluator did not expect) must not cost the file its other findings.
  let firstError: unknown = null;
  for (const rule of options.rules ?? RULE_NAMES) {
    try {
      DETECTORS[rule](ctx);
    } catch (error) {
      if (input.onRuleError) input.onRuleError(rule, error);
      else firstError ??= error;
    }
  }
  evaluator.endFile();
  if (firstError !== null) throw firstError;

  const seen = new Set<string>();
  return selectFindings(ctx.findings, options)
    .filter((finding) => {
      const key = `${finding.ruleId}:${finding.entryId}:${finding.range[0]}:${finding.range[1]}:${finding.messageId}:${JSON.stringify(finding.data)}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1] || a.ruleId.localeCompare(b.ruleId));
}

/** The findings at or above `minConfidence` whose entry is not in `ignore` (ids or item numbers). */
export function selectFindings(findings: readonly Finding[], options: Pick<AnalysisOptions, "minConfidence" | "ignore">): Finding[] {
  const ignored = new Set(options.ignore.map(String));
  const minimum = confidenceRank(options.minConfidence);
  return findings.filter(
    (finding) =>
      confidenceRank(finding.confidence) >= minimum &&
      !(finding.entryId !== null && (ignored.has(finding.entryId) || ignored.has(String(finding.item)))),
  );
}
