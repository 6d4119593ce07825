import type { EntryState } from "../catalogue/status.js";
import type { RuleName } from "../catalogue/types.js";
import type { Range } from "./ir.js";

export type Confidence = "high" | "medium" | "low";
export const CONFIDENCE_LEVELS: readonly Confidence[] = ["low", "medium", "high"];
export const confidenceRank = (confidence: Confidence) => CONFIDENCE_LEVELS.indexOf(confidence);

export type Severity = "error" | "warning";

export interface TextEdit {
  range: Range;
  text: string;
}

export interface Suggestion {
  messageId: string;
  data: Record<string, string>;
  message: string;
  edits: TextEdit[];
}

/** A finding inside one module, located by offsets; front ends turn offsets into lines and columns. */
export interface Finding {
  ruleId: RuleName;
  /** Catalogue entry id; `null` for Logpush filter problems. */
  entryId: string | null;
  /** Schedule item number; `null` for Logpush filter problems. */
  item: number | null;
  range: Range;
  messageId: string;
  data: Record<string, string>;
  message: string;
  date: string | null;
  status: EntryState;
  replacement: string | null;
  /** The HTTP method when known (endpoint findings). */
  method: string | null;
  /** The canonical endpoint template (endpoint findings). */
  path: string | null;
  confidence: Confidence;
  severity: Severity;
  /** An autofix: applied by `--fix`, certain by construction. */
  fix: TextEdit[] | null;
  suggestions: Suggestion[];
  /** Another place the finding depends on (the file and offsets where an imported path is written). */
  related: { file: string; range: Range; text: string } | null;
}

/** 1-based line and column of an offset. */
export function lineColumn(text: string, offset: number, lineStarts = lineStartsOf(text)): { line: number; column: number } {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (lineStarts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return { line: low + 1, column: offset - lineStarts[low]! + 1 };
}

export function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (char === 10) starts.push(index + 1);
    else if (char === 13 && text.charCodeAt(index + 1) !== 10) starts.push(index + 1);
  }
  return starts;
}
