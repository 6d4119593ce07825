/**
 * The clock by which the plugin's caches judge how long what they read from the disk stays true
 * (a file's stamp, a directory's listing, where the config file is, a resolved import).
 *
 * In an editor it is the wall clock: a file saved, a config file added or a module created is
 * noticed within a second, the caches' window. In a burst of linting (ESLint's command line, a
 * lint of the whole project: `BURST_FILES` distinct files within `BURST_MS`) it stands still from
 * the start of the burst while the burst lasts, so that each file and directory is looked at once
 * in the run instead of once in every second of it: the files a run lints do not change under it.
 * On the bench corpus (6,312 files in a 60-second run) that was thousands of `stat`s of imported
 * files, config lookups up to the root for each new directory, and the barrels followed anew each
 * second.
 *
 * A burst ends, and the clock tells the wall's time again:
 * - when a file linted earlier in the burst is linted again after another: that is an editor (its
 *   user went back to a file), not a run;
 * - when the same file is linted again (an editor's keystrokes, ESLint's fix passes) `IDLE_MS`
 *   or more after the burst's last new file: a user typing after the run. Those lints neither end
 *   a burst sooner nor keep it going;
 * - when no new file has come for `QUIET_MS`. Not sooner: between two files ESLint parses the
 *   second, and on a loaded machine a file of a megabyte took over a second. Each such pause ended
 *   the burst, and what the plugin had read (and the reading ahead, see `read-ahead.ts`) was
 *   looked at again for the rest of the run.
 */

/** How many distinct files linted within `BURST_MS` make a burst (the reading ahead starts on the same, see `read-ahead.ts`). */
export const BURST_FILES = 16;
export const BURST_MS = 2000;
/** How long after its last new file a burst ends when the same file is linted again. */
export const IDLE_MS = 1000;
/** How long a burst lasts without a new file. */
export const QUIET_MS = 5000;
/** The most files a burst remembers (for telling a revisit): past it, the burst ends. */
const MAX_BURST_FILES = 200_000;

export class LintClock {
  /** The distinct files linted since `windowStart` (before a burst). */
  private readonly recent = new Set<string>();
  private windowStart = Number.NEGATIVE_INFINITY;
  /** The burst under way: when it started (the time told meanwhile), when it last saw a new file, and the files it saw. */
  private burst: { start: number; lastNew: number; files: Set<string> } | null = null;
  private last = "";

  constructor(private readonly wall: () => number = Date.now) {}

  /** Tells of a file being linted (once for each text of it linted). */
  noteLinted(file: string): void {
    if (file === this.last) {
      if (this.burst && this.wall() - this.burst.lastNew >= IDLE_MS) this.end();
      return;
    }
    this.last = file;
    const time = this.wall();
    const burst = this.current(time);
    if (burst) {
      if (burst.files.has(file) || burst.files.size >= MAX_BURST_FILES) this.end();
      else {
        burst.files.add(file);
        burst.lastNew = time;
        return;
      }
    }
    if (time - this.windowStart > BURST_MS) {
      this.recent.clear();
      this.windowStart = time;
    }
    this.recent.add(file);
    if (this.recent.size < BURST_FILES) return;
    this.burst = { start: time, lastNew: time, files: new Set(this.recent) };
    this.recent.clear();
  }

  /** The time caches judge by: the wall's, or, in a burst, the time it started. */
  now(): number {
    const time = this.wall();
    return this.current(time)?.start ?? time;
  }

  /** Whether a burst is under way. */
  inBurst(): boolean {
    return this.current(this.wall()) !== null;
  }

  private current(time: number): { start: number; lastNew: number; files: Set<string> } | null {
    if (this.burst && time - this.burst.lastNew > QUIET_MS) this.end();
    return this.burst;
  }

  private end(): void {
    this.burst = null;
    this.recent.clear();
    this.windowStart = Number.NEGATIVE_INFINITY;
  }
}

/** The plugin's clock: told of each file by the analysis, read by every cache of what is on disk. */
export const lintClock = new LintClock();
export const lintTime = (): number => lintClock.now();
