/**
 * Values worked out from a file, kept while the file is unchanged (same modification time and
 * size): for an editor, where files change under a long-running process.
 */
import { statSync, type Stats } from "node:fs";

/** What a file's values are kept by: its modification time and size. */
export const stampOf = (stats: Pick<Stats, "mtimeMs" | "size">): string => `${stats.mtimeMs}:${stats.size}`;

/** A bound on what a cache holds: the least recently used values go first. */
export interface CacheBound<T> {
  maxSize: number;
  sizeOf: (value: T) => number;
}

export class StampedCache<T> {
  private readonly entries = new Map<string, { stamp: string; value: T; checked: number; size: number }>();
  private size = 0;

  /**
   * `trustForMs`: a value whose file was checked this recently is returned without checking it
   * again (0: every time). For hints of imported files, which every file of a lint run asks for.
   * `bound`: the most the values may add up to (unbounded without it).
   */
  constructor(
    private readonly trustForMs = 0,
    private readonly now: () => number = Date.now,
    private readonly bound: CacheBound<T> | null = null,
  ) {}

  /**
   * The value for this file, computed again when the file changed; `missing` when it cannot be
   * read. `compute` is told the stamp the file has now (`stampOf`).
   */
  get(path: string, compute: (stamp: string) => T, missing: T): T {
    const time = this.trustForMs > 0 ? this.now() : 0;
    if (this.trustForMs > 0) {
      const recent = this.entries.get(path);
      // Not moved to the end again: it was when last checked, within the window, and a hit's
      // delete-and-insert in a map of thousands was 33 ms of an ESLint run over the bench corpus.
      // The least recently used go first, to within `trustForMs`.
      if (recent && time - recent.checked <= this.trustForMs) return recent.value;
    }
    let stats: Stats | undefined;
    try {
      // Without an exception for a file that is not there (the plugin asks of a package.json in
      // every directory): a thrown ENOENT cost 40 µs, 89 ms of an ESLint run over the bench corpus.
      stats = statSync(path, { throwIfNoEntry: false });
    } catch {
      return missing;
    }
    if (!stats) return missing;
    const stamp = stampOf(stats);
    const cached = this.entries.get(path);
    if (cached && cached.stamp === stamp) {
      cached.checked = time;
      return this.used(path, cached).value;
    }
    const value = compute(stamp);
    if (cached) this.forget(path, cached);
    const entry = { stamp, value, checked: time, size: this.bound?.sizeOf(value) ?? 0 };
    this.entries.set(path, entry);
    this.size += entry.size;
    while (this.bound && this.size > this.bound.maxSize && this.entries.size > 1) {
      const [oldest, oldestEntry] = this.entries.entries().next().value!;
      this.forget(oldest, oldestEntry);
    }
    return value;
  }

  /** Marks an entry as the most recently used (last in the map's order), if the cache is bounded. */
  private used<E extends { size: number }>(path: string, entry: E): E {
    if (this.bound) {
      this.entries.delete(path);
      this.entries.set(path, entry as never);
    }
    return entry;
  }

  private forget(path: string, entry: { size: number }): void {
    this.entries.delete(path);
    this.size -= entry.size;
  }
}
