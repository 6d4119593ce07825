/**
 * Analysis of files of every language in one thread: the main thread's (small scans, `--tsconfig`
 * aside, what a worker could not finish) and each worker's. It loads the front ends the files need
 * (a grammar that cannot load: those files are named as not analysed, the rest goes on), parses
 * each file with its language's front end through one module host, and runs the rules the scan
 * judged worth running on it.
 */
import type { CatalogueIndex } from "../catalogue/load.js";
import { NO_NARROWING, type AnalysisOptions, type Narrowing } from "../core/options.js";
import { isDataModule, isSourceName, memoizedImportResolver, type ImportResolver } from "../files/resolve-import.js";
import { lowerJson } from "../languages/json.js";
import { fixesApply, LANGUAGE_LABELS, languageOfPath, parseAndLowerAs, prepareFrontEnds, type LanguageId } from "../languages/index.js";
import { analyzeFile, createEvaluator, type FileAnalysis, type FileAnalysisContext } from "./analyze-file.js";
import { toPosixRelative } from "./discover.js";
import { ScannerModuleHost } from "./module-host.js";
import { withoutEdits } from "./result.js";

/** One file to analyse, as the scan judged it. */
export interface FileTask {
  file: string;
  language: LanguageId;
  /** The front ends it needs (see `frontEndsFor`: YAML with CI steps needs the shell one too). */
  frontEnds: readonly LanguageId[];
  /** What its analysis may leave out (the rules worth running on it…). */
  narrowing: Narrowing;
  /** Its text, when the scan sends it along (else it is read where it is analysed). */
  text?: string;
}

export interface AnalyserSetup {
  cwd: string;
  catalogue: CatalogueIndex;
  options: AnalysisOptions;
  maxFileBytes: number;
  /** Imported files failing this test are not parsed (see `Prefilter.mayMatterToImporters`). */
  worthParsing: (text: string) => boolean;
  /** The scan's resolver, when the scan has one (the walk's listings answer it). */
  resolveImport?: ImportResolver;
  /** Keep fixes and suggestions on findings (only files in JS/TS syntax carry them). */
  withFixes: boolean;
}

export class Analyser {
  /** The task of the file being analysed; imported modules (JS/TS or JSON: see `resolveImport`) have none. */
  private readonly tasks = new Map<string, FileTask>();
  /** Front ends loaded (null), or why one could not be. */
  private readonly frontEnds = new Map<LanguageId, string | null>();
  private readonly host: ScannerModuleHost;
  private readonly context: FileAnalysisContext;

  constructor(private readonly setup: AnalyserSetup) {
    this.host = new ScannerModuleHost(
      (path, text) => {
        const language = this.tasks.get(path)?.language;
        // A JSON module imported by a file analysed (`import routes from "./routes.json"`), whatever languages the scan reads.
        if (language === undefined && isDataModule(path)) return lowerJson(path, text);
        // A PHP class another PHP file names is PHP, a C# type C#, a Python module Python, a file a Ruby file requires Ruby,
        // a file of a Go file's package Go; every other import is JS/TS.
        const imported = languageOfPath(path);
        return parseAndLowerAs(language ?? (imported === "php" || imported === "csharp" || imported === "python" || imported === "ruby" || imported === "go" ? imported : "typescript"), path, text);
      },
      setup.worthParsing,
      setup.maxFileBytes,
      undefined,
      undefined,
      setup.resolveImport ?? memoizedImportResolver(),
    );
    this.context = {
      cwd: setup.cwd,
      catalogue: setup.catalogue,
      options: setup.options,
      host: this.host,
      evaluator: createEvaluator(setup.catalogue, this.host),
      gate: (file) => this.tasks.get(file)?.narrowing ?? NO_NARROWING,
    };
  }

  /**
   * Loads the front ends these files need, each once. (Only JS/TS files, and those that embed JS/TS,
   * follow imports: their front ends load the compiler that parses what they import.)
   */
  async prepare(tasks: Iterable<FileTask>): Promise<void> {
    const wanted = new Set<LanguageId>();
    for (const task of tasks) for (const language of task.frontEnds) wanted.add(language);
    for (const language of wanted) {
      if (this.frontEnds.has(language)) continue;
      try {
        await prepareFrontEnds([language]);
        this.frontEnds.set(language, null);
      } catch (error) {
        this.frontEnds.set(language, (error as Error).message);
      }
    }
  }

  /**
   * Analyses one file (after `prepare`). `text`: its text, if the scan kept it or sent it along. `keep`: other
   * files may import it, so its tree stays in the module cache.
   */
  analyse(task: FileTask, text = task.text, keep = true): FileAnalysis {
    const file = toPosixRelative(this.setup.cwd, task.file);
    const unavailable = task.frontEnds.map((language) => this.problemOf(language)).find((message) => message !== null);
    if (unavailable !== undefined) {
      return { file, findings: [], suppressed: 0, unused: [], problem: { file, kind: "unscannable", message: unavailable }, dependencies: [], hash: null };
    }
    this.tasks.set(task.file, task);
    try {
      this.host.file(task.file, text);
      const result = analyzeFile(task.file, this.context);
      // Kept for importers: JS/TS sources. Other languages cannot be imported (see `resolveImport`), and a JSON
      // file imported is read again if asked for (cheap): either would only take room in the module cache.
      if (!keep || !isSourceName(task.file)) this.host.release(task.file);
      // Fixes and suggestions are written in JS/TS syntax: only files of that syntax carry them.
      if (!this.setup.withFixes || !fixesApply(task.language)) result.findings = result.findings.map(withoutEdits);
      return result;
    } finally {
      // Only while it is analysed: what imports name is parsed as JS/TS.
      this.tasks.delete(task.file);
    }
  }

  /** Why a front end cannot be used (null: it is loaded). */
  private problemOf(language: LanguageId): string | null {
    const problem = this.frontEnds.get(language);
    return problem === undefined ? `the ${LANGUAGE_LABELS[language]} front end is not loaded` : problem;
  }
}
