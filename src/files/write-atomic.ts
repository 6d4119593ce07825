import { chmodSync, chownSync, lstatSync, mkdirSync, readlinkSync, realpathSync, renameSync, rmSync, statSync, writeFileSync, writeSync, type Stats } from "node:fs";
import { dirname, resolve } from "node:path";

/** A file that cannot be written as asked (a directory, say): one clear line, no stack. */
export class WriteError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * Writes `content` to `path` so that a reader never sees half a file: through a temporary file
 * and a rename. What the path is stays what it was: a symbolic link is written through (its
 * target is replaced, the link kept); a file with other hard links, a FIFO or a device
 * (`/dev/stdout`) is written in place; an existing file keeps its mode and, where allowed, its
 * owner. A directory is refused.
 */
export function writeFileAtomic(path: string, content: string | Buffer): void {
  // This process's own streams: written on the open descriptor (it may be a pipe or a socket, which cannot be reopened).
  const descriptor = OWN_DESCRIPTOR.exec(path);
  if (descriptor) {
    const fd = descriptor[1] === "stdout" ? 1 : descriptor[1] === "stderr" ? 2 : Number(descriptor[2]);
    writeAll(fd, typeof content === "string" ? Buffer.from(content) : content);
    return;
  }
  let existing: Stats | null = null;
  try {
    existing = statSync(path); // follows links
  } catch {
    // a new file, or a link to one
  }
  if (existing?.isDirectory()) throw new WriteError("is a directory, not a file");
  if (existing && (!existing.isFile() || existing.nlink > 1)) {
    writeFileSync(path, content);
    return;
  }
  const target = throughLinks(path);
  mkdirSync(dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}.${Date.now().toString(36)}.tmp`;
  try {
    writeFileSync(temporary, content);
    if (existing) {
      chmodSync(temporary, existing.mode & 0o7777);
      try {
        chownSync(temporary, existing.uid, existing.gid);
      } catch {
        // only the owner may be kept where the process is allowed to
      }
    }
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

const OWN_DESCRIPTOR = /^\/dev\/(stdout|stderr)$|^\/(?:dev\/fd|proc\/self\/fd)\/(\d+)$/;

function writeAll(fd: number, buffer: Buffer): void {
  for (let offset = 0; offset < buffer.length; ) {
    try {
      offset += writeSync(fd, buffer, offset);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw error;
    }
  }
}

/** The file a path names after following symbolic links (also a link whose target does not exist yet). */
function throughLinks(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    try {
      if (lstatSync(path).isSymbolicLink()) return resolve(dirname(path), readlinkSync(path));
    } catch {
      // not there at all
    }
    return path;
  }
}
