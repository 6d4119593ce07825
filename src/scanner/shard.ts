/**
 * `--shard i/n`: splits the files deterministically across CI jobs by a hash of their path, so
 * every job of a matrix takes a stable, disjoint part and together they take all.
 */
export interface Shard {
  /** 0-based. */
  index: number;
  count: number;
}

export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = match ? Number(match[1]) : Number.NaN;
  const count = match ? Number(match[2]) : Number.NaN;
  if (!match || count < 1 || index < 1 || index > count) {
    throw new RangeError(`--shard takes i/n with 1 ≤ i ≤ n (for example 2/4), not "${text}"`);
  }
  return { index: index - 1, count };
}

/** FNV-1a of the relative path, modulo the shard count. */
export function shardOf(relativePath: string, count: number): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < relativePath.length; index++) {
    hash ^= relativePath.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % count;
}
