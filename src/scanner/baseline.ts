/**
 * Baselines let a big repo adopt the tool without fixing everything first: `--update-baseline`
 * records today's findings by fingerprint, `--baseline` hides those and shows only new ones.
 * Fingerprints hold the file, rule, entry and the flagged source (not the line number), so
 * adding lines above a finding does not bring it back.
 */
import type { ScanFinding } from "./result.js";
import { BoundedReadError, readBounded } from "../files/read-bounded.js";
import { WriteError, writeFileAtomic } from "../files/write-atomic.js";

export interface BaselineFile {
  version: 1;
  tool: "sunset-lint";
  findings: { fingerprint: string; file: string; ruleId: string; entryId: string | null; line: number }[];
}

export class BaselineError extends Error {}

export function readBaseline(path: string, displayName = path): Set<string> {
  let text: string;
  try {
    text = readBounded(path, "baseline");
  } catch (error) {
    if (!(error instanceof BoundedReadError)) throw error;
    throw new BaselineError(`${displayName}: ${error.code === "ENOENT" ? "baseline file not found (create it with --update-baseline)" : error.reason}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Never the parser's message: it quotes the file's content, which may be anything.
    throw new BaselineError(`${displayName}: not a sunset-lint baseline (not JSON; write one with --update-baseline)`);
  }
  const file = parsed as Partial<BaselineFile> | null;
  if (file === null || typeof file !== "object" || file.tool !== "sunset-lint" || file.version !== 1 || !Array.isArray(file.findings)) {
    throw new BaselineError(`${displayName}: not a sunset-lint baseline (expected {"version": 1, "tool": "sunset-lint", "findings": [...]})`);
  }
  const fingerprints = new Set<string>();
  for (const [index, finding] of (file.findings as unknown[]).entries()) {
    const fingerprint = finding !== null && typeof finding === "object" ? (finding as Record<string, unknown>).fingerprint : undefined;
    if (typeof fingerprint !== "string") throw new BaselineError(`${displayName}: not a sunset-lint baseline (findings[${index}] has no "fingerprint" string)`);
    fingerprints.add(fingerprint);
  }
  return fingerprints;
}

export function writeBaseline(path: string, findings: readonly ScanFinding[], displayName = path): void {
  const baseline: BaselineFile = {
    version: 1,
    tool: "sunset-lint",
    findings: findings.map((f) => ({ fingerprint: f.fingerprint, file: f.file, ruleId: f.ruleId, entryId: f.entryId, line: f.line })),
  };
  try {
    writeFileAtomic(path, `${JSON.stringify(baseline, null, 2)}\n`);
  } catch (error) {
    if (error instanceof WriteError) throw new BaselineError(`${displayName}: cannot write the baseline: ${error.reason}`);
    throw error;
  }
}
