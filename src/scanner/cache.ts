/**
 * `--cache`: a file's findings are reused while its content, the content of every file its
 * analysis read through imports, the tool version, the catalogue and the options are unchanged.
 *
 * It also holds the walk's record of each directory (see DiscoveryMemo), replayed by discovery
 * while the directory is unchanged.
 *
 * The cache is checked before it is trusted: its format and key (tool version, schedule hash,
 * options), and its content against the digest written with it. A cache that fails a check
 * (damaged, edited, written by another version) is discarded with a notice and the files are
 * analysed again, so a bad cache can cost time but never hide a finding.
 *
 * The file is two lines: a header (format, key, digest) and the content, whose text is what the
 * digest is taken of, so that checking it costs a hash of the text, not a second serialization.
 */
import { wordlessHints, type Hints } from "../core/hints.js";
import { NO_IMPORTS } from "../core/import-graph.js";
import { createHash } from "node:crypto";
import { utf8Text } from "../files/utf8-text.js";
import { readFileSync, statSync } from "node:fs";
import { BoundedReadError, readBoundedBytes } from "../files/read-bounded.js";
import { writeFileAtomic } from "../files/write-atomic.js";
import { contentHash } from "../files/content-hash.js";
import type { FileAnalysis } from "./analyze-file.js";
import type { WalkRecord } from "./discovery-memo.js";
import { withoutEdits } from "./result.js";

interface CacheEntry {
  hash: string;
  dependencies: Record<string, string>;
  result: FileAnalysis;
}

/** 9: a read is stored as an array (see `StoredRead`), with its verdict alone; skipped files are kept. */
const FORMAT = 9;

/**
 * What reading a file taught the scan (its hash, its prefilter hints, its relative imports),
 * valid while the file's stamp (modification and change times, size, inode) is unchanged: a
 * warm run stats each file instead of reading it, as ESLint's cache does.
 */
export interface ReadEntry {
  stamp: string;
  hash: string;
  hints: Hints;
  /** Its relative imports as written (JS/TS only). */
  imports: readonly string[];
  /** Whether it passes the prefilter on its own hints (`Prefilter.passes`): a warm run builds no prefilter to ask. */
  passes?: boolean;
  /** A result, baseline or SARIF log sunset-lint wrote (JSON): not code, and not counted as scanned. */
  ownOutput?: true;
  /** A bundle this bundler generated (see `bundlerOf`): left out unless bundles are scanned. */
  bundle?: string;
  /**
   * Why the read left it out (too large for `--max-file-size`, binary content): reported again
   * while its stamp is unchanged, without reading it. A file that could not be read is not kept.
   */
  skipped?: string;
  /**
   * For a file that does not pass the prefilter alone and imports others: whether it passed with
   * its imports' hints, replayed only by a run in which everything it rested on is unchanged (see
   * `noteVerdicts`).
   */
  withImports?: boolean;
}

/**
 * A read as the cache file stores it: an array, not an object holding objects, without the names
 * of its fields (parsing the cache is most of loading it, and it takes about 19 ms a megabyte: the
 * benchmark corpus's file is 2.8 MB instead of 3.2). Words and imports are `0` when there are none
 * (most files); the note names a bundle's bundler, or says why the read skipped the file.
 */
type StoredRead = [stamp: string, hash: string, signals: number, words: readonly string[] | 0, imports: readonly string[] | 0, flags: number, note?: string];
/** Bits of `StoredRead`'s flags. */
const PASSES = 1;
const VERDICT_KNOWN = 2;
const PASSES_WITH_IMPORTS = 4;
const OWN_OUTPUT = 8;
/** The note (the seventh element) says why the read skipped the file; otherwise it names a bundle's bundler. */
const SKIPPED = 16;

function storedRead(entry: ReadEntry): StoredRead {
  const flags = (entry.passes ? PASSES : 0) | (entry.withImports === undefined ? 0 : VERDICT_KNOWN | (entry.withImports ? PASSES_WITH_IMPORTS : 0)) | (entry.ownOutput ? OWN_OUTPUT : 0) | (entry.skipped !== undefined ? SKIPPED : 0);
  const row: StoredRead = [entry.stamp, entry.hash, entry.hints.signals, entry.hints.words.length > 0 ? entry.hints.words : 0, entry.imports.length > 0 ? entry.imports : 0, flags];
  const note = entry.skipped ?? entry.bundle;
  if (note !== undefined) row.push(note);
  return row;
}

function readEntryOf(row: StoredRead): ReadEntry {
  const [stamp, hash, signals, words, imports, flags, note] = row;
  const entry: ReadEntry = { stamp, hash, hints: words === 0 ? wordlessHints(signals) : { signals, words }, imports: imports === 0 ? NO_IMPORTS : imports, passes: (flags & PASSES) !== 0 };
  if (flags & VERDICT_KNOWN) entry.withImports = (flags & PASSES_WITH_IMPORTS) !== 0;
  if (flags & OWN_OUTPUT) entry.ownOutput = true;
  if (note !== undefined) entry[flags & SKIPPED ? "skipped" : "bundle"] = note;
  return entry;
}

/** The first line of the cache file. */
interface CacheHeader {
  format: typeof FORMAT;
  tool: "sunset-lint";
  key: string;
  /** Digest of the key and the text of the second line: an entry edited by hand no longer matches. */
  digest: string;
}

/** The second line. */
interface CacheContent {
  files: Record<string, CacheEntry>;
  reads: Record<string, StoredRead>;
  /** What the walk decided in each directory (see DiscoveryMemo). */
  walk: WalkRecord | null;
  /** What the verdicts on files judged with their imports rested on beyond the walk and the files read, with stamps (see `noteVerdicts`). */
  beyondWalk?: Record<string, string | null> | null;
}

/** A file's stamp, or null when it cannot be stat'ed. */
export function fileStamp(path: string): string | null {
  try {
    const stats = statSync(path, { bigint: true });
    return `${stats.mtimeNs}:${stats.ctimeNs}:${stats.size}:${stats.ino}`;
  } catch {
    return null;
  }
}

export class ScanCache {
  private readonly entries: Record<string, CacheEntry>;
  private readonly fresh: Record<string, CacheEntry> = {};
  /** The reads of the cache as loaded, as stored (see `StoredRead`). */
  private reads: Record<string, StoredRead>;
  private readonly freshReads: Record<string, ReadEntry> = Object.create(null) as Record<string, ReadEntry>;
  private readonly dependencyHashes = new Map<string, string | null>();
  private walk: WalkRecord | null = null;
  private beyondWalk: Record<string, string | null> | null = null;
  /** Something this run learned that the file on disk does not hold (a result, a read). */
  private changed = false;
  /** Entries and reads of the cache as loaded (`null`: none was usable). */
  private loaded: { files: number; reads: number } | null = null;
  hits = 0;

  constructor(
    private readonly path: string,
    private readonly key: string,
    /** Told why a cache that exists was not used (one line). */
    onNotice: (message: string) => void = () => {},
  ) {
    this.entries = Object.create(null) as Record<string, CacheEntry>;
    this.reads = Object.create(null) as Record<string, StoredRead>;
    let bytes: Buffer;
    try {
      bytes = readBoundedBytes(path, "cache");
    } catch (error) {
      if (error instanceof BoundedReadError && error.code !== "ENOENT") onNotice(`the cache ${path} was not used: ${error.reason}; every file is analysed again`);
      else if (!(error instanceof BoundedReadError)) throw error;
      return;
    }
    const newline = bytes.indexOf(0x0a);
    let header: Partial<CacheHeader> | null;
    try {
      header = JSON.parse(bytes.toString("utf8", 0, newline === -1 ? bytes.length : newline)) as Partial<CacheHeader> | null;
    } catch {
      header = null;
    }
    if (header === null || typeof header !== "object" || header.tool !== "sunset-lint" || header.format !== FORMAT || newline === -1) {
      onNotice(`the cache ${path} is damaged or was written by another version; it is discarded and every file is analysed again`);
      return;
    }
    // Another tool version, schedule or set of options: expected, and silent.
    if (header.key !== key) return;
    // The digest is taken of the bytes as read, and the text decoded only once they match: ASCII
    // (paths and code in English) as Latin-1, which decodes 3 MB in a third of UTF-8's time.
    const contentBytes = bytes.subarray(newline + 1);
    let content: Partial<CacheContent> | null = null;
    if (header.digest === this.digestOf(contentBytes)) {
      try {
        content = JSON.parse(utf8Text(contentBytes)) as Partial<CacheContent> | null;
      } catch {
        content = null;
      }
    }
    if (content === null || typeof content !== "object" || typeof content.files !== "object" || content.files === null || typeof content.reads !== "object" || content.reads === null) {
      onNotice(`the cache ${path} has entries that do not match their digest (edited or damaged); it is discarded and every file is analysed again`);
      return;
    }
    Object.assign(this.entries, content.files);
    Object.assign(this.reads, content.reads);
    this.walk = content.walk ?? null;
    this.beyondWalk = content.beyondWalk ?? null;
    this.loaded = { files: Object.keys(this.entries).length, reads: Object.keys(this.reads).length };
  }

  /** The digest of the second line (its text, or that text's UTF-8 bytes: the same digest). */
  private digestOf(content: string | Buffer): string {
    return createHash("sha256").update(this.key).update("\0").update(content).digest("hex");
  }

  /** Whether the last run left results to reuse (a usable cache with files in it). */
  hasResults(): boolean {
    return (this.loaded?.reads ?? 0) > 0;
  }

  /** The last run's walk, as it was recorded (see DiscoveryMemo). */
  lastWalk(): WalkRecord | null {
    return this.walk;
  }

  /** Keeps this run's walk; `changed`: it differs from the last run's. */
  noteWalk(walk: WalkRecord, changed: boolean): void {
    this.walk = walk;
    if (changed) this.changed = true;
  }

  /** What an earlier run learned from reading this file, if the file is unchanged since. */
  knownRead(path: string): ReadEntry | null {
    const fresh = this.freshReads[path];
    if (fresh) return fresh.stamp === this.reads[path]?.[0] ? fresh : null;
    const known = this.reads[path];
    if (!known || fileStamp(path) !== known[0]) return null;
    return (this.freshReads[path] = readEntryOf(known));
  }

  /** What the last run recorded of reading a file, whatever its stamp now (null: it had no record of it). */
  previousRead(path: string): ReadEntry | null {
    const known = this.reads[path];
    return known ? readEntryOf(known) : null;
  }

  /** Records what this run learned from reading a file (stamp taken before the read). */
  noteRead(path: string, entry: ReadEntry): void {
    // A file read again (its stamp changed) changes nothing when its content did not.
    const known = this.reads[path];
    if (!known || known[0] !== entry.stamp || known[1] !== entry.hash) this.changed = true;
    this.freshReads[path] = entry;
  }

  /**
   * What the last run's verdicts on files judged with their imports rested on beyond the walk and
   * the files it read (directories outside the walk, links, files outside the scan), with their
   * stamps then; null when it kept no verdicts.
   */
  lastBeyondWalk(): Readonly<Record<string, string | null>> | null {
    return this.beyondWalk;
  }

  /** The last run's verdict on a file read from the cache this run (see `ReadEntry.withImports`). */
  knownVerdict(path: string): boolean | undefined {
    return this.freshReads[path]?.withImports;
  }

  /**
   * Records this run's verdicts on the files judged with their imports, and the stamps of what they
   * rested on beyond the walk and the files read: the next run replays them if its walk replayed
   * every directory, every file it read came from the cache, and each of these stamps is the same.
   */
  noteVerdicts(verdicts: ReadonlyMap<string, boolean>, beyondWalk: Record<string, string | null>): void {
    if (JSON.stringify(beyondWalk) !== JSON.stringify(this.beyondWalk)) {
      this.beyondWalk = beyondWalk;
      this.changed = true;
    }
    for (const [path, passes] of verdicts) {
      const entry = this.freshReads[path];
      if (!entry || entry.withImports === passes) continue;
      entry.withImports = passes;
      this.changed = true;
    }
  }

  static keyOf(parts: unknown): string {
    return createHash("sha256").update(JSON.stringify(parts)).digest("hex");
  }

  private hashOf(path: string): string | null {
    if (!this.dependencyHashes.has(path)) {
      let hash: string | null = this.knownRead(path)?.hash ?? null;
      if (hash === null) {
        try {
          hash = contentHash(readFileSync(path, "utf8"));
        } catch {
          hash = null;
        }
      }
      this.dependencyHashes.set(path, hash);
    }
    return this.dependencyHashes.get(path)!;
  }

  lookup(path: string, hash: string): FileAnalysis | null {
    const entry = this.entries[path];
    if (!entry || entry.hash !== hash) return null;
    for (const [dependency, dependencyHash] of Object.entries(entry.dependencies)) {
      if (this.hashOf(dependency) !== dependencyHash) return null;
    }
    this.fresh[path] = entry;
    this.hits++;
    return entry.result;
  }

  store(path: string, hash: string, result: FileAnalysis): void {
    const dependencies: Record<string, string> = {};
    for (const dependency of result.dependencies) dependencies[dependency] = this.hashOf(dependency) ?? "";
    // Fixes are offsets into this exact text: a run that fixes never reads the cache.
    this.fresh[path] = { hash, dependencies, result: { ...result, findings: result.findings.map(withoutEdits) } };
    this.changed = true;
  }

  /** Writes what this run used and learned; nothing when that is exactly what the file holds already. */
  save(): void {
    const unchanged = !this.changed && this.loaded !== null && Object.keys(this.fresh).length === this.loaded.files && Object.keys(this.freshReads).length === this.loaded.reads;
    if (unchanged) return;
    const reads: Record<string, StoredRead> = {};
    for (const path in this.freshReads) reads[path] = storedRead(this.freshReads[path]!);
    const contentText = JSON.stringify({ files: this.fresh, reads, walk: this.walk, beyondWalk: this.beyondWalk } satisfies CacheContent);
    const header: CacheHeader = { format: FORMAT, tool: "sunset-lint", key: this.key, digest: this.digestOf(contentText) };
    writeFileAtomic(this.path, `${JSON.stringify(header)}\n${contentText}`);
  }
}
