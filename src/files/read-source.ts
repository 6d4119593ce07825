/**
 * Reads a source file for analysis (UTF-8, or UTF-16 with a byte order mark), refusing what is
 * not source: too large, binary (more than a few NUL bytes in the first 8 KiB), unreadable. The
 * reason is returned, never thrown, so that one bad file never stops a run.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { utf8Text } from "./utf8-text.js";

export const DEFAULT_MAX_FILE_BYTES = 2 * 1024 * 1024;

/** `skipped`: left out by policy (too large, binary), not a failure to read what should be read. */
export type SourceRead = { ok: true; text: string } | { ok: false; problem: string; skipped?: boolean };

export function readSource(path: string, maxBytes = DEFAULT_MAX_FILE_BYTES): SourceRead {
  // Opened without waiting (a plain open of a FIFO named like source waits for a writer), then
  // asked what it is: one lookup of the path instead of a `stat` and then an open.
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | NON_BLOCKING);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EISDIR") return { ok: false, problem: "not a regular file" };
    return { ok: false, problem: code === "ENOENT" ? "file not found (a broken symbolic link?)" : `cannot read it (${code ?? String(error)})` };
  }
  let buffer: Buffer;
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { ok: false, problem: "not a regular file" };
    if (stats.size > maxBytes) return { ok: false, skipped: true, problem: `skipped: ${formatBytes(stats.size)} is over the ${formatBytes(maxBytes)} limit for source files` };
    buffer = readAll(fd, stats.size, maxBytes);
  } catch (error) {
    return { ok: false, problem: `cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})` };
  } finally {
    closeSync(fd);
  }
  // UTF-16 with its byte order mark: Windows PowerShell saves scripts so by default.
  const utf16 = utf16Text(buffer);
  if (utf16 !== null) return { ok: true, text: utf16 };
  if (looksBinary(buffer.subarray(0, 8192))) return { ok: false, skipped: true, problem: "skipped: binary content (NUL bytes), not source text" };
  let text = utf8Text(buffer);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return { ok: true, text };
}

/** `O_NONBLOCK` where there is one (not on Windows, where a FIFO cannot be named like a file). */
const NON_BLOCKING = constants.O_NONBLOCK ?? 0;

/**
 * The bytes of an open file of `size` bytes as it was stat'ed, as `readFileSync` reads them: that
 * many at most, fewer if it shrank meanwhile; a file that reports no size (`/proc`) is read to its
 * end, up to a little over `maxBytes`.
 */
function readAll(fd: number, size: number, maxBytes: number): Buffer {
  if (size > 0) {
    const buffer = Buffer.allocUnsafe(size);
    let length = 0;
    while (length < size) {
      const read = readSync(fd, buffer, length, size - length, null);
      if (read === 0) break;
      length += read;
    }
    return length === size ? buffer : buffer.subarray(0, length);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  while (total <= maxBytes) {
    const chunk = Buffer.allocUnsafe(64 * 1024);
    const read = readSync(fd, chunk, 0, chunk.length, null);
    if (read === 0) break;
    chunks.push(chunk.subarray(0, read));
    total += read;
  }
  return Buffer.concat(chunks, total);
}

/**
 * Binary content: NUL bytes more than one in a thousand of the sample (images, archives, an MPEG
 * transport stream named `.ts`, UTF-16 without its mark are full of them). Source text may hold a
 * few, written raw in a string as a separator (`${type}\0${name}` in a template literal).
 */
function looksBinary(sample: Buffer): boolean {
  let nuls = 0;
  for (let index = sample.indexOf(0); index !== -1; index = sample.indexOf(0, index + 1)) {
    if (++nuls * 1000 > sample.length) return true;
  }
  return false;
}

/** The text of a buffer that starts with a UTF-16 byte order mark (little- or big-endian), or `null`. */
function utf16Text(buffer: Buffer): string | null {
  if (buffer.length < 2) return null;
  if (buffer[0] === 0xff && buffer[1] === 0xfe) return withoutInsertedCarriageReturns(buffer).toString("utf16le", 2);
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return Buffer.from(buffer.subarray(2, buffer.length - (buffer.length % 2))).swap16().toString("utf16le");
  return null;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} B`;
}

/**
 * A line ending of UTF-16LE text (`0D 00 0A 00`) as a byte-wise line-ending conversion leaves it:
 * a CR byte put before the LF byte (`0D 00 0D 0A 00`), after which every character is read a byte
 * off (a public PowerShell module's script read as CJK characters from its second line). The
 * conversion's own signature, never valid text: the CR byte inserted before each LF is taken out.
 */
const CONVERTED_LINE_END = Buffer.from([0x0d, 0x00, 0x0d, 0x0a, 0x00]);

function withoutInsertedCarriageReturns(buffer: Buffer): Buffer {
  if (buffer.indexOf(CONVERTED_LINE_END, 2) === -1) return buffer;
  const repaired = Buffer.alloc(buffer.length);
  let length = 0;
  for (let index = 0; index < buffer.length; ) {
    // At a character's first byte (an even offset of what is written): `0D 0A 00` is an inserted CR, then a LF.
    if (length % 2 === 0 && buffer[index] === 0x0d && buffer[index + 1] === 0x0a && buffer[index + 2] === 0x00) {
      index++;
      continue;
    }
    repaired[length++] = buffer[index++]!;
  }
  return repaired.subarray(0, length);
}
