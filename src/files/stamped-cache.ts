/**
 * Values worked out from a file, kept while the file is unchanged (same modification time and
 * size): for an editor, where files change under a long-running process.
 */
import { statSync } from "node:fs";

export class StampedCache<T> {
  private readonly entries = new Map<string, { stamp: string; value: T }>();

  /** The value for this file, computed again when the file changed; `missing` when it cannot be read. */
  get(path: string, compute: () => T, missing: T): T {
    let stamp: string;
    try {
      const stats = statSync(path);
      stamp = `${stats.mtimeMs}:${stats.size}`;
    } catch {
      return missing;
    }
    const cached = this.entries.get(path);
    if (cached && cached.stamp === stamp) return cached.value;
    const value = compute();
    this.entries.set(path, { stamp, value });
    return value;
  }
}
