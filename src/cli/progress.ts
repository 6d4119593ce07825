/**
 * A progress bar on standard error for long scans in a terminal (never in CI logs or with
 * --no-progress): files done of the total and findings so far. cli-progress draws it.
 */
import cliProgress from "cli-progress";

const SHOW_AFTER_FILES = 300;

export class ProgressReporter {
  private bar: cliProgress.SingleBar | null = null;

  constructor(private readonly enabled: boolean) {}

  update(state: { done: number; total: number; findings: number }): void {
    if (!this.enabled || state.total < SHOW_AFTER_FILES) return;
    if (!this.bar) {
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
