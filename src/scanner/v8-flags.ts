/**
 * The V8 flags this thread knows the process has set (with `setFlagsFromString`): V8 uses a code
 * cache only under the flags it was made with, so they name the compiler's cache (see
 * code-cache.cts, which reads them from the same global slot: a CommonJS file cannot import this
 * ES module). V8's flags belong to the process; each thread notes them: the CLI's main thread as it
 * sets them (cli/v8-tuning.ts), a worker from its `workerData` (they were set before it started).
 */
const SLOT = Symbol.for("sunset-lint.v8-flags");
const slots = globalThis as unknown as Record<symbol, string | undefined>;

export function noteV8Flags(flags: string): void {
  slots[SLOT] = [...new Set([...(slots[SLOT] ?? "").split(" "), ...flags.split(" ")])].filter(Boolean).sort().join(" ");
}

export function v8FlagsNoted(): string {
  return slots[SLOT] ?? "";
}
