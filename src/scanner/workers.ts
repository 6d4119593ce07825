/**
 * Analysis in worker threads, each with its own module host and evaluator, sending back plain
 * results. Two ways: `AnalysisPipeline`, one worker analysing files while the scan is still
 * reading and prefiltering the rest (the default for scans large enough to pay for its start-up),
 * and `runInWorkers`, several workers sharing the files once all are read (`--jobs N`).
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { AnalysisOptions } from "../core/options.js";
import { v8FlagsNoted } from "./v8-flags.js";
import type { FileTask } from "./analyser.js";
import type { FileAnalysis } from "./analyze-file.js";

export interface WorkerSetup {
  cwd: string;
  schedule: string | null;
  options: AnalysisOptions;
  withFixes: boolean;
  maxFileBytes: number;
  /** The scan's prefilter arguments (see `Prefilter`): imported modules are judged as in the scan. */
  requestNames: readonly string[];
  methodSpellings: Readonly<Record<string, readonly string[]>>;
}

/**
 * What a worker is started with: whether it loads the compiler before its first file (default
 * true), and the V8 flags the process has set (which name the compiler's code cache it can use).
 */
export interface WorkerData {
  preloadCompiler?: boolean;
  v8Flags?: string;
}

/** Each task names the rules worth running on its file, as the scan judged them (the scan holds every file's hints). */
export type WorkerRequest = { kind: "setup"; setup: WorkerSetup } | { kind: "batch"; tasks: FileTask[] } | { kind: "stop" };
export type WorkerReply = { kind: "results"; results: [string, FileAnalysis][] } | { kind: "failed"; message: string };

const BATCH = 24;
const workerScript = new URL("./worker.js", import.meta.url);

/** Workers run the compiled worker script; from TypeScript sources (tests) the scan stays in-thread. */
export function workersAvailable(): boolean {
  return existsSync(fileURLToPath(workerScript));
}

/** A file's language, front ends and the rules worth running on it, as the scan judged them (see `taskOf` in scan.ts). */
export type TaskOf = (file: string) => FileTask;

export function runInWorkers(
  setup: WorkerSetup,
  files: string[],
  jobs: number,
  collect: (path: string, result: FileAnalysis) => void,
  taskOf: TaskOf,
  resourceLimits?: { stackSizeMb: number },
): Promise<void> {
  let next = 0;
  const take = () => {
    const batch = files.slice(next, next + BATCH);
    next += batch.length;
    return batch;
  };
  const runOne = () =>
    new Promise<void>((resolve, reject) => {
      const worker = new Worker(workerScript, { ...(resourceLimits ? { resourceLimits } : {}), workerData: { v8Flags: v8FlagsNoted() } satisfies WorkerData });
      const send = () => {
        const batch = take();
        worker.postMessage(batch.length > 0 ? ({ kind: "batch", tasks: batch.map(taskOf) } satisfies WorkerRequest) : ({ kind: "stop" } satisfies WorkerRequest));
        if (batch.length === 0) resolve();
      };
      worker.on("message", (reply: WorkerReply) => {
        if (reply.kind === "failed") {
          reject(new Error(reply.message));
          void worker.terminate();
          return;
        }
        for (const [path, result] of reply.results) collect(path, result);
        send();
      });
      worker.on("error", reject);
      worker.on("exit", (code) => {
        if (code !== 0) reject(new Error(`a scan worker stopped with exit code ${code}`));
      });
      worker.postMessage({ kind: "setup", setup } satisfies WorkerRequest);
      send();
    });
  return Promise.all(Array.from({ length: Math.min(jobs, Math.ceil(files.length / BATCH)) }, runOne)).then(() => undefined);
}

/**
 * Old-generation heap of the pipeline's worker. Below about 1 GiB V8 collects garbage more
 * eagerly (measured on 8 copies of the benchmark corpus: peak 860 MiB in one thread, about 500
 * MiB with the worker held to 512 MiB, same time). A file too large for it is not lost: what the
 * worker had not finished is analysed in the main thread, which has no such limit.
 * `SUNSET_LINT_WORKER_HEAP_MB` sets another limit.
 */
const PIPELINE_HEAP_MB = Number(process.env.SUNSET_LINT_WORKER_HEAP_MB) || 512;
/**
 * Young generation of the pipeline's worker, below V8's default for its heap (about 32 MiB):
 * peak memory 289 -> 268 MiB on the benchmark corpus, 404 -> 384 MiB on 8 copies, 247 -> 223 MiB
 * on the polyglot corpus, in the same time (n=5-10 paired; 16 MiB was 1.02x slower, 64 and
 * 128 MiB no faster and 45-100 MiB larger).
 */
const PIPELINE_YOUNG_GENERATION_MB = 24;
/** Files per message: small, so that the worker starts on the first files the scan finds. */
const PIPELINE_BATCH = 4;
/**
 * Characters of source sent along with the files not yet analysed, at most: the worker need not
 * read them again (the main thread has read them to prefilter them). Beyond it, as while the main
 * thread is busy reading no result comes back, the worker reads them itself: memory stays bounded.
 */
const PIPELINE_TEXT_BUDGET = 16 * 1024 * 1024;

/**
 * One worker that analyses the files it is given while the main thread reads and prefilters the
 * rest. Results are handed to `collect` as they come back (when the main thread is free to take
 * them); `finish` waits for the last one.
 */
export class AnalysisPipeline {
  /** Started with the first file: a scan with nothing to analyse (all cached) starts no worker. */
  private worker: Worker | null = null;
  private pending: FileTask[] = [];
  /** Sent to the worker, result not back yet: with the length of the text sent along (0: none). */
  private readonly outstanding = new Map<string, number>();
  /** Characters of text sent along with the files outstanding. */
  private textInFlight = 0;
  private failure: string | null = null;
  /** Every result is in: the worker's end is no failure. */
  private finished = false;
  private settle: (() => void) | null = null;

  constructor(
    private readonly setup: WorkerSetup,
    private readonly collect: (path: string, result: FileAnalysis) => void,
    /** Called just before the worker starts. */
    private readonly onStart?: () => void,
    /** Characters of source sent along with the files outstanding, at most (see `PIPELINE_TEXT_BUDGET`). */
    private readonly textBudget = PIPELINE_TEXT_BUDGET,
  ) {}

  /** Starts the worker now, before the first file (it loads its compiler meanwhile, if `preloadCompiler`). */
  start(preloadCompiler = true): this {
    this.worker ??= this.spawn(preloadCompiler);
    return this;
  }

  /** Stops a worker that was started and will not be needed. */
  abandon(): void {
    void this.worker?.terminate();
    this.worker = null;
  }

  private spawn(preloadCompiler = true): Worker {
    this.onStart?.();
    const worker = new Worker(workerScript, {
      resourceLimits: { maxOldGenerationSizeMb: PIPELINE_HEAP_MB, maxYoungGenerationSizeMb: PIPELINE_YOUNG_GENERATION_MB },
      workerData: { preloadCompiler, v8Flags: v8FlagsNoted() } satisfies WorkerData,
    });
    worker.on("message", (reply: WorkerReply) => {
      if (reply.kind === "failed") return this.fail(reply.message);
      for (const [path, result] of reply.results) {
        this.textInFlight -= this.outstanding.get(path) ?? 0;
        this.outstanding.delete(path);
        this.collect(path, result);
      }
      if (this.outstanding.size === 0) this.settle?.();
    });
    worker.on("error", (error: Error & { code?: string }) =>
      this.fail(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? `it ran out of its ${PIPELINE_HEAP_MB} MiB of memory` : error.message),
    );
    worker.on("exit", (code) => {
      if (code !== 0) this.fail(`it stopped with exit code ${code}`);
      else if (this.outstanding.size > 0) this.fail("it stopped before it had analysed every file");
    });
    worker.postMessage({ kind: "setup", setup: this.setup } satisfies WorkerRequest);
    return worker;
  }

  /**
   * Queues a file for the worker (sent a few at a time), with its language and the rules worth
   * running on it, and its text if given and the budget allows.
   */
  submit(task: FileTask): void {
    if (task.text !== undefined) {
      if (this.textInFlight + task.text.length > this.textBudget) {
        const { text: _left, ...withoutText } = task;
        task = withoutText;
      } else this.textInFlight += task.text.length;
    }
    this.pending.push(task);
    if (this.pending.length >= PIPELINE_BATCH) this.flush();
  }

  /**
   * Waits for every submitted file. If the worker failed, returns the files it did not analyse
   * (to be analysed elsewhere) and why. Fewer files than one batch (a warm cache and an edited
   * file or two) never start the worker: they come back, with no failure, to be analysed in the
   * main thread, which is cheaper than starting a thread and its compiler for them.
   */
  async finish(): Promise<{ unanalysed: string[]; failure: string | null }> {
    if (this.worker === null && this.pending.length < PIPELINE_BATCH) {
      const unanalysed = this.pending.map((task) => task.file);
      this.pending = [];
      return { unanalysed, failure: null };
    }
    this.flush();
    if (this.outstanding.size > 0 && this.failure === null) await new Promise<void>((resolve) => (this.settle = resolve));
    const unanalysed = [...this.outstanding.keys(), ...this.pending.map((task) => task.file)];
    // Every result is back (or the worker failed): nothing is lost by stopping it at once. A worker
    // started during the walk of a scan that found nothing to analyse may still be loading its
    // compiler, and the process would wait for that.
    this.finished = true;
    void this.worker?.terminate();
    return { unanalysed, failure: this.failure };
  }

  private flush(): void {
    if (this.pending.length === 0 || this.failure !== null) return;
    for (const task of this.pending) this.outstanding.set(task.file, task.text?.length ?? 0);
    this.worker ??= this.spawn();
    this.worker.postMessage({ kind: "batch", tasks: this.pending } satisfies WorkerRequest);
    this.pending = [];
  }

  private fail(message: string): void {
    if (this.failure !== null || this.finished) return;
    this.failure = message;
    this.settle?.();
  }
}
