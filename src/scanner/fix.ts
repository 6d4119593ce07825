/**
 * `--fix` and `--fix-dry-run`: apply the findings' autofixes (certain by construction) file by
 * file, and never harm a file:
 *
 * - a fix is applied only to the exact text that was analysed: the file's bytes are compared
 *   with the analysed text's hash right before writing, again after taking the file's lock, so
 *   a file edited during the scan, or fixed meanwhile by another run, is skipped with a notice;
 * - each real file is fixed once, whatever the number of names (symbolic links) it was found
 *   under, and written through links, in place for hard links, keeping mode, owner, byte-order
 *   mark and line endings (the edits touch only their ranges);
 * - read-only files and files that are not valid UTF-8 are skipped with a notice;
 * - edits that overlap are skipped; a dry run returns the unified diff and writes nothing.
 */
import { closeSync, openSync, readFileSync, realpathSync, rmSync, statSync, writeSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { createTwoFilesPatch } from "diff";
import type { TextEdit } from "../core/finding.js";
import { writeFileAtomic } from "../files/write-atomic.js";
import { contentHash } from "../files/content-hash.js";
import type { ScanFinding } from "./result.js";

export interface FixOutcome {
  /** Files written (or, in a dry run, that would be). */
  files: number;
  edits: number;
  /** One line per file that was not fixed, and why. */
  problems: string[];
  /** The unified diff of every change, in a dry run. */
  diff: string;
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

interface FileFix {
  /** The name the file was reported under (relative to the working directory). */
  file: string;
  textHash: string;
  edits: TextEdit[];
}

export function applyFixes(cwd: string, findings: readonly ScanFinding[], options: { dryRun?: boolean } = {}): FixOutcome {
  const outcome: FixOutcome = { files: 0, edits: 0, problems: [], diff: "" };
  // One entry per real file: the same file reached through a link was analysed twice, into the same edits.
  const byRealPath = new Map<string, FileFix>();
  const names = new Map<string, string>();
  for (const finding of findings) {
    if (!finding.fix) continue;
    let real = names.get(finding.file);
    if (real === undefined) {
      try {
        real = realpathSync(resolve(cwd, finding.file));
      } catch (error) {
        outcome.problems.push(`${finding.file}: not fixed, cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
        real = "";
      }
      names.set(finding.file, real);
    }
    if (!real) continue;
    const entry = byRealPath.get(real);
    if (!entry) byRealPath.set(real, { file: finding.file, textHash: finding.fix.textHash, edits: [...finding.fix.edits] });
    else if (entry.file === finding.file) for (const edit of finding.fix.edits) entry.edits.push(edit);
  }

  for (const [real, fix] of byRealPath) {
    const result = fixOne(real, fix, options.dryRun ?? false);
    if ("problem" in result) {
      outcome.problems.push(`${fix.file}: not fixed, ${result.problem}`);
      continue;
    }
    outcome.files++;
    outcome.edits += result.edits;
    if (options.dryRun) outcome.diff += createTwoFilesPatch(`a/${fix.file}`, `b/${fix.file}`, result.before, result.after, undefined, undefined, { context: 3 }).replace(/^=+\n/, "");
  }
  return outcome;
}

type FixResult = { edits: number; before: string; after: string } | { problem: string };

function fixOne(real: string, fix: FileFix, dryRun: boolean): FixResult {
  const current = readText(real, fix.textHash);
  if ("problem" in current) return current;
  const stats = statSync(real);
  if (!dryRun && (stats.mode & 0o222) === 0) return { problem: "it is read-only" };
  const { text, bom } = current;
  const { result, count } = applyEdits(text, fix.edits);
  if (count === 0 || result === text) return { problem: "the fixes overlap or change nothing" };
  if (dryRun) return { edits: count, before: bom + text, after: bom + result };

  // Another sunset-lint fixing the same file holds its lock: that run wins, this one skips it.
  const lock = join(dirname(real), `.${basename(real)}.sunset-lint-lock`);
  let fd: number;
  try {
    fd = openSync(lock, "wx");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { problem: code === "EEXIST" ? `another sunset-lint run is fixing it (or left ${lock} behind: remove it if no run is going)` : `cannot lock it (${code ?? String(error)})` };
  }
  try {
    writeSync(fd, String(process.pid));
    // Compare and swap: the bytes must still be the analysed ones now that the lock is held.
    const again = readText(real, fix.textHash);
    if ("problem" in again) return again;
    writeFileAtomic(real, bom + result);
    return { edits: count, before: text, after: result };
  } finally {
    closeSync(fd);
    rmSync(lock, { force: true });
  }
}

/** The file's text if its bytes are valid UTF-8 and still those that were analysed. */
function readText(path: string, textHash: string): { text: string; bom: string } | { problem: string } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    return { problem: `cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})` };
  }
  let decoded: string;
  try {
    decoded = UTF8.decode(bytes);
  } catch {
    return { problem: "it is not valid UTF-8 (fixing would replace its bytes)" };
  }
  // TextDecoder drops a leading byte-order mark; it is written back as it was.
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? "\ufeff" : "";
  if (contentHash(decoded) !== textHash) return { problem: "it changed after it was analysed (run again)" };
  return { text: decoded, bom };
}

/** Applies edits from the end of the text backwards, skipping any that overlaps one already applied. */
export function applyEdits(text: string, edits: readonly TextEdit[]): { result: string; count: number } {
  const sorted = [...edits].sort((a, b) => b.range[0] - a.range[0] || b.range[1] - a.range[1]);
  const parts: string[] = [];
  let end = text.length;
  let lastStart = Number.POSITIVE_INFINITY;
  let count = 0;
  for (const edit of sorted) {
    if (edit.range[1] > lastStart) continue;
    parts.push(text.slice(edit.range[1], end), edit.text);
    end = edit.range[0];
    lastStart = edit.range[0];
    count++;
  }
  parts.push(text.slice(0, end));
  return { result: parts.reverse().join(""), count };
}
