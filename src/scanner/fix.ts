/**
 * `--fix`: applies the findings' autofixes (certain by construction) file by file. Each file is
 * re-read and checked to be unchanged since the scan, edits that overlap are skipped, and the
 * write is atomic, so a user's file is never lost or half-written.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { TextEdit } from "../core/finding.js";
import { writeFileAtomic } from "../files/write-atomic.js";
import { contentHash } from "./module-host.js";
import type { ScanFinding } from "./result.js";

export function applyFixes(cwd: string, findings: readonly ScanFinding[]): { files: number; edits: number; problems: string[] } {
  const byFile = new Map<string, TextEdit[]>();
  for (const finding of findings) {
    if (finding.fix) byFile.set(finding.file, [...(byFile.get(finding.file) ?? []), ...finding.fix.edits]);
  }
  let files = 0;
  let applied = 0;
  const problems: string[] = [];
  for (const [file, edits] of byFile) {
    const path = resolve(cwd, file);
    let original: string;
    try {
      original = readFileSync(path, "utf8");
    } catch (error) {
      problems.push(`${file}: not fixed, cannot read it (${(error as NodeJS.ErrnoException).code})`);
      continue;
    }
    const bom = original.charCodeAt(0) === 0xfeff ? "\ufeff" : "";
    const text = bom ? original.slice(1) : original;
    const sorted = [...edits].sort((a, b) => b.range[0] - a.range[0]);
    let result = text;
    let lastStart = Number.POSITIVE_INFINITY;
    let count = 0;
    for (const edit of sorted) {
      if (edit.range[1] > lastStart) continue;
      result = result.slice(0, edit.range[0]) + edit.text + result.slice(edit.range[1]);
      lastStart = edit.range[0];
      count++;
    }
    if (contentHash(readFileSync(path, "utf8")) !== contentHash(original)) {
      problems.push(`${file}: not fixed, it changed during the scan`);
      continue;
    }
    writeFileAtomic(path, bom + result);
    files++;
    applied += count;
  }
  return { files, edits: applied, problems };
}
