/**
 * The walk's part of `--cache`: what discovery decided in each directory (the subdirectories it
 * walked into, the files it scans and their language, the bundles it skipped), replayed on the
 * next run while the directory is unchanged, so that a warm scan neither lists the whole tree nor
 * matches every path against the `.gitignore` rules again: one `stat` per directory instead.
 *
 * A directory's record is replayed only while all of these hold, else the directory is listed:
 * - its stamp (modification time, inode) is the one taken before it was listed, and it had not been
 *   modified in the last seconds before that walk began (a change in the same tick of a coarse
 *   clock as the listing would leave its time unchanged: such a directory is listed again next time);
 * - every ignore file the walk read (`.gitignore`, `.git/info/exclude`, and a repository's index once
 *   a rule matched, for what git tracks is not ignored) has its recorded stamp, and
 *   every `.git` the walk looked for above the walked directories is still there, or still absent
 *   (checked once before the walk: if one changed, nothing is replayed);
 * - a directory listed again because it changed still has, or still lacks, a `.gitignore` and a
 *   `.git` (either changes the rules of every directory below it: the walk starts over, cold).
 * Links and extensionless files are decided again on every run: a link's target and a script's
 * first line change without their directory changing.
 */
import { statSync } from "node:fs";
import { fileStamp } from "./cache.js";

/** What one directory's listing gave the walk, in listing order: `[name, what]`. */
export type KeptEntry = [name: string, what: string];
/**
 * `what` of a kept entry: a subdirectory walked into, a link or an extensionless file (decided
 * again each run), a skipped bundle, otherwise the language of a file scanned; and, for resolving
 * imports only, a JS/TS file or link the scan leaves out (ignored, minified).
 */
export const KEPT_DIRECTORY = "/";
export const KEPT_LINK = "l";
export const KEPT_SCRIPT = "x";
export const KEPT_MINIFIED = "m";
export const LISTED_FILE = "f";
export const LISTED_LINK = "k";

export interface DirectoryRecord {
  /** Modification time (ns) and inode, taken before the directory was listed. */
  stamp: string;
  /** Whether the listing held a `.gitignore`, and a `.git`. */
  ignoreFile: boolean;
  git: boolean;
  kept: KeptEntry[];
}

export interface WalkRecord {
  /** The discovery options the walk ran with (see `discoveryKey`). */
  key: string;
  /** Ignore files read, with their stamps (null: absent or not readable). */
  ignoreFiles: Record<string, string | null>;
  /** `.git` looked for outside the walked directories: whether it was there. */
  repositories: Record<string, boolean>;
  /** By walked root (absolute, as given), the record of each directory walked (by real path). */
  roots: Record<string, Record<string, DirectoryRecord>>;
}

/** A directory listed again has gained or lost a `.gitignore` or a `.git`: nothing recorded below it can be trusted. */
export class WalkRulesChanged extends Error {}

/** Directories modified this close to the start of a walk are recorded with a stamp that never matches: the next walk lists them again. */
const SETTLED_MS = 3000;

function sameRecord(a: DirectoryRecord, b: DirectoryRecord): boolean {
  return a.stamp === b.stamp && a.kept.length === b.kept.length && a.kept.every(([name, what], index) => name === b.kept[index]![0] && what === b.kept[index]![1]);
}

export class DiscoveryMemo {
  private previous: WalkRecord | null;
  private record: WalkRecord;
  /** Whether this walk learned anything the previous record did not hold. */
  changed: boolean;
  /** Directories replayed from the record, and listed. */
  replayedCount = 0;
  listedCount = 0;
  private readonly settledBefore: bigint;

  constructor(previous: WalkRecord | null, readonly key: string, now: number = Date.now()) {
    this.settledBefore = BigInt(now - SETTLED_MS) * 1_000_000n;
    this.previous = previous && previous.key === key && DiscoveryMemo.conditionsHold(previous) ? previous : null;
    this.record = this.freshRecord();
    this.changed = this.previous === null;
  }

  private freshRecord(): WalkRecord {
    // The conditions of a record being replayed still hold (checked above): they are carried over.
    return {
      key: this.key,
      ignoreFiles: { ...(this.previous?.ignoreFiles ?? {}) },
      repositories: { ...(this.previous?.repositories ?? {}) },
      roots: {},
    };
  }

  private static conditionsHold(record: WalkRecord): boolean {
    for (const [path, stamp] of Object.entries(record.ignoreFiles)) if (fileStamp(path) !== stamp) return false;
    for (const [path, present] of Object.entries(record.repositories)) if ((fileStamp(path) !== null) !== present) return false;
    return true;
  }

  /** Replays nothing more, and records only what the walk that starts over finds. */
  forget(): void {
    this.previous = null;
    this.record = this.freshRecord();
    this.changed = true;
    this.replayedCount = 0;
    this.listedCount = 0;
  }

  /**
   * The directory's record if it can be replayed; otherwise what its listing is noted with (see
   * `noteListing`): its stamp now (null when it is too recent to replay later, or cannot be
   * stat'ed) and its previous record.
   */
  lookup(root: string, directory: string): { replay: DirectoryRecord } | { stamp: string | null; previous: DirectoryRecord | null } {
    let stamp: string | null = null;
    let settled = false;
    try {
      const stats = statSync(directory, { bigint: true });
      stamp = `${stats.mtimeNs}:${stats.ino}`;
      settled = stats.mtimeNs < this.settledBefore;
    } catch {
      // listed (and its problem reported) by the walk
    }
    const previous = this.previous?.roots[root]?.[directory] ?? null;
    if (previous && stamp !== null && previous.stamp === stamp) {
      this.keep(root, directory, previous);
      this.replayedCount++;
      return { replay: previous };
    }
    this.listedCount++;
    return { stamp: settled ? stamp : null, previous };
  }

  /**
   * Notes a directory just listed; throws `WalkRulesChanged` if it gained or lost ignore rules
   * since the last walk. A directory too recent to replay is kept all the same (with a stamp that
   * never matches): the next walk must know whether it had ignore rules.
   */
  noteListing(root: string, directory: string, stamp: string | null, previous: DirectoryRecord | null, entry: Omit<DirectoryRecord, "stamp">): void {
    if (previous && (previous.ignoreFile !== entry.ignoreFile || previous.git !== entry.git)) throw new WalkRulesChanged(directory);
    const record = { stamp: stamp ?? "", ...entry };
    if (!previous || !sameRecord(previous, record)) this.changed = true;
    this.keep(root, directory, record);
  }

  private keep(root: string, directory: string, record: DirectoryRecord): void {
    (this.record.roots[root] ??= {})[directory] = record;
  }

  /** Notes an ignore file about to be read (its stamp is taken first: a change while it is read is seen next time). */
  noteIgnoreFile(path: string): void {
    if (path in this.record.ignoreFiles) return;
    this.record.ignoreFiles[path] = fileStamp(path);
    this.changed = true;
  }

  /** Notes whether a `.git` was found where the walk looked for one outside the walked directories. */
  noteRepository(path: string, present: boolean): void {
    if (this.record.repositories[path] === present) return;
    this.record.repositories[path] = present;
    this.changed = true;
  }

  /** What to keep for the next run. */
  result(): WalkRecord {
    return this.record;
  }
}
