/**
 * Runs the core once per file for all rules: the file is lowered once, analysed once per set of
 * analysis options, and each rule reports its own findings. Relative imports are read from disk
 * (parsed with the project's TypeScript, cached by modification time) so that paths and helpers
 * defined in another file are understood in the editor as in CI.
 */
import { dirname, relative, sep } from "node:path";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { loadBundledCatalogue } from "../catalogue/load.js";
import type { RuleName } from "../catalogue/types.js";
import { analyzeModule, resolveOptions, selectFindings, type AnalysisOptions } from "../core/analyze.js";
import { Evaluator, type ModuleHost, type TypeOracle } from "../core/evaluator/index.js";
import type { Finding } from "../core/finding.js";
import type { Module } from "../core/ir.js";
import { narrowedOptions, type Narrowing } from "../core/options.js";
import { readSource } from "../files/read-source.js";
import { StampedCache } from "../files/stamped-cache.js";
import { isDataModule } from "../files/resolve-import.js";
import { lowerJson } from "../languages/json.js";
import { BarrelReader, ImportWorth } from "../core/barrels.js";
import { NO_HINTS } from "../core/hints.js";
import { relativeImports, type ImportGraph } from "../core/import-graph.js";
import { Prefilter } from "../core/prefilter.js";
import { lowerEstree } from "./lower.js";
import { resolveProjectImport } from "./project-imports.js";
import { projectReadAhead as readAhead, type ImportedFacts } from "./read-ahead.js";
import { TextFactsCache, type TextFacts } from "./text-facts.js";
import { lintTime } from "./lint-clock.js";
import { loadModuleParser } from "./toolchain.js";
import type { LogpushOptions } from "./options.js";

type Context = Readonly<TSESLint.RuleContext<string, readonly unknown[]>>;
type SourceCode = Context["sourceCode"];

const lowered = new WeakMap<SourceCode, Module>();
/** A file's findings per set of options, and the rules whose detector failed part-way (with why). */
interface Analysis {
  findings: Finding[];
  ruleErrors: Map<RuleName, string>;
}
const analysed = new WeakMap<SourceCode, Map<string, Analysis>>();

/** Modules read from disk for cross-file resolution, reused while their file is unchanged. */
export class DiskModuleHost implements ModuleHost {
  /**
   * Checked against the file at most once a second of the plugin's clock (`lint-clock.ts`; the
   * evaluator loads a module once per import it follows), and bounded by source size: an
   * editor's process lints for hours. 1 Mi characters
   * of source (each kept with its syntax tree, about six times its size) hold what nearby files
   * import: the bench corpus parses the same 209 files with 1 Mi as with 64 Mi.
   */
  private readonly modules: StampedCache<Module | null>;
  /**
   * The modules the analysis under way has used, the file analysed first, kept until it ends
   * whatever the bound (see the scanner's `ScannerModuleHost`): the evaluator knows a module by
   * its identity, so one parsed anew in the middle of an analysis would be a stranger to it.
   */
  private pinned: Map<string, Module | null> | null = null;
  /**
   * What each import named gave in the analysis under way, by importing file and specifier: the
   * evaluator loads a module once for each name it follows into it (350 times in a keystroke's
   * analysis of cloudflare-typescript's client.ts), and resolving the import each time cost more
   * than the rest of the load.
   */
  private loaded: Map<string, Map<string, Module | null>> | null = null;

  constructor(maxTextLength = 1024 * 1024) {
    this.modules = new StampedCache<Module | null>(1000, lintTime, { maxSize: maxTextLength, sizeOf: (module) => module?.text.length ?? 0 });
  }

  load(fromFile: string, specifier: string): Module | null {
    let byFile = this.loaded?.get(fromFile);
    const known = byFile?.get(specifier);
    if (known !== undefined) return known;
    const module = this.loadUncached(fromFile, specifier);
    if (this.loaded) {
      if (!byFile) this.loaded.set(fromFile, (byFile = new Map()));
      byFile.set(specifier, module);
    }
    return module;
  }

  private loadUncached(fromFile: string, specifier: string): Module | null {
    const path = resolveProjectImport(fromFile, specifier);
    if (!path) return null;
    const pinned = this.pinned?.get(path);
    if (pinned !== undefined) return pinned;
    const module = this.modules.get(path, () => this.parse(path), null);
    this.pinned?.set(path, module);
    return module;
  }

  /** Runs one analysis of `module` (the file being linted), with every module it loads pinned. */
  analysing<T>(module: Module, analysis: () => T): T {
    const [outerPinned, outerLoaded] = [this.pinned, this.loaded];
    this.pinned = new Map([[module.file, module]]);
    this.loaded = new Map();
    try {
      return analysis();
    } finally {
      [this.pinned, this.loaded] = [outerPinned, outerLoaded];
    }
  }

  private parse(path: string): Module | null {
    const read = readSource(path);
    const parse = loadModuleParser();
    // As the scanner does: an imported file that cannot matter to its importers is not parsed.
    // Judged for the module whole (what is kept answers every name): a barrel is parsed if any module it re-exports from matters.
    if (!read.ok || !parse || importWorth().verdict(path, read.text) !== "parse") return null;
    try {
      // `import routes from "./routes.json"`: the document is the module's value.
      if (isDataModule(path)) return lowerJson(path, read.text).module;
      return parse(path, read.text);
    } catch {
      return null;
    }
  }
}

const diskHost = new DiskModuleHost();

/**
 * One evaluator per lint run (per host), shared by every file, as the scanner shares one per scan:
 * values of imported modules are worked out once. Its caches are weak, keyed by syntax nodes, so
 * an edited file (a new tree) is evaluated afresh. With type information each file gets its own,
 * since the checker's answers belong to that file's program.
 */
let sharedEvaluators: { withHost: Evaluator; withoutHost: Evaluator } | undefined;
function sharedEvaluator(crossFile: boolean): Evaluator {
  sharedEvaluators ??= {
    withHost: new Evaluator({ catalogue: loadBundledCatalogue(), host: diskHost, types: null }),
    withoutHost: new Evaluator({ catalogue: loadBundledCatalogue(), host: null, types: null }),
  };
  return crossFile ? sharedEvaluators.withHost : sharedEvaluators.withoutHost;
}

function moduleOf(context: Context): Module {
  const sourceCode = context.sourceCode;
  let module = lowered.get(sourceCode);
  if (!module) {
    module = lowerEstree({
      file: context.physicalFilename ?? context.filename,
      text: sourceCode.text,
      program: sourceCode.ast as TSESTree.Program,
      comments: sourceCode.getAllComments(),
    });
    lowered.set(sourceCode, module);
  }
  return module;
}

/** When the user's config gives type information, DNS record types are read from the checker. */
function typeOracle(context: Context, module: Module): TypeOracle | null {
  const services = context.sourceCode.parserServices;
  if (!services || !services.program || !("esTreeNodeToTSNodeMap" in services) || !services.esTreeNodeToTSNodeMap) return null;
  const checker = services.program.getTypeChecker();
  const sourceCode = context.sourceCode;
  const map = services.esTreeNodeToTSNodeMap;
  return {
    typeTextOf(program, node) {
      if (program.module !== module) return null;
      let estree: TSESTree.Node | null = sourceCode.getNodeByRangeIndex(node.range[0]);
      while (estree && (estree.range[0] !== node.range[0] || estree.range[1] !== node.range[1])) estree = estree.parent ?? null;
      if (!estree) return null;
      const tsNode = map.get(estree as never);
      if (!tsNode) return null;
      return checker.typeToString(checker.getTypeAtLocation(tsNode));
    },
  };
}

/**
 * A judge of imported modules for one parse: what it remembers of other files (a barrel's
 * re-exports, whether a module matters) would go stale in an editor's long-running process.
 */
function importWorth(): ImportWorth {
  const textOf = (path: string) => {
    const read = readSource(path);
    return read.ok ? read.text : null;
  };
  const matters = (text: string) => prefilterOf().mayMatterToImporters(textFacts.of(text).hints, text);
  return new ImportWorth(new BarrelReader(textOf, (from, specifier) => resolveProjectImport(from, specifier)), matters, { specifiersOf: relativeImports, resolve: resolveProjectImport });
}

let prefilter: Prefilter | undefined;
const prefilterOf = () => (prefilter ??= new Prefilter(loadBundledCatalogue()));
/** The prefilter's reading of each text, shared by the file linted and the same file imported. */
const textFacts = new TextFactsCache(prefilterOf);
/** How far the reading ahead of this process has gone (see `ReadAhead.state`). */
export const readAheadState = () => readAhead.state();
/** What the analysis of a file may leave out (see `Prefilter.narrowing`), per version of its text. */
const narrowings = new WeakMap<SourceCode, Narrowing>();
/** How long what was read of an imported file is trusted, by the plugin's clock. */
const IMPORTED_TRUST_MS = 1000;
/**
 * Imported files' hints and resolved imports, reused while the file is unchanged (checked at most
 * once a second of the plugin's clock). At most 50,000 files (a few hundred bytes each), least
 * recently used first out: an editor's process on a monorepo stays flat (the bench corpus imports
 * 3,300). Files the worker read within the second are not asked of here (`importedFile`).
 */
const importedFiles = new StampedCache<ImportedFacts>(IMPORTED_TRUST_MS, lintTime, { maxSize: 50_000, sizeOf: () => 1 });

/**
 * The scanner's prefilter on the file's text, joined with the hints of the files it imports: none
 * of the rules (most files), some, or all. Only those run: a large file that passes on its framing
 * headers alone is not searched for requests on every keystroke.
 */
function narrowingOf(context: Context, crossFile: boolean): Narrowing {
  const sourceCode = context.sourceCode;
  const known = narrowings.get(sourceCode);
  if (known !== undefined) return known;
  const file = context.physicalFilename ?? context.filename;
  readAhead.noteLinted(file, context.cwd);
  // The worker's verdict stands on what it read since it began: trusted as imported files are.
  const ahead = readAhead.factsOfText(file, sourceCode.text, lintTime() - IMPORTED_TRUST_MS);
  let narrowing: Narrowing;
  if (crossFile && ahead?.narrowing) narrowing = ahead.narrowing;
  else {
    const facts = ahead?.facts ?? textFacts.of(sourceCode.text, file);
    // Without crossFile, no import is followed: the file's own words alone.
    narrowing = crossFile ? prefilterOf().narrowingOf(file, importGraphFor(file, sourceCode.text, facts, ahead?.imports ?? null)) : prefilterOf().narrowing(facts.hints);
  }
  narrowings.set(sourceCode, narrowing);
  return narrowing;
}

/** The file being judged, as `importGraph` answers for it (its text as ESLint has it, not as on disk). */
const judged = { file: "", text: "", facts: { hints: NO_HINTS, specifiers: [] } as TextFacts, imports: null as readonly string[] | null };
let importGraph: { graph: ImportGraph; made: number } | null = null;
/**
 * The import graph the prefilter judges a file in (the file's own hints and imports, the others'
 * from `importedFile`, texts read where names through barrels can change the verdict). The same
 * graph for a second of the plugin's clock (a whole run over many files), so that what it learns
 * of barrels (`Prefilter.narrowingOf` keeps it by graph) serves the keystrokes of that second and
 * the files linted in it; a new one after that, as `importedFiles` looks at files again then.
 */
function importGraphFor(file: string, text: string, facts: TextFacts, imports: readonly string[] | null): ImportGraph {
  Object.assign(judged, { file, text, facts, imports });
  const now = lintTime();
  if (importGraph === null || now - importGraph.made > 1000) {
    const graph: ImportGraph = {
      hintsOf: (path) => (path === judged.file ? judged.facts.hints : importedFile(path).hints),
      importsOf: (path) => {
        if (path !== judged.file) return importedFile(path).imports;
        return (judged.imports ??= judged.facts.specifiers.flatMap((specifier) => resolveProjectImport(judged.file, specifier) ?? []));
      },
      textOf: (path) => {
        if (path === judged.file) return judged.text;
        const read = readSource(path);
        return read.ok ? read.text : null;
      },
      resolve: (from, specifier) => resolveProjectImport(from, specifier),
    };
    importGraph = { graph, made: now };
  }
  return importGraph.graph;
}

function importedFile(path: string): ImportedFacts {
  // Read by the worker within the window: its stamp was taken then, as `importedFiles` would take it now.
  const recent = readAhead.importedSince(path, lintTime() - IMPORTED_TRUST_MS);
  if (recent) return recent;
  return importedFiles.get(
    path,
    (stamp) => {
      const ahead = readAhead.factsOfFile(path, stamp);
      if (ahead) return { hints: ahead.facts.hints, imports: ahead.imports };
      const read = readSource(path);
      if (!read.ok) return { hints: NO_HINTS, imports: [] };
      const facts = textFacts.of(read.text);
      return { hints: facts.hints, imports: facts.specifiers.flatMap((specifier) => resolveProjectImport(path, specifier) ?? []) };
    },
    { hints: NO_HINTS, imports: [] },
  );
}

/** This rule's findings for the file being linted. */
export function findingsOf(context: Context, rule: RuleName, options: LogpushOptions): Finding[] {
  return selectFindings(
    analysisOf(context, options).findings.filter((finding) => finding.ruleId === rule),
    { minConfidence: options.minConfidence ?? "medium", ignore: options.ignore ?? [] },
  );
}

/**
 * The core's options for a rule's options, resolved once per distinct options and day (every rule
 * asks for every file; without `asOf` the date is today's, and an editor runs past midnight).
 */
const resolvedOptions = new Map<string, { analysis: AnalysisOptions; key: string; crossFile: boolean; day: number }>();
/** The same, by options object: `effectiveOptions` gives one object per distinct options, so the text above is written once per object. */
const resolvedByObject = new WeakMap<LogpushOptions, { analysis: AnalysisOptions; key: string; crossFile: boolean; day: number }>();
function analysisOptionsOf(options: LogpushOptions): { analysis: AnalysisOptions; key: string; crossFile: boolean } {
  const day = Math.floor(Date.now() / 86_400_000);
  const known = resolvedByObject.get(options);
  if (known && known.day === day) return known;
  const crossFile = options.crossFile !== false;
  const text = JSON.stringify([options.asOf ?? null, options.apiHosts ?? [], options.maxOperators ?? 30, options.maxBytes ?? 1000, options.operators ?? [], crossFile]);
  let resolved = resolvedOptions.get(text);
  if (!resolved || resolved.day !== day) {
    const analysis = resolveOptions({
      ...(options.asOf ? { asOf: options.asOf } : {}),
      apiHosts: options.apiHosts ?? [],
      minConfidence: "low",
      logpush: {
        maxOperators: options.maxOperators ?? 30,
        maxBytes: options.maxBytes ?? 1000,
        operators: options.operators ?? [],
      },
    });
    resolved = { analysis, key: JSON.stringify([analysis.asOf, analysis.apiHosts, analysis.logpush, crossFile]), crossFile, day };
    resolvedOptions.set(text, resolved);
  }
  resolvedByObject.set(options, resolved);
  return resolved;
}

function analysisOf(context: Context, options: LogpushOptions): Analysis {
  const sourceCode = context.sourceCode;
  const { analysis, key, crossFile } = analysisOptionsOf(options);
  let byOptions = analysed.get(sourceCode);
  if (!byOptions) analysed.set(sourceCode, (byOptions = new Map()));
  let result = byOptions.get(key);
  if (result) return result;
  const narrowing = narrowingOf(context, crossFile);
  if (narrowing.rules !== "all" && narrowing.rules.length === 0) {
    // Most files of a project never mention this API: a text test, as in the scanner, spares
    // them lowering and analysis (an imported file's hints count, as the scanner counts them).
    result = { findings: [], ruleErrors: new Map() };
    byOptions.set(key, result);
  } else {
    const module = moduleOf(context);
    const ruleErrors = new Map<RuleName, string>();
    // A detector that fails part-way keeps what it and the others found; the failing rule says so
    // in a message instead of throwing, which would end the whole ESLint run.
    const types = typeOracle(context, module);
    const findings = diskHost.analysing(module, () =>
      analyzeModule({
        module,
        catalogue: loadBundledCatalogue(),
        options: narrowedOptions(analysis, narrowing),
        host: crossFile ? diskHost : null,
        types,
        ...(types ? {} : { evaluator: sharedEvaluator(crossFile) }),
        onRuleError: (failed, error) => ruleErrors.set(failed, error instanceof Error ? error.message : String(error)),
      }),
    );
    result = { findings, ruleErrors };
    byOptions.set(key, result);
  }
  return result;
}

/**
 * A finding whose path is written in another file says which: ESLint's cache cannot know that
 * this file's result depends on that one, so the user must be able to see it.
 */
function withSource(finding: Finding, context: Context): Record<string, string> {
  const here = context.physicalFilename ?? context.filename;
  if (!finding.related || finding.related.file === here || finding.data.instead === undefined) return finding.data;
  const from = relative(dirname(here), finding.related.file).split(sep).join("/");
  return { ...finding.data, instead: `${finding.data.instead} (the path comes from ${from.startsWith(".") ? from : `./${from}`})` };
}

/** Reports this rule's findings through ESLint, with fixes and suggestions. */
export function reportFindings(context: Context, rule: RuleName, options: LogpushOptions): void {
  const sourceCode = context.sourceCode;
  const failure = analysisOf(context, options).ruleErrors.get(rule);
  if (failure !== undefined) context.report({ loc: { line: 1, column: 0 }, messageId: "analysisFailed", data: { error: failure.split("\n")[0]!.slice(0, 200) } });
  for (const finding of findingsOf(context, rule, options)) {
    const loc = { start: sourceCode.getLocFromIndex(finding.range[0]), end: sourceCode.getLocFromIndex(finding.range[1]) };
    const fix = finding.fix;
    context.report({
      loc,
      messageId: finding.messageId,
      data: withSource(finding, context),
      ...(fix ? { fix: (fixer: TSESLint.RuleFixer) => fix.map((edit) => fixer.replaceTextRange([edit.range[0], edit.range[1]], edit.text)) } : {}),
      ...(finding.suggestions.length > 0
        ? {
            suggest: finding.suggestions.map((suggestion) => ({
              messageId: suggestion.messageId,
              data: suggestion.data,
              fix: (fixer: TSESLint.RuleFixer) => suggestion.edits.map((edit) => fixer.replaceTextRange([edit.range[0], edit.range[1]], edit.text)),
            })),
          }
        : {}),
    });
  }
}
