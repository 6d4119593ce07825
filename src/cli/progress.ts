/**
 * A progress bar on standard error for long scans in a terminal (never in CI logs or with
 * --no-progress): files done of the total and findings so far. cli-progress draws it.
 */
import { createRequire } from "node:module";
import type { SingleBar } from "cli-progress";

const SHOW_AFTER_FILES = 300;
/** Loaded when a bar is first drawn: most scans (CI, pipes, small trees) never draw one. */
const loadCliProgress = () => createRequire(import.meta.url)("cli-progress") as typeof import("cli-progress");

export class ProgressReporter {
  private bar: SingleBar | null = null;

  constructor(private readonly enabled: boolean) {}

  update(state: { done: number; total: number; findings: number }): void {
    if (!this.enabled || state.total < SHOW_AFTER_FILES) return;
    if (!this.bar) {
      const cliProgress = loadCliProgress();
      this.bar = new cliProgress.SingleBar(
        { format: "sunset-lint {bar} {value}/{total} files · {findings} findings", stream: process.stderr, hideCursor: true, clearOnComplete: true, fps: 10 },
        cliProgress.Presets.shades_classic,
      );
      this.bar.start(state.total, state.done, { findings: state.findings });
    }
    this.bar.update(state.done, { findings: state.findings });
  }

  stop(): void {
    this.bar?.stop();
    this.bar = null;
  }
}
