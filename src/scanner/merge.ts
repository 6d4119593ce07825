/**
 * `sunset-lint merge`: joins the JSON results of shards (or of several scans) into one result,
 * equal to what one scan of all the files gives.
 */
import { readFileSync } from "node:fs";
import { compareFindings, summarize, type ScanResult } from "./result.js";

export class MergeError extends Error {}

export function readResultFile(path: string, displayName = path): ScanResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new MergeError(`${displayName}: ${code === "ENOENT" ? "file not found" : `not JSON (${(error as Error).message})`}`);
  }
  const result = parsed as Partial<ScanResult>;
  if (result?.version !== 1 || !Array.isArray(result.findings) || typeof result.asOf !== "string" || !result.summary) {
    throw new MergeError(`${displayName}: not a sunset-lint JSON result (expected {"version": 1, "asOf", "findings", "summary"}; write one with --format json)`);
  }
  return result as ScanResult;
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
      problems: results.flatMap((r) => r.summary.problems).sort((a, b) => a.file.localeCompare(b.file)),
      unusedDisableDirectives: results.flatMap((r) => r.summary.unusedDisableDirectives),
      shard: null,
      durationMs: Math.max(...results.map((r) => r.summary.durationMs)),
    }),
  };
}
