/**
 * Parallel analysis: worker threads take batches of files, each with its own module host and
 * evaluator, and send back plain results. Used when the scan is large enough to pay for the
 * workers' start-up (about a third of a second each).
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { AnalysisOptions } from "../core/analyze.js";
import type { FileAnalysis } from "./analyze-file.js";

export interface WorkerSetup {
  cwd: string;
  schedule: string | null;
  options: AnalysisOptions;
  withFixes: boolean;
  maxFileBytes: number;
}

export type WorkerRequest = { kind: "setup"; setup: WorkerSetup } | { kind: "batch"; files: string[] } | { kind: "stop" };
export type WorkerReply = { kind: "results"; results: [string, FileAnalysis][] } | { kind: "failed"; message: string };

const BATCH = 24;
const workerScript = new URL("./worker.js", import.meta.url);

/** Workers run the compiled worker script; from TypeScript sources (tests) the scan stays in-thread. */
export function workersAvailable(): boolean {
  return existsSync(fileURLToPath(workerScript));
}

export function runInWorkers(
  setup: WorkerSetup,
  files: string[],
  jobs: number,
  collect: (path: string, result: FileAnalysis) => void,
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
      const worker = new Worker(workerScript, resourceLimits ? { resourceLimits } : {});
      const send = () => {
        const batch = take();
        worker.postMessage(batch.length > 0 ? ({ kind: "batch", files: batch } satisfies WorkerRequest) : ({ kind: "stop" } satisfies WorkerRequest));
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
