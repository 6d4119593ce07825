/**
 * Reads a file the tool trusts for its own behaviour (config, schedule, baseline, cache, JSON
 * results to merge) with a size bound, so that a huge file, `/dev/zero` or a FIFO with no
 * writer gives one clear line instead of a hang or an out-of-memory abort. Only regular files
 * are read; the descriptor is opened non-blocking so that opening a FIFO never waits.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { formatBytes } from "./read-source.js";

/** Upper bounds, by what the file is. Generous for real use, small enough to never exhaust memory. */
export const READ_LIMITS = {
  config: 1024 * 1024,
  schedule: 4 * 1024 * 1024,
  gitignore: 4 * 1024 * 1024,
  baseline: 256 * 1024 * 1024,
  result: 256 * 1024 * 1024,
  cache: 512 * 1024 * 1024,
} as const;

export type BoundedKind = keyof typeof READ_LIMITS;

/** Why a bounded read failed; `reason` is one line without the path (callers name the file their way). */
export class BoundedReadError extends Error {
  constructor(
    readonly reason: string,
    readonly code: string | null = null,
  ) {
    super(reason);
  }
}

const DESCRIBE: Record<BoundedKind, string> = {
  config: "a config file",
  schedule: "a schedule",
  gitignore: "a .gitignore",
  baseline: "a baseline",
  result: "a JSON result",
  cache: "a cache",
};

/** The file's text (UTF-8, a leading byte-order mark removed), or a `BoundedReadError`. */
export function readBounded(path: string, kind: BoundedKind): string {
  const bytes = readBoundedBytes(path, kind);
  const text = bytes.toString("utf8");
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The file's bytes, or a `BoundedReadError`. */
export function readBoundedBytes(path: string, kind: BoundedKind): Buffer {
  const limit = READ_LIMITS[kind];
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? null;
    throw new BoundedReadError(code === "ENOENT" ? "file not found" : code === "EISDIR" ? "is a directory, not a file" : `cannot read it (${code ?? String(error)})`, code);
  }
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory()) throw new BoundedReadError("is a directory, not a file", "EISDIR");
    if (!stats.isFile()) throw new BoundedReadError("not a regular file (a device, FIFO or socket cannot be read as " + DESCRIBE[kind] + ")", "ENOTREG");
    if (stats.size > limit) throw new BoundedReadError(`${formatBytes(stats.size)} is over the ${formatBytes(limit)} limit for ${DESCRIBE[kind]}`, "ETOOBIG");
    // Read at most limit + 1 bytes: a file that grows while being read is still bounded.
    const buffer = Buffer.allocUnsafe(Math.min(stats.size, limit) + 1);
    let length = 0;
    for (;;) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
      if (length === buffer.length) {
        if (length > limit) throw new BoundedReadError(`over the ${formatBytes(limit)} limit for ${DESCRIBE[kind]}`, "ETOOBIG");
        throw new BoundedReadError("it grew while being read; run again when it is complete", "ECHANGED");
      }
    }
    return buffer.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}
