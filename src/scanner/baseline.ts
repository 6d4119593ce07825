/**
 * Baselines let a big repo adopt the tool without fixing everything first: `--update-baseline`
 * records today's findings by fingerprint, `--baseline` hides those and shows only new ones.
 * Fingerprints hold the file, rule, entry and the flagged source (not the line number), so
 * adding lines above a finding does not bring it back.
 */
import { readFileSync } from "node:fs";
import type { ScanFinding } from "./result.js";
import { writeFileAtomic } from "../files/write-atomic.js";

export interface BaselineFile {
  version: 1;
  tool: "sunset-lint";
  findings: { fingerprint: string; file: string; ruleId: string; entryId: string | null; line: number }[];
}

export class BaselineError extends Error {}

export function readBaseline(path: string, displayName = path): Set<string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BaselineError(`${displayName}: ${code === "ENOENT" ? "baseline file not found (create it with --update-baseline)" : `not a valid baseline file (${(error as Error).message})`}`);
  }
  const file = parsed as Partial<BaselineFile>;
  if (file.tool !== "sunset-lint" || file.version !== 1 || !Array.isArray(file.findings)) {
    throw new BaselineError(`${displayName}: not a sunset-lint baseline (expected {"version": 1, "tool": "sunset-lint", "findings": [...]})`);
  }
  return new Set(file.findings.map((finding) => finding.fingerprint));
}

export function writeBaseline(path: string, findings: readonly ScanFinding[]): void {
  const baseline: BaselineFile = {
    version: 1,
    tool: "sunset-lint",
    findings: findings.map((f) => ({ fingerprint: f.fingerprint, file: f.file, ruleId: f.ruleId, entryId: f.entryId, line: f.line })),
  };
  writeFileAtomic(path, `${JSON.stringify(baseline, null, 2)}\n`);
}
