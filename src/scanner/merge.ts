/**
 * `sunset-lint merge`: joins the JSON results of shards (or of several scans) into one result,
 * equal to what one scan of all the files gives.
 */
import { BoundedReadError, readBounded } from "../files/read-bounded.js";
import { compareFindings, compareProblems, summarize, type ScanResult } from "./result.js";

export class MergeError extends Error {}

export function readResultFile(path: string, displayName = path): ScanResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readBounded(path, "result"));
  } catch (error) {
    throw new MergeError(`${displayName}: ${error instanceof BoundedReadError ? error.reason : `not JSON (${(error as Error).message})`}`);
  }
  const result = parsed as Partial<ScanResult> | null;
  if (result === null || typeof result !== "object" || result.version !== 1 || !Array.isArray(result.findings) || typeof result.asOf !== "string" || !result.summary) {
    throw new MergeError(`${displayName}: not a sunset-lint JSON result (expected {"version": 1, "asOf", "findings", "summary"}; write one with --format json)`);
  }
  const wrong = resultShapeProblem(result as ScanResult);
  if (wrong) throw new MergeError(`${displayName}: not a sunset-lint JSON result: ${wrong}`);
  return result as ScanResult;
}

type Check = (value: unknown) => boolean;
const isString: Check = (value) => typeof value === "string";
const isStringOrNull: Check = (value) => value === null || typeof value === "string";
const isPosition: Check = (value) => Number.isSafeInteger(value) && (value as number) >= 0;
const isCount: Check = isPosition;
const oneOf = (...allowed: string[]): Check => (value) => allowed.includes(value as string);

/** What every reader of a result (formatters, baseline, report) relies on. */
const FINDING_SHAPE: Record<string, [Check, string]> = {
  ruleId: [isString, "a string"],
  entryId: [isStringOrNull, "a string or null"],
  file: [isString, "a string"],
  line: [isPosition, "a line number"],
  column: [isPosition, "a column number"],
  endLine: [isPosition, "a line number"],
  endColumn: [isPosition, "a column number"],
  message: [isString, "a string"],
  status: [oneOf("in-effect", "upcoming"), '"in-effect" or "upcoming"'],
  confidence: [oneOf("high", "medium", "low"), '"high", "medium" or "low"'],
  severity: [isString, "a string"],
  fingerprint: [isString, "a string"],
};

const SUMMARY_COUNTS = ["files", "parsed", "suppressed", "baselined", "durationMs"] as const;

/** The first place where the result does not have the shape of ours, or null. */
function resultShapeProblem(result: ScanResult): string | null {
  for (let index = 0; index < result.findings.length; index++) {
    const finding = result.findings[index] as unknown;
    if (finding === null || typeof finding !== "object" || Array.isArray(finding)) return `findings[${index}] is not an object`;
    for (const [key, [check, expected]] of Object.entries(FINDING_SHAPE)) {
      if (!check((finding as Record<string, unknown>)[key])) return `findings[${index}].${key} must be ${expected}`;
    }
  }
  const summary = result.summary as unknown as Record<string, unknown>;
  if (typeof summary !== "object" || Array.isArray(summary)) return "summary is not an object";
  for (const key of SUMMARY_COUNTS) if (!isCount(summary[key])) return `summary.${key} must be a whole number`;
  if (!Array.isArray(summary.problems)) return "summary.problems must be a list";
  for (const [index, problem] of (summary.problems as unknown[]).entries()) {
    if (problem === null || typeof problem !== "object" || !isString((problem as Record<string, unknown>).file) || !isString((problem as Record<string, unknown>).message)) {
      return `summary.problems[${index}] must be {"file", "message"}`;
    }
  }
  if (summary.unusedDisableDirectives === undefined) summary.unusedDisableDirectives = [];
  if (!Array.isArray(summary.unusedDisableDirectives)) return "summary.unusedDisableDirectives must be a list";
  return null;
}

export function mergeResults(results: readonly ScanResult[]): ScanResult {
  if (results.length === 0) throw new MergeError("nothing to merge");
  const asOf = results[0]!.asOf;
  const other = results.find((result) => result.asOf !== asOf);
  if (other) throw new MergeError(`the results were judged on different dates (${asOf} and ${other.asOf}); scan every shard with the same --as-of`);
  const seen = new Set<string>();
  const findings = results
    .flatMap((result) => result.findings)
    .filter((finding) => {
      const key = `${finding.file}:${finding.line}:${finding.column}:${finding.ruleId}:${finding.entryId}:${finding.fingerprint}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort(compareFindings);
  const sum = (pick: (result: ScanResult) => number) => results.reduce((total, result) => total + pick(result), 0);
  return {
    version: 1,
    asOf,
    findings,
    summary: summarize(findings, {
      files: sum((r) => r.summary.files),
      parsed: sum((r) => r.summary.parsed),
      suppressed: sum((r) => r.summary.suppressed),
      baselined: sum((r) => r.summary.baselined),
      problems: results.flatMap((r) => r.summary.problems).sort(compareProblems),
      unusedDisableDirectives: results.flatMap((r) => r.summary.unusedDisableDirectives),
      shard: null,
      durationMs: results.reduce((longest, r) => Math.max(longest, r.summary.durationMs), 0),
    }),
  };
}
