/** A scan worker: analyses the batches of files it is sent, of any language (see workers.ts). */
import { parentPort, workerData } from "node:worker_threads";
import { Prefilter } from "../core/prefilter.js";
import { loadCatalogue } from "../catalogue/load.js";
import { Analyser } from "./analyser.js";
import type { FileAnalysis } from "./analyze-file.js";
import { noteV8Flags } from "./v8-flags.js";
import type { WorkerData, WorkerReply, WorkerRequest } from "./workers.js";

// Loaded with the worker, not with its first file: a worker started early (during the walk)
// compiles the compiler while the scan is still finding files. Not when the scan has found no
// file the compiler parses so far (a Go or Python repository): the first such file loads it.
// A failure is not lost: the first file that needs the compiler loads it again and is named as not analysed, with why.
// Under the process's V8 flags, told first: they name the code cache the compiler is loaded from.
noteV8Flags((workerData as WorkerData | undefined)?.v8Flags ?? "");
if ((workerData as WorkerData | undefined)?.preloadCompiler !== false) import("./lower.js").catch(() => {});

let analyser: Analyser | null = null;
/** Requests are handled one at a time, in order (loading a front end waits). */
let queue = Promise.resolve();

parentPort!.on("message", (request: WorkerRequest) => {
  queue = queue.then(() => handle(request));
});

async function handle(request: WorkerRequest): Promise<void> {
  try {
    if (request.kind === "setup") {
      const { setup } = request;
      const catalogue = loadCatalogue(setup.schedule ?? undefined, setup.cwd);
      const prefilter = new Prefilter(catalogue, setup.requestNames, setup.methodSpellings);
      analyser = new Analyser({ ...setup, catalogue, worthParsing: (text) => prefilter.textMayMatterToImporters(text) });
      return;
    }
    if (request.kind === "stop") {
      process.exit(0);
    }
    await analyser!.prepare(request.tasks);
    const results: [string, FileAnalysis][] = request.tasks.map((task) => [task.file, analyser!.analyse(task)]);
    parentPort!.postMessage({ kind: "results", results } satisfies WorkerReply);
  } catch (error) {
    parentPort!.postMessage({ kind: "failed", message: (error as Error).stack ?? String(error) } satisfies WorkerReply);
  }
}
