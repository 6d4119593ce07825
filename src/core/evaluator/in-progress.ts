/**
 * What the evaluator is working out right now (expressions, bindings), so that a value that leads
 * back to itself is unknown instead of a recursion without end.
 *
 * Entered and left in strict nesting, thousands of times in one file's analysis. A `Set` with
 * `add` and `delete` was the evaluator's most expensive line: each time the set falls below half
 * its buckets, V8 shrinks its table (a call into the runtime and a copy), and grows it again on
 * the next `add`, as the depth of the work goes up and down. Here a key left is marked, not
 * deleted: the table only grows. It is emptied when nothing is in progress and it holds more
 * than `maxKept` keys (between two pieces of work it holds at most that many), and at the end
 * of each file's analysis (`release`), so that it keeps no file's syntax alive after it.
 */
export class InProgress {
  private readonly marks = new Map<object, boolean>();
  private depth = 0;

  constructor(private readonly maxKept = 4096) {}

  /** Marks `key` as being worked out; false (and nothing marked) if it already is. */
  enter(key: object): boolean {
    if (this.marks.get(key) === true) return false;
    this.marks.set(key, true);
    this.depth++;
    return true;
  }

  /** Ends the work on `key` that `enter` began. */
  leave(key: object): void {
    this.marks.set(key, false);
    if (--this.depth === 0 && this.marks.size > this.maxKept) this.marks.clear();
  }

  /** Lets go of every key left, when nothing is in progress (the end of a file's analysis). */
  release(): void {
    if (this.depth === 0) this.marks.clear();
  }

  has(key: object): boolean {
    return this.marks.get(key) === true;
  }

  /** How many keys it holds, in progress or left (for tests of its bound). */
  get kept(): number {
    return this.marks.size;
  }
}
