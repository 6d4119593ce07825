/**
 * Values worked out from a file, kept while the file is unchanged (same modification time and
 * size): for an editor, where files change under a long-running process.
 */
import { statSync } from "node:fs";

export class StampedCache<T> {
  private readonly entries = new Map<string, { stamp: string; value: T; checked: number }>();

  /**
   * `trustForMs`: a value whose file was checked this recently is returned without checking it
   * again (0: every time). For hints of imported files, which every file of a lint run asks for.
   */
  constructor(
    private readonly trustForMs = 0,
    private readonly now: () => number = Date.now,
  ) {}

  /** The value for this file, computed again when the file changed; `missing` when it cannot be read. */
  get(path: string, compute: () => T, missing: T): T {
    const time = this.trustForMs > 0 ? this.now() : 0;
    if (this.trustForMs > 0) {
      const recent = this.entries.get(path);
      if (recent && time - recent.checked <= this.trustForMs) return recent.value;
    }
    let stamp: string;
    try {
      const stats = statSync(path);
      stamp = `${stats.mtimeMs}:${stats.size}`;
    } catch {
      return missing;
    }
    const cached = this.entries.get(path);
    if (cached && cached.stamp === stamp) {
      cached.checked = time;
      return cached.value;
    }
    const value = compute();
    this.entries.set(path, { stamp, value, checked: time });
    return value;
  }
}
