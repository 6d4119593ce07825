/**
 * V8's settings for a scan that keeps every core busy. V8 compiles a function again with its
 * optimizing compiler (TurboFan, on background threads) once it has run a little: by default once
 * it has executed about 66 KB of bytecode (its "interrupt budget"). That suits a program with idle
 * cores. A cold scan of a large repository has none: the analysis worker and the main thread take
 * both cores of a 2-core machine, and the compiler competes with them. On the benchmark corpus,
 * compiling was 2 of the 5 CPU seconds of a cold scan (TypeScript's parser and our lowering, some
 * functions compiled 5 to 9 times as they met new shapes).
 *
 * With a budget 8 times larger, only functions that stay hot are compiled: the cold scan takes
 * 0.75-0.86x the CPU and 0.74-0.86x the wall time, same findings (paired runs, README). It is set
 * only when a scan starts its workers: a small or cached scan runs on one thread, where the
 * compiler has a free core and an early compile pays (a warm `--cache` run was 1.08x slower with it).
 *
 * V8's flags are the process's: the CLI sets this, never the library (`scan()` in another
 * program leaves that program's V8 as it is).
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { noteV8Flags } from "../scanner/v8-flags.js";

/** Bytecode a function executes before V8 considers optimizing it: 8 times V8 11's default (67,584). */
const INTERRUPT_BUDGET = 8 * 67_584;

let tuned = false;

/** Sets V8 flags, and notes them for the compiler's code cache (V8 uses a cache only under the flags it was made with). */
function setFlags(flags: string): void {
  setFlagsFromString(flags);
  noteV8Flags(flags);
}

/**
 * Sets V8 for throughput on busy cores, once per process; true when it did so now. With it the
 * flag `collectGarbage` needs: all of them before the workers start, which load the compiler
 * under these flags (and its code cache made under them, see scanner/code-cache.cts).
 * `SUNSET_LINT_NO_V8_TUNING=1` leaves V8 as it is.
 */
export function tuneV8ForBusyCores(): boolean {
  if (tuned || process.env["SUNSET_LINT_NO_V8_TUNING"] === "1") return false;
  tuned = true;
  setFlags(`--interrupt-budget=${INTERRUPT_BUDGET} --expose-gc`);
  return true;
}

let collector: (() => void) | null | undefined;

/**
 * A full garbage collection, now. After the main thread has analysed a large file (a 187 KB JSON
 * document: its syntax tree and program model, about 25 MB, garbage once it is analysed) while the
 * analysis worker is busy, V8 grows the heap instead of collecting: eight such files took 8 copies
 * of the benchmark corpus from about 290 to 400-430 MiB. Collected after each, the peak is 330-370
 * MiB in the same time (the main thread waits for the worker then). V8 gives a script `gc` only
 * with `--expose-gc`, set here and read by a new context. `SUNSET_LINT_NO_V8_TUNING=1` leaves it.
 * True when it collected.
 */
export function collectGarbage(): boolean {
  if (collector === undefined) {
    collector = null;
    if (process.env["SUNSET_LINT_NO_V8_TUNING"] !== "1") {
      try {
        if (!tuned) setFlags("--expose-gc");
        const gc: unknown = runInNewContext("typeof gc === 'function' ? gc : null");
        collector = typeof gc === "function" ? (gc as () => void) : null;
      } catch {
        collector = null;
      }
    }
  }
  collector?.();
  return collector !== null;
}
