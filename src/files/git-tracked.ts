/**
 * The paths git tracks in a repository. Git applies `.gitignore` only to untracked files: a file
 * committed under an ignored directory (a plugin kept in a repository whose `.gitignore` is a
 * whitelist, `/*` then `!/admin/modules/cloudflare/`) is part of the repository's code all the
 * same, and the scan reads it.
 *
 * Read from the repository's index (`.git/index`, versions 2 to 4, SHA-1 or SHA-256 object
 * names) without running git; an index this reader does not know (a split index) is listed by
 * `git ls-files` instead. When neither works, nothing is known to be tracked and `.gitignore`
 * applies to every file, as it did before.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";

export interface TrackedPaths {
  /** Tracked files, relative to the repository root, `/` separators. */
  files: ReadonlySet<string>;
  /** Every directory that holds a tracked file at any depth (the root excluded), the same way. */
  directories: ReadonlySet<string>;
}

/** The index file of the repository whose work tree starts at `root`, or null when `.git` names no git directory. */
export function indexPathOf(root: string): string | null {
  const dotGit = join(root, ".git");
  try {
    if (statSync(dotGit).isDirectory()) return join(dotGit, "index");
    // A worktree or a submodule: `.git` is a file, `gitdir: <path>`.
    const pointer = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(dotGit, "utf8"));
    if (!pointer) return null;
    const gitDir = pointer[1]!;
    return join(isAbsolute(gitDir) ? gitDir : resolve(root, gitDir), "index");
  } catch {
    return null;
  }
}

/** What the repository at `root` tracks, or null when it cannot be known. */
export function readTrackedPaths(root: string): TrackedPaths | null {
  const index = indexPathOf(root);
  if (index === null) return null;
  let bytes: Buffer;
  try {
    bytes = readFileSync(index);
  } catch (error) {
    // A repository without an index has nothing staged or committed yet: nothing is tracked.
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? collect([]) : null;
  }
  const paths = parseIndex(bytes) ?? listedByGit(root);
  return paths && collect(paths);
}

function collect(paths: Iterable<string>): TrackedPaths {
  const files = new Set<string>();
  const directories = new Set<string>();
  for (const path of paths) {
    // A sparse index names a directory it does not check out as one entry ending in `/`.
    if (path.endsWith("/")) directories.add(path.slice(0, -1));
    else files.add(path);
    for (let slash = path.lastIndexOf("/", path.length - 2); slash > 0; slash = path.lastIndexOf("/", slash - 1)) {
      const directory = path.slice(0, slash);
      // The index is sorted: once a directory is known, so are its parents.
      if (directories.has(directory)) break;
      directories.add(directory);
    }
  }
  return { files, directories };
}

/**
 * The paths of an index file (git's `index-format`), or null if it is not one this reader knows.
 * Each entry: 40 bytes of file status, the object name (20 or 32 bytes), 16 bits of flags
 * (the low 12: the name's length, capped at 0xFFF), in version 3 and later 16 more if the
 * extended flag is set, then the name: NUL-terminated and padded to a multiple of 8 in versions
 * 2 and 3; in version 4 a prefix shared with the previous name (its length is a varint of bytes to
 * drop from the previous name) and the rest, NUL-terminated, unpadded.
 */
export function parseIndex(bytes: Buffer): string[] | null {
  if (bytes.length < 12 || bytes.toString("latin1", 0, 4) !== "DIRC") return null;
  const version = bytes.readUInt32BE(4);
  if (version < 2 || version > 4) return null;
  const count = bytes.readUInt32BE(8);
  // The object name's length is not in the index: the one whose every name length checks out.
  for (const hashLength of [20, 32]) {
    const paths = parseEntries(bytes, version, count, hashLength);
    if (paths) return paths;
  }
  return null;
}

function parseEntries(bytes: Buffer, version: number, count: number, hashLength: number): string[] | null {
  const paths: string[] = [];
  let offset = 12;
  /** The previous name's bytes (version 4 drops bytes, not characters, from it). */
  let previous = Buffer.alloc(0);
  for (let entry = 0; entry < count; entry++) {
    const start = offset;
    const flagsAt = start + 40 + hashLength;
    if (flagsAt + 2 > bytes.length) return null;
    const flags = bytes.readUInt16BE(flagsAt);
    offset = flagsAt + 2;
    if (flags & 0x4000) {
      if (version < 3) return null;
      offset += 2;
    }
    let name: string;
    let nameLength: number;
    if (version === 4) {
      // git's varint: seven bits a byte, high bit set on all but the last, each continuation adding one.
      if (offset >= bytes.length) return null;
      let byte = bytes[offset++]!;
      let drop = byte & 0x7f;
      while (byte & 0x80) {
        if (offset >= bytes.length) return null;
        byte = bytes[offset++]!;
        drop = (drop + 1) * 128 + (byte & 0x7f);
      }
      const end = bytes.indexOf(0, offset);
      if (end < 0 || drop > previous.length) return null;
      const nameBytes = Buffer.concat([previous.subarray(0, previous.length - drop), bytes.subarray(offset, end)]);
      name = nameBytes.toString("utf8");
      nameLength = nameBytes.length;
      previous = nameBytes;
      offset = end + 1;
    } else {
      const end = bytes.indexOf(0, offset);
      if (end < 0) return null;
      name = bytes.toString("utf8", offset, end);
      nameLength = end - offset;
      // 1 to 8 NULs end the name, the entry's length a multiple of 8.
      offset = start + ((end - start + 8) & ~7);
    }
    const length = flags & 0xfff;
    if (nameLength === 0 || (length < 0xfff && nameLength !== length)) return null;
    paths.push(name);
  }
  // The extensions after the entries: a split index keeps most entries in another file.
  const hashAtEnd = bytes.length - hashLength;
  while (offset + 8 <= hashAtEnd) {
    const signature = bytes.toString("latin1", offset, offset + 4);
    if (signature === "link") return null;
    offset += 8 + bytes.readUInt32BE(offset + 4);
  }
  return offset === hashAtEnd ? paths : null;
}

/** `git ls-files`, for an index this reader does not know; null if git is not there or fails. */
function listedByGit(root: string): string[] | null {
  try {
    const output = execFileSync("git", ["-C", root, "ls-files", "-z", "--cached"], { encoding: "utf8", maxBuffer: 1 << 30, stdio: ["ignore", "pipe", "ignore"], timeout: 60_000 });
    return output.split("\0").filter((path) => path.length > 0);
  } catch {
    return null;
  }
}
