/**
 * Answers remembered by key, at most `max` of them: past that the memo starts over (a resolver's
 * answers per folder and name, which a large repository would otherwise grow without end).
 */
export class BoundedMemo<V> {
  private readonly answers = new Map<string, V>();

  constructor(private readonly max = 10_000) {}

  /** The answer for `key`, worked out by `compute` the first time it is asked. */
  get(key: string, compute: () => V): V {
    if (this.answers.has(key)) return this.answers.get(key)!;
    if (this.answers.size >= this.max) this.answers.clear();
    const answer = compute();
    this.answers.set(key, answer);
    return answer;
  }
}
