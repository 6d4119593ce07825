/** A scan worker: analyses the batches of files it is sent (see workers.ts). */
import { parentPort } from "node:worker_threads";
import type { CatalogueIndex } from "../catalogue/load.js";
import type { Evaluator } from "../core/evaluator/index.js";
import { analyzeFile, createEvaluator, type FileAnalysis } from "./analyze-file.js";
import { parseAndLower } from "./lower.js";
import { ScannerModuleHost } from "./module-host.js";
import { withoutEdits } from "./result.js";
import { Prefilter } from "../core/prefilter.js";
import { loadCatalogue } from "../catalogue/load.js";
import type { WorkerReply, WorkerRequest, WorkerSetup } from "./workers.js";

let setup: WorkerSetup | null = null;
let catalogue: CatalogueIndex | null = null;
let host = new ScannerModuleHost(parseAndLower);
let evaluator: Evaluator | null = null;

parentPort!.on("message", (request: WorkerRequest) => {
  try {
    if (request.kind === "setup") {
      setup = request.setup;
      catalogue = loadCatalogue(setup.schedule ?? undefined, setup.cwd);
      const prefilter = new Prefilter(catalogue, setup.requestNames, setup.methodSpellings);
      host = new ScannerModuleHost(parseAndLower, (text) => prefilter.mayMatterToImporters(text), setup.maxFileBytes);
      evaluator = createEvaluator(catalogue, host);
      return;
    }
    if (request.kind === "stop") {
      process.exit(0);
    }
    const results: [string, FileAnalysis][] = request.files.map((file, index) => {
      const rules = request.rules[index] ?? "all";
      const result = analyzeFile(file, { cwd: setup!.cwd, catalogue: catalogue!, options: setup!.options, host, evaluator: evaluator!, gate: () => rules });
      if (!setup!.withFixes) result.findings = result.findings.map(withoutEdits);
      return [file, result];
    });
    parentPort!.postMessage({ kind: "results", results } satisfies WorkerReply);
  } catch (error) {
    parentPort!.postMessage({ kind: "failed", message: (error as Error).stack ?? String(error) } satisfies WorkerReply);
  }
});
