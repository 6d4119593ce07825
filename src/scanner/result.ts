/**
 * The scan result: the JSON contract of DESIGN.md (`{ version: 1, asOf, findings, summary }`),
 * which every formatter, the baseline, shard merging and the report read.
 */
import type { EntryState } from "../catalogue/status.js";
import type { Confidence, Severity, Suggestion, TextEdit } from "../core/finding.js";
import type { FileProblem } from "./discover.js";

export interface ScanFinding {
  ruleId: string;
  entryId: string | null;
  item: number | null;
  /** Relative to the working directory, `/` separators. */
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  message: string;
  date: string | null;
  status: EntryState;
  replacement: string | null;
  method: string | null;
  path: string | null;
  confidence: Confidence;
  severity: Severity;
  /** Stable across line shifts: file, rule, entry and the flagged source, normalised. */
  fingerprint: string;
  /** The source line the finding starts on (trimmed, at most 200 characters). */
  source: string;
  /** Where the path is written when that is another file. */
  related?: { file: string; line: number; column: number };
  /** Offsets and edits, for `--fix`, valid for the text whose hash is `textHash`; not part of the JSON output. */
  fix?: { range: [number, number]; edits: TextEdit[]; textHash: string } | undefined;
  suggestions?: Suggestion[] | undefined;
}

export interface UnusedDirective {
  file: string;
  line: number;
  text: string;
}

export interface ScanSummary {
  files: number;
  /** Files that passed the prefilter and were parsed. */
  parsed: number;
  filesWithFindings: number;
  findings: number;
  byStatus: Record<EntryState, number>;
  byRule: Record<string, number>;
  byItem: Record<string, number>;
  suppressed: number;
  baselined: number;
  problems: FileProblem[];
  unusedDisableDirectives: UnusedDirective[];
  shard: string | null;
  durationMs: number;
}

export interface ScanResult {
  version: 1;
  asOf: string;
  findings: ScanFinding[];
  summary: ScanSummary;
}

export function summarize(findings: ScanFinding[], rest: Omit<ScanSummary, "findings" | "filesWithFindings" | "byStatus" | "byRule" | "byItem">): ScanSummary {
  const byStatus: Record<EntryState, number> = { "in-effect": 0, upcoming: 0 };
  const byRule: Record<string, number> = {};
  const byItem: Record<string, number> = {};
  for (const finding of findings) {
    byStatus[finding.status]++;
    byRule[finding.ruleId] = (byRule[finding.ruleId] ?? 0) + 1;
    const item = finding.item === null ? "logpush" : String(finding.item);
    byItem[item] = (byItem[item] ?? 0) + 1;
  }
  return {
    ...rest,
    findings: findings.length,
    filesWithFindings: new Set(findings.map((finding) => finding.file)).size,
    byStatus,
    byRule,
    byItem,
  };
}

/**
 * Code-unit order: the same on every machine (`localeCompare` follows the locale of the process's
 * environment, so a result's order could differ between a laptop and CI), and it needs no collator
 * (creating ICU's took 9-12 ms of a 0.3 s cached run).
 */
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The order of a result's findings: by file, position, rule and entry. */
export const compareFindings = (a: ScanFinding, b: ScanFinding) =>
  compareText(a.file, b.file) || a.line - b.line || a.column - b.column || compareText(a.ruleId, b.ruleId) || compareText(a.entryId ?? "", b.entryId ?? "");

/** The order of a result's problems: by file (stable: a file's problems keep the order they were found in). */
export const compareProblems = (a: FileProblem, b: FileProblem) => compareText(a.file, b.file);

/** A finding without its edits (fixes and suggestions are offsets into one file's text: never stored or printed). */
export function withoutEdits({ fix: _fix, suggestions: _suggestions, ...finding }: ScanFinding): ScanFinding {
  return finding;
}

/** Whether a problem makes the run fail (results of older versions have no `kind`). */
export const isUnscannable = (problem: FileProblem): boolean => problem.kind !== "skipped";
