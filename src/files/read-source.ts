/**
 * Reads a source file for analysis, refusing what is not source: too large, binary (a NUL byte
 * in the first 8 KiB), unreadable. The reason is returned, never thrown, so that one bad file
 * never stops a run.
 */
import { readFileSync, statSync } from "node:fs";

export const DEFAULT_MAX_FILE_BYTES = 2 * 1024 * 1024;

/** `skipped`: left out by policy (too large, binary), not a failure to read what should be read. */
export type SourceRead = { ok: true; text: string } | { ok: false; problem: string; skipped?: boolean };

export function readSource(path: string, maxBytes = DEFAULT_MAX_FILE_BYTES): SourceRead {
  let size: number;
  try {
    const stats = statSync(path);
    if (!stats.isFile()) return { ok: false, problem: "not a regular file" };
    size = stats.size;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, problem: code === "ENOENT" ? "file not found (a broken symbolic link?)" : `cannot read it (${code ?? String(error)})` };
  }
  if (size > maxBytes) return { ok: false, skipped: true, problem: `skipped: ${formatBytes(size)} is over the ${formatBytes(maxBytes)} limit for source files` };
  let buffer: Buffer;
  try {
    buffer = readFileSync(path);
  } catch (error) {
    return { ok: false, problem: `cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})` };
  }
  if (buffer.subarray(0, 8192).includes(0)) return { ok: false, skipped: true, problem: "skipped: binary content (NUL bytes), not source text" };
  let text = buffer.toString("utf8");
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return { ok: true, text };
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} B`;
}
