/**
 * The programmatic scan: `import { scan } from "sunset-lint"`. Returns findings; prints nothing.
 *
 * discovery → shard → read + prefilter → parse + analyse (JS/TS in a worker as the files that pass
 * are found, when the scan is large) → suppressions → `only`/`skip` → baseline → summary.
 */
import { isAbsolute, resolve } from "node:path";
import { createRequire } from "node:module";
import { loadCatalogue, type CatalogueIndex } from "../catalogue/load.js";
import { NO_NARROWING, resolveOptions, RULE_NAMES, today, type Narrowing } from "../core/options.js";
import type { LogpushLimits } from "../core/options.js";
import type { Confidence } from "../core/finding.js";
import { DEFAULT_MAX_FILE_BYTES, readSource } from "../files/read-source.js";
import { listingOracle, memoizedImportResolver, type ImportResolver } from "../files/resolve-import.js";
import { resolveAlias, TsconfigPaths } from "../files/tsconfig-paths.js";
import { PhpClassResolver } from "../files/resolve-php-class.js";
import { CSharpTypeResolver } from "../files/resolve-csharp-type.js";
import { PythonModuleResolver } from "../files/resolve-python-module.js";
import { RubyFeatureResolver } from "../files/resolve-ruby-feature.js";
import { GoPackageResolver } from "../files/resolve-go-package.js";
import { CSHARP_TYPE_SOURCE, GO_PACKAGE_SOURCE, PHP_CLASS_SOURCE, PYTHON_MODULE_SOURCE, RUBY_FEATURE_SOURCE } from "../core/libraries.js";
import type { FileTask } from "./analyser.js";
import type { FileAnalysis } from "./analyze-file.js";
import { readBaseline, writeBaseline } from "./baseline.js";
import { fileStamp, ScanCache } from "./cache.js";
import { discoverFiles, discoveryKey, toPosixRelative, type DiscoverOptions, type Discovery, type FileProblem } from "./discover.js";
import { DiscoveryMemo } from "./discovery-memo.js";
import { contentHash } from "../files/content-hash.js";
import { NO_HINTS, type Hints } from "../core/hints.js";
import { bundlerOf, bundleSkipped } from "../files/generated-bundle.js";
import { codeStamp } from "./code-stamp.js";
import { csharpTypeImports, goDeclarationsOf, goPackageImports, isGeneratedGoFile, NO_IMPORTS, type GoDeclarations, phpClassImports, pythonModuleImports, relativeImports, rubyRequireImports, type ImportGraph } from "../core/import-graph.js";
import { NO_RULES, Prefilter, PREFILTER_FINGERPRINT } from "../core/prefilter.js";
import { compareFindings, compareProblems, summarize, withoutEdits, type ScanFinding, type ScanResult, type UnusedDirective } from "./result.js";
import { shardOf, type Shard } from "./shard.js";
import { ScanUsageError } from "./errors.js";
import { AnalysisPipeline, runInWorkers, workersAvailable, type WorkerSetup } from "./workers.js";
import { DEFAULT_LANGUAGES, frontEndsFor, LANGUAGE_LABELS, usesCompiler, languageOfPath, prefilterReading, prefilterText, REQUEST_NAMES, SDK_METHOD_SPELLINGS, type LanguageId } from "../languages/index.js";
import { isToolOutputText } from "../languages/json.js";

const { version: TOOL_VERSION } = createRequire(import.meta.url)("../../package.json") as { version: string };

export interface ScanOptions {
  /** Working directory: paths are resolved and reported relative to it. */
  cwd?: string;
  paths?: string[];
  ignore?: string[];
  noDefaultIgnores?: boolean;
  asOf?: string;
  minConfidence?: Confidence;
  apiHosts?: string[];
  /** Keep only these rules, entry ids or item numbers. */
  only?: (string | number)[];
  /** Leave out these rules, entry ids or item numbers. */
  skip?: (string | number)[];
  /** A schedule file in the format of rules/schedule.md, instead of the bundled one. */
  schedule?: string;
  logpush?: Partial<LogpushLimits>;
  /** Type-aware analysis with this tsconfig (DNS record types, inferred types). */
  tsconfig?: string;
  /** Reuse results of unchanged files; `true` uses .sunset-lint-cache/scan-cache.json. */
  cache?: boolean | string;
  baseline?: string;
  updateBaseline?: boolean;
  shard?: Shard;
  /** Worker threads: 0 analyses in this thread; default: cores when the scan is large. */
  jobs?: number;
  /** Source files larger than this many bytes are skipped and named in a notice (default 2 MiB). */
  maxFileSize?: number;
  /** Keep fixes and suggestions on the findings (for `--fix`). */
  withFixes?: boolean;
  /** The languages read (default: all but Markdown code blocks). */
  languages?: LanguageId[];
  /** Parse every file, skipping the text prefilter (for checking that the prefilter loses nothing). */
  noPrefilter?: boolean;
  /**
   * Scan this text as the one file `filename` (relative to `cwd`) instead of discovering files:
   * code from standard input (editors, pre-commit on staged content). Imports resolve from it.
   */
  stdin?: { text: string; filename: string };
  /** Told how long each phase took (`--debug`). */
  onPhase?: (phase: string, milliseconds: number) => void;
  /** Told how the work was done (`--debug`). */
  onDebug?: (message: string) => void;
  /** Told about things worth a line that are not part of the result (a cache that was discarded). */
  onNotice?: (message: string) => void;
  onProgress?: (progress: { done: number; total: number; findings: number }) => void;
  /**
   * Called when the scan is about to start analysis workers (a large scan: every core will be
   * busy). The CLI tunes V8 for that (see cli/v8-tuning.ts); the library itself never changes
   * the process's V8 flags.
   */
  onWorkersStart?: () => void;
  /**
   * Called after the main thread has analysed a large file in a scan whose analysis worker takes
   * the JS/TS files (the few files of other languages in a JS/TS repository, analysed while the
   * worker finishes): the CLI collects the garbage that file's analysis left at once, where V8
   * would let the heap grow (see cli/v8-tuning.ts).
   */
  onLargeFileAnalysedHere?: () => void;
}

export { ScanUsageError } from "./errors.js";

/**
 * Scans of this many files analyse in a worker while the main thread is still reading (the
 * worker's start-up, about 0.2 s of one core, is paid while files are being read).
 */
const PIPELINE_THRESHOLD = 200;
/**
 * Files of languages parsed without the compiler (Python, Go, JSON, shell…) go to the pipeline's
 * worker too, so that they are analysed while the rest is read, unless more than this share of
 * the files found are JS/TS: then the worker has more than enough to do, and the main thread,
 * idle once it has read every file, analyses them meanwhile. Measured (paired, 2 cores): on a
 * polyglot corpus (Go, PHP, Python, Terraform) 0.83x wall and less memory than analysing them all
 * in the main thread, which would load its own front ends and warm up its own JIT; on the JS/TS
 * benchmark corpus, sending its shell script and its 187 KB JSON to the worker was 1.08x slower.
 */
const JS_TS_SHARE_FOR_OTHER_LANGUAGES_HERE = 0.5;
/** What the cache records of a path modified less than this long before a run is never trusted (milliseconds). */
const SETTLED_MS = 3000;
/** Source text kept between the read phase and analysis (characters); beyond it files are read again. */
const RETAINED_TEXT_BUDGET = 32 * 1024 * 1024;
/** Stack of the thread that retries files too deep for the default one (20,000 nested parentheses need about 40 MB). */
const LARGE_STACK_MB = 256;


/** What a file imports that the prefilter judges it with: JS/TS relative imports, the classes a PHP file names, what a Go file uses of its package. */
function importsIn(language: LanguageId, text: string, file: string, hints: Hints): readonly string[] {
  if (language === "typescript") return relativeImports(text);
  // The types of its fields and parameters (services handed in by dependency injection) only for a file with words of the API.
  if (language === "csharp") return csharpTypeImports(text, hints.signals !== 0 || hints.words.length > 0);
  if (language === "go") return goPackageImports(text, file);
  if (language === "python") return pythonModuleImports(text);
  if (language === "ruby") return rubyRequireImports(text);
  return language === "php" ? phpClassImports(text) : NO_IMPORTS;
}

export async function scan(options: ScanOptions = {}): Promise<ScanResult> {
  const started = Date.now();
  const cwd = options.cwd ?? process.cwd();
  const asOf = options.asOf ?? today();
  const catalogue = loadCatalogue(options.schedule, cwd);
  const analysis = resolveOptions({
    asOf,
    apiHosts: options.apiHosts ?? [],
    minConfidence: options.minConfidence ?? "medium",
    ...(options.logpush ? { logpush: { maxOperators: 30, maxBytes: 1000, operators: [], ...options.logpush } } : {}),
  });
  const filters = selection(catalogue, options.only, options.skip);
  const maxFileBytes = options.maxFileSize ?? DEFAULT_MAX_FILE_BYTES;
  if (!Number.isSafeInteger(maxFileBytes) || maxFileBytes <= 0) throw new ScanUsageError(`maxFileSize must be a positive number of bytes (got ${String(options.maxFileSize)})`);

  let phaseStart = Date.now();
  const phase = (name: string) => {
    const now = Date.now();
    options.onPhase?.(name, now - phaseStart);
    phaseStart = now;
  };
  const stdinPath = options.stdin ? resolve(cwd, options.stdin.filename) : null;
  const enabledLanguages = options.languages ?? [...DEFAULT_LANGUAGES];
  const cache = options.cache && !options.withFixes && !stdinPath
    ? new ScanCache(
        typeof options.cache === "string" ? resolve(cwd, options.cache) : resolve(cwd, ".sunset-lint-cache/scan-cache.json"),
        ScanCache.keyOf([TOOL_VERSION, codeStamp(), catalogue.hash, analysis, options.tsconfig ?? null, cwd, maxFileBytes, PREFILTER_FINGERPRINT, REQUEST_NAMES.join("|"), SDK_METHOD_SPELLINGS, prefilterText.toString(), prefilterReading.toString()]),
        options.onNotice,
      )
    : null;
  if (cache) phase("cache load");
  const discoverOptions: DiscoverOptions = { cwd, paths: options.paths ?? ["."], ignore: options.ignore ?? [], noDefaultIgnores: options.noDefaultIgnores ?? false, languages: enabledLanguages };
  // With a cache, the walk replays its last decisions in directories unchanged since (see DiscoveryMemo).
  const memo = cache ? new DiscoveryMemo(cache.lastWalk(), discoveryKey(discoverOptions)) : null;
  const setup: WorkerSetup = {
    cwd,
    schedule: options.schedule ? resolve(cwd, options.schedule) : null,
    options: analysis,
    withFixes: options.withFixes ?? false,
    maxFileBytes,
    requestNames: REQUEST_NAMES,
    methodSpellings: SDK_METHOD_SPELLINGS,
  };
  // JS/TS files to analyse go to a worker as soon as they are known (while the rest is being read),
  // unless asked otherwise: no workers (`jobs: 0`), several after reading (`jobs` > 1), types
  // (`tsconfig`), one text (`stdin`), or a scan too small to pay for the worker's start-up.
  const mayPipeline = !options.tsconfig && !stdinPath && (options.jobs === undefined || options.jobs === 1) && workersAvailable();
  let pipeline = null as AnalysisPipeline | null;
  const pipelineOf = () => (pipeline ??= new AnalysisPipeline(setup, (path, result) => collect(path, result), options.onWorkersStart));
  // The worker loads its compiler (about 0.3 s of one core) while the walk goes on, once the walk
  // has found enough files to need it; not when a cache will answer for most files, nor for one
  // shard of the files.
  const startEarly = mayPipeline && !options.shard && !cache?.hasResults();
  const startDuringWalk = (found: ReadonlyMap<string, LanguageId>) => {
    if (pipeline) return; // a walk started again (its ignore rules changed) finds the same files again
    // The compiler is loaded at once if any file found so far needs it; else by the first that does.
    const preloadCompiler = [...found.values()].some(usesCompiler);
    pipelineOf().start(preloadCompiler);
    options.onDebug?.(`the analysis worker was started during the walk, at ${options.jobs === 1 ? "the first file" : `${PIPELINE_THRESHOLD} files`}${preloadCompiler ? "" : " (none of them JS/TS: the compiler is loaded when one is analysed)"}`);
  };
  let discovery: Discovery;
  try {
    discovery = stdinPath
      ? { files: [stdinPath], problems: [], languages: new Map([[stdinPath, languageOfPath(stdinPath) ?? "typescript"]]), listings: new Map() }
      : discoverFiles({
          ...discoverOptions,
          ...(memo ? { memo } : {}),
          ...(startEarly ? { whenFound: { files: options.jobs === 1 ? 1 : PIPELINE_THRESHOLD, then: startDuringWalk } } : {}),
        });
  } catch (error) {
    // A path given later in the list is not there: the worker started for the first must not keep the process alive.
    pipeline?.abandon();
    throw error;
  }
  if (memo) {
    cache!.noteWalk(memo.result(), memo.changed);
    options.onDebug?.(`walk: ${memo.replayedCount} directories unchanged since the last run, ${memo.listedCount} listed`);
  }
  const languageOf = (file: string): LanguageId => discovery.languages.get(file) ?? languageOfPath(file) ?? "typescript";
  phase("discovery");
  const sourceOf = (file: string) => (file === stdinPath ? ({ ok: true, text: options.stdin!.text } as const) : readSource(file, maxFileBytes));
  const problems: FileProblem[] = [...discovery.problems];
  // Nothing to look at because of what was asked (an empty folder, only ignored files): not a green run.
  if (discovery.files.length === 0 && !discovery.problems.some((problem) => problem.kind !== "skipped")) {
    const given = (options.paths ?? ["."]).map((path) => toPosixRelative(cwd, resolve(cwd, path)) || ".").join(", ");
    const read = enabledLanguages.map((id) => LANGUAGE_LABELS[id]).join(", ");
    throw new ScanUsageError(`no files to scan in ${given} (after ignores; languages read: ${read}); nothing was checked`);
  }
  const files = options.shard ? discovery.files.filter((file) => shardOf(toPosixRelative(cwd, file), options.shard!.count) === options.shard!.index) : discovery.files;

  const pipelined = mayPipeline && (options.jobs === 1 || files.length >= PIPELINE_THRESHOLD);
  if (pipelined) pipelineOf();
  else if (pipeline) {
    // Started by the walk, which found fewer files in the end (deduplicated).
    pipeline.abandon();
    pipeline = null;
  }
  const results = new Map<string, FileAnalysis>();
  let findingsSoFar = 0;
  let done = 0;
  const report = () => options.onProgress?.({ done, total: files.length, findings: findingsSoFar });
  const collect = (path: string, result: FileAnalysis) => {
    results.set(path, result);
    if (cache && result.hash && !result.problem) cache.store(path, result.hash, result);
    done++;
    findingsSoFar += result.findings.length;
    report();
  };
  /** Files handed to the pipeline. */
  const sent = new Set<string>();

  // Read every file once. The text of files that will be parsed is kept within a byte budget (the
  // rest is read again when its turn comes), so memory does not grow with the repository.
  // Built when first asked: a warm `--cache` run whose files are all unchanged asks nothing of it.
  let prefilterBuilt: Prefilter | null = null;
  const prefilter = () => (prefilterBuilt ??= new Prefilter(catalogue, REQUEST_NAMES, SDK_METHOD_SPELLINGS));
  const texts = new Map<string, string>();
  const hashes = new Map<string, string>();
  let retained = 0;
  const keep = (file: string, text: string) => {
    if (cache && !hashes.has(file)) hashes.set(file, contentHash(text));
    if (retained + text.length > RETAINED_TEXT_BUDGET && file !== stdinPath) return;
    texts.set(file, text);
    retained += text.length;
  };
  const release = (file: string) => {
    retained -= texts.get(file)?.length ?? 0;
    texts.delete(file);
  };
  /** Whether files of other languages go to the pipeline (see JS_TS_SHARE_FOR_OTHER_LANGUAGES_HERE). */
  const othersToPipeline = files.filter((file) => usesCompiler(languageOf(file))).length <= JS_TS_SHARE_FOR_OTHER_LANGUAGES_HERE * files.length;
  const candidates: string[] = [];
  const passed = new Set<string>();
  const undecided: string[] = [];
  const hintsOf = new Map<string, Hints>();
  /** Relative imports as written, of JS/TS files. */
  const importsOf = new Map<string, readonly string[]>();
  /** What each Go file read declares for the other files of its package (see `GoPackageResolver`). */
  const goDeclarations = new Map<string, GoDeclarations>();
  /** Results, baselines and SARIF logs a run wrote into the tree: not code, and not counted as scanned. */
  const ownOutputs = new Set<string>();
  // A file may use paths, constants, clients or records of the modules it imports: judged with them.
  // The cache keeps the verdicts so made, with the stamps of what they rested on beyond the walk
  // and the files read (see `ReadEntry.withImports`).
  const beyondWalk: Record<string, string | null> = Object.create(null) as Record<string, string | null>;
  const restedOn = (path: string) => {
    if (cache && !(path in beyondWalk)) beyondWalk[path] = settledStamp(path, started);
  };
  const resolveRelative = memoizedImportResolver(discovery.listings, undefined, restedOn);
  // Answered from the walk's listings, as relative imports are: no `stat` per class and folder.
  const phpClasses = new PhpClassResolver(listingOracle(discovery.listings, restedOn));
  const csharpTypes = new CSharpTypeResolver(listingOracle(discovery.listings, restedOn));
  const pythonModules = new PythonModuleResolver(listingOracle(discovery.listings, restedOn));
  const rubyFeatures = new RubyFeatureResolver(listingOracle(discovery.listings, restedOn));
  // The files of a Go package's folder, from the walk's listing when it has one; what each
  // declares, as noted when it was read (else read again: a file of the cache, or of another shard).
  const goPackages = new GoPackageResolver(
    (directory) => {
      const listed = discovery.listings.get(directory);
      return listed ? [...listed.files] : null;
    },
    (file) => {
      const noted = goDeclarations.get(file);
      if (noted) return noted;
      if (options.shard || !discovery.languages.has(file)) restedOn(file);
      const read = sourceOf(file);
      return read.ok ? goDeclarationsOf(read.text) : null;
    },
  );
  /** A relative import of JS/TS, a class another PHP file declares, a type another C# file declares, a module of the Python project, or a file a Ruby file requires. */
  const resolveImport: ImportResolver = (from, specifier) => {
    if (specifier.startsWith(PHP_CLASS_SOURCE)) return phpClasses.resolve(from, specifier.slice(PHP_CLASS_SOURCE.length));
    if (specifier.startsWith(CSHARP_TYPE_SOURCE)) return csharpTypes.resolve(from, specifier.slice(CSHARP_TYPE_SOURCE.length));
    if (specifier.startsWith(PYTHON_MODULE_SOURCE)) return pythonModules.resolve(from, specifier.slice(PYTHON_MODULE_SOURCE.length));
    if (specifier.startsWith(RUBY_FEATURE_SOURCE)) return rubyFeatures.resolve(from, specifier.slice(RUBY_FEATURE_SOURCE.length));
    if (specifier.startsWith(GO_PACKAGE_SOURCE)) return goPackages.resolve(from, specifier.slice(GO_PACKAGE_SOURCE.length));
    return resolveRelative(from, specifier);
  };
  // Aliases (`@/api/zones`) through the project's tsconfig `paths`, for the prefilter's import graph
  // (the module host resolves them itself, noting the configs an analysis rests on).
  const aliases = new TsconfigPaths(listingOracle(discovery.listings, restedOn));
  const resolveForGraph: ImportResolver = (from, specifier) => resolveImport(from, specifier) ?? resolveAlias(aliases, resolveRelative, from, specifier)?.path ?? null;
  /** Files read by `readHints` before their turn in the loop below, which then takes their hints (without a cache). */
  const readEarly = new Set<string>();
  /** Of those, the bundles a bundler generated (see `bundlerOf`), by bundler. */
  const bundlesReadEarly = new Map<string, string>();
  // Generated bundles are left out by default, unless named on the command line (as ignores are).
  const named = new Set((options.paths ?? []).map((path) => resolve(cwd, path)));
  const leavesOutBundle = (file: string) => !options.noDefaultIgnores && file !== stdinPath && !named.has(file);
  /** Bundles left out: named, and not counted as scanned. */
  const bundlesLeftOut = new Set<string>();
  const leaveOutBundle = (file: string, bundler: string) => {
    bundlesLeftOut.add(file);
    problems.push({ file: toPosixRelative(cwd, file), message: bundleSkipped(bundler), kind: "skipped" });
  };
  const readHints = (target: string) => {
    if (!hintsOf.has(target)) {
      if (options.shard || !discovery.languages.has(target)) restedOn(target);
      const read = sourceOf(target);
      const hints = read.ok ? prefilter().hints(read.text) : NO_HINTS;
      hintsOf.set(target, hints);
      importsOf.set(target, read.ok ? importsIn(languageOf(target), read.text, target, hints) : NO_IMPORTS);
      if (read.ok) readEarly.add(target);
      const bundler = read.ok ? bundlerOf(target, read.text) : null;
      if (bundler !== null) bundlesReadEarly.set(target, bundler);
    }
    return hintsOf.get(target)!;
  };
  // Not remembered per file: the resolver remembers each (directory, specifier) pair, within a bound.
  const importedFiles = (from: string): string[] => {
    if (!importsOf.has(from)) readHints(from);
    return (importsOf.get(from) ?? NO_IMPORTS).flatMap((specifier) => resolveForGraph(from, specifier) ?? []);
  };
  /** What verdicts read of the files around one: barrels' and importers' texts are read again, only where names through barrels can change a verdict. */
  const importGraph: ImportGraph = {
    hintsOf: readHints,
    importsOf: importedFiles,
    textOf: (file) => {
      if (options.shard || !discovery.languages.has(file)) restedOn(file);
      const kept = texts.get(file);
      if (kept !== undefined) return kept;
      const read = sourceOf(file);
      return read.ok ? read.text : null;
    },
    resolve: (from, specifier) => resolveForGraph(from, specifier) ?? null,
  };
  /**
   * What a file's analysis may leave out: the rules its words and its imports' do not make
   * possible, and the requests of a file that reaches no Logpush jobs path (see
   * `Prefilter.narrowing`). Worked out here, where every file's hints are at hand, and handed
   * to whoever analyses the file. Every rule without the prefilter, and for a file that embeds
   * JS/TS (Vue, Svelte, Markdown): its scripts follow imports, whose hints the scan does not join
   * with it. A file of a language parsed without the compiler (Go, Python, JSON…) follows none:
   * its own words are all its analysis sees (cloudflare-python 0.92x, the polyglot corpus 0.93x,
   * same findings).
   */
  const narrowings = new Map<string, Narrowing>();
  const narrowingOf = (file: string): Narrowing => {
    const language = languageOf(file);
    if (options.noPrefilter || (language !== "typescript" && usesCompiler(language))) return NO_NARROWING;
    let narrowing = narrowings.get(file);
    if (!narrowing) narrowings.set(file, (narrowing = prefilter().narrowingOf(file, importGraph)));
    return narrowing;
  };
  /** What whoever analyses a file needs to know (`text`: its text if at hand, to tell which front ends it needs). */
  const taskOf = (file: string, text?: string): FileTask => ({ file, language: languageOf(file), frontEnds: frontEndsFor(languageOf(file), text), narrowing: narrowingOf(file) });
  /**
   * A file that passed: its cached result if the cache has one; else to the pipeline if there is
   * one and it takes the file's language; else it waits for the analysis phase (`text`: its text
   * if read).
   */
  const passing = (file: string, text: string | null) => {
    passed.add(file);
    const hash = hashes.get(file);
    const cached = hash ? cache?.lookup(file, hash) : null;
    if (cached) results.set(file, cached);
    else if (pipeline && (othersToPipeline || usesCompiler(languageOf(file)))) {
      sent.add(file);
      // With its text, which the worker need not read again (within the pipeline's budget).
      pipeline!.submit(text === null ? taskOf(file) : { ...taskOf(file, text), text });
    } else if (text !== null) keep(file, text);
  };
  /**
   * Whether every file's hints and imports are those the last run recorded: read from the cache
   * (the file is unchanged), or read again and found the same (an edit that adds no word the
   * prefilter counts and changes no import, such as most edits), so that the verdicts built on
   * them still hold.
   */
  let everyReadKnown = true;
  for (const file of files) {
    // With a cache, a file unchanged since the last run (same stamp) is not read at all: its
    // hash, hints and imports come from the cache (and for JSON, whether it is sunset-lint's own
    // output: results, baselines, SARIF), and its text is read only if it is analysed.
    let known = cache && file !== stdinPath ? cache.knownRead(file) : null;
    // A bundle the last run left out is read again by a run that scans bundles.
    if (known?.bundle !== undefined && !leavesOutBundle(file)) known = null;
    let hints: Hints;
    let imports: readonly string[];
    /** Whether it passes the prefilter alone, as the cache recorded it. */
    let passesAlone: boolean | undefined;
    let text: string | null = null;
    if (known?.ownOutput) {
      ownOutputs.add(file);
      continue;
    } else if (known?.bundle !== undefined) {
      leaveOutBundle(file, known.bundle);
      continue;
    } else if (known?.skipped !== undefined) {
      problems.push({ file: toPosixRelative(cwd, file), message: known.skipped, kind: "skipped" });
      continue;
    } else if (!cache && readEarly.has(file) && languageOf(file) === "typescript") {
      const bundler = bundlesReadEarly.get(file);
      if (bundler !== undefined && leavesOutBundle(file)) {
        leaveOutBundle(file, bundler);
        continue;
      }
      // Read already for a file that imports it (see `rulesOf`): the same hints, not read twice.
      hints = hintsOf.get(file)!;
      imports = importsOf.get(file)!;
    } else if (known) {
      hints = known.hints;
      imports = known.imports;
      passesAlone = known.passes;
      hashes.set(file, known.hash);
    } else {
      const previous = cache && file !== stdinPath ? cache.previousRead(file) : null;
      everyReadKnown &&= previous !== null;
      const stamp = cache ? fileStamp(file) : null;
      const read = sourceOf(file);
      if (!read.ok) {
        problems.push({ file: toPosixRelative(cwd, file), message: read.problem, kind: read.skipped ? "skipped" : "unscannable" });
        // A file left out by policy is left out again while its stamp holds: the verdicts that
        // rested on it (without its words) still hold if the last run left it out the same way.
        everyReadKnown &&= read.skipped === true && previous?.skipped === read.problem;
        if (read.skipped && cache && stamp && file !== stdinPath) cache.noteRead(file, { stamp, hash: "", hints: NO_HINTS, imports: NO_IMPORTS, skipped: read.problem });
        continue;
      }
      if (languageOf(file) === "json" && isToolOutputText(read.text)) {
        everyReadKnown &&= previous?.ownOutput === true;
        ownOutputs.add(file);
        if (cache && stamp && file !== stdinPath) cache.noteRead(file, { stamp, hash: contentHash(read.text), hints: NO_HINTS, imports: NO_IMPORTS, ownOutput: true });
        continue;
      }
      const bundler = leavesOutBundle(file) ? bundlerOf(file, read.text) : null;
      if (bundler !== null) {
        everyReadKnown &&= previous?.bundle === bundler;
        leaveOutBundle(file, bundler);
        if (cache && stamp && file !== stdinPath) cache.noteRead(file, { stamp, hash: contentHash(read.text), hints: NO_HINTS, imports: NO_IMPORTS, bundle: bundler });
        continue;
      }
      hints = prefilter().hints(prefilterText(languageOf(file), read.text), prefilterReading(languageOf(file)));
      passesAlone = prefilter().passes(hints);
      imports = importsIn(languageOf(file), read.text, file, hints);
      // (Not of a generated file: a generated SDK's thousands of files are read for declarations only when a file of theirs is resolved.)
      if (languageOf(file) === "go" && !file.endsWith("_test.go") && !isGeneratedGoFile(read.text)) goDeclarations.set(file, goDeclarationsOf(read.text));
      everyReadKnown &&= previous !== null && !previous.ownOutput && previous.bundle === undefined && previous.skipped === undefined && sameHints(previous.hints, hints) && sameStrings(previous.imports, imports);
      if (cache) {
        // Hashed once here: the cache lookup and the record of this read share it.
        const hash = contentHash(read.text);
        hashes.set(file, hash);
        if (stamp && file !== stdinPath) cache.noteRead(file, { stamp, hash, hints, imports, passes: passesAlone });
      }
      text = read.text;
    }
    hintsOf.set(file, hints);
    importsOf.set(file, imports);
    if (options.noPrefilter || (passesAlone ?? prefilter().passes(hints))) passing(file, text);
    else if (imports.length > 0) undecided.push(file);
  }
  // The last run's verdicts hold if nothing they rested on changed: every file read from the cache
  // (unchanged), every directory replayed from the walk's record.
  const lastBeyondWalk = cache?.lastBeyondWalk() ?? null;
  const replayVerdicts = cache !== null && everyReadKnown && memo !== null && !memo.changed && lastBeyondWalk !== null && Object.entries(lastBeyondWalk).every(([path, stamp]) => stamp !== UNSETTLED && settledStamp(path, started) === stamp);
  if (replayVerdicts) Object.assign(beyondWalk, lastBeyondWalk);
  const verdicts = new Map<string, boolean>();
  let replayed = 0;
  for (const file of undecided) {
    const known = replayVerdicts ? cache.knownVerdict(file) : undefined;
    if (known !== undefined) replayed++;
    const passes = known ?? narrowingOf(file).rules !== NO_RULES;
    verdicts.set(file, passes);
    if (!passes) continue;
    // Not read here if hashed already (a cache run) or taken by the pipeline: the text is read
    // when, and if, the file is analysed.
    const read = hashes.has(file) || (pipeline && (othersToPipeline || usesCompiler(languageOf(file)))) ? null : sourceOf(file);
    passing(file, read?.ok ? read.text : null);
  }
  if (cache) {
    cache.noteVerdicts(verdicts, beyondWalk);
    if (undecided.length > 0) options.onDebug?.(`prefilter: ${replayed} of ${undecided.length} files judged with their imports as the last run judged them (resting on ${Object.keys(beyondWalk).length} paths beyond the walk)`);
  }
  for (const file of files) {
    if (!passed.has(file) || sent.has(file) || results.has(file)) continue;
    candidates.push(file);
  }

  // Every file found was a bundle left out by default (a folder of a committed build): nothing was
  // looked at, as when only ignored files are found.
  if (bundlesLeftOut.size > 0 && bundlesLeftOut.size + ownOutputs.size === files.length && !problems.some((problem) => problem.kind !== "skipped")) {
    pipeline?.abandon();
    const given = (options.paths ?? ["."]).map((path) => toPosixRelative(cwd, resolve(cwd, path)) || ".").join(", ");
    throw new ScanUsageError(`no files to scan in ${given}: ${bundlesLeftOut.size === 1 ? "its one file is a generated bundle" : `its ${bundlesLeftOut.size} files are generated bundles`}, left out by default (--no-default-ignores or naming a file scans it); nothing was checked`);
  }
  phase("read and prefilter");
  // Several workers only when asked: measured (npm run bench) on 2 cores they lose to one thread
  // (each re-parses the modules the files share).
  const jobs = stdinPath || pipeline ? 0 : options.jobs ?? 0;
  // Everything but what is still to be analysed is done (cached, left out by the prefilter, unreadable).
  for (const [path, result] of results) if (!sent.has(path)) findingsSoFar += result.findings.length;
  done += files.length - candidates.length - sent.size;
  report();

  // The compiler (ts-morph's TypeScript) is loaded only when something is to be parsed: a run
  // whose files all come from the cache, or fail the prefilter, never loads it. Files are analysed
  // by the pipeline's worker (every language, while the rest is read), by several workers
  // (`--jobs`), by the type-aware project (JS/TS with `--tsconfig`), or here, each with its
  // language's front end, loaded once.
  /** A file this large analysed here leaves garbage worth collecting at once (see `onLargeFileAnalysedHere`). */
  const LARGE_FILE_CHARACTERS = 100_000;
  const analyseHere = async (files: string[], workerBusy = false) => {
    if (files.length === 0) return;
    const { Analyser } = await import("./analyser.js");
    const analyser = new Analyser({ cwd, catalogue, options: analysis, maxFileBytes, worthParsing: (text) => prefilter().textMayMatterToImporters(text), resolveImport, withFixes: options.withFixes ?? false });
    const tasks = files.map((file) => taskOf(file, texts.get(file)));
    await analyser.prepare(tasks);
    // A file no other file to analyse imports is let go once analysed: the module cache keeps
    // what later files will import. (One imported only through other modules is parsed again if
    // it is needed: slower, never different.)
    const imported = new Set(files.flatMap((file) => importedFiles(file)));
    for (const task of tasks) {
      const text = texts.get(task.file);
      release(task.file);
      collect(task.file, analyser.analyse(task, text, imported.has(task.file)));
      if (workerBusy && (text?.length ?? 0) > LARGE_FILE_CHARACTERS) options.onLargeFileAnalysedHere?.();
    }
  };
  if (options.tsconfig) {
    const [{ TypeAwareProject }, { analyzeFile, createEvaluator }] = await Promise.all([import("./type-aware.js"), import("./analyze-file.js")]);
    const project = new TypeAwareProject(isAbsolute(options.tsconfig) ? options.tsconfig : resolve(cwd, options.tsconfig));
    const context = { cwd, catalogue, options: analysis, host: project.host, evaluator: createEvaluator(catalogue, project.host, project.types), types: project.types, gate: narrowingOf };
    const typeScriptCandidates = candidates.filter((file) => languageOf(file) === "typescript");
    const otherCandidates = candidates.filter((file) => languageOf(file) !== "typescript");
    for (const file of typeScriptCandidates) collect(file, analyzeFile(file, context, project.moduleOf(file) ?? undefined));
    await analyseHere(otherCandidates);
  } else if (pipeline) {
    // Files of the other languages, when most are JS/TS, analysed while the worker is still busy.
    await analyseHere(candidates, true);
    const { unanalysed, failure } = await pipeline.finish();
    options.onDebug?.(`analysed ${sent.size - unanalysed.length} files in a worker while files were read, ${candidates.length + unanalysed.length} in the main thread`);
    if (unanalysed.length > 0) {
      if (failure !== null) options.onNotice?.(`the analysis worker stopped (${failure}): ${unanalysed.length} ${unanalysed.length === 1 ? "file" : "files"} analysed in the main thread instead`);
      await analyseHere(unanalysed);
    }
  } else if (jobs > 1 && workersAvailable() && candidates.length > 0) {
    options.onWorkersStart?.();
    await runInWorkers(setup, candidates, jobs, collect, (file) => taskOf(file, texts.get(file)));
  } else {
    await analyseHere(candidates);
  }
  // Code nested deeper than the parser's recursion fits in this thread's stack (about 1,000
  // parentheses): analysed again in one thread with a stack large enough for the deepest code
  // the parser accepts, instead of losing the file.
  const outOfStack = [...sent, ...candidates].filter((file) => results.get(file)?.outOfStack);
  if (outOfStack.length > 0 && !options.tsconfig && !stdinPath && workersAvailable()) {
    await runInWorkers(setup, outOfStack, 1, (path, result) => {
      results.set(path, result);
      if (cache && result.hash && !result.problem) cache.store(path, result.hash, result);
    }, (file) => taskOf(file), { stackSizeMb: LARGE_STACK_MB });
  }
  cache?.save();
  phase("analysis");

  let findings: ScanFinding[] = [];
  let suppressed = 0;
  const unused: UnusedDirective[] = [];
  for (const file of files) {
    const result = results.get(file);
    if (!result) continue;
    if (result.problem) problems.push(result.problem);
    suppressed += result.suppressed;
    // No spreading into push: one file can hold more findings than a call takes arguments.
    for (const directive of result.unused) unused.push(directive);
    for (const finding of result.findings) if (filters(finding)) findings.push(finding);
  }
  findings.sort(compareFindings);
  if (!options.withFixes) findings = findings.map(withoutEdits);

  phase("suppressions and selection");
  let baselined = 0;
  if (options.updateBaseline && options.baseline) {
    writeBaseline(resolve(cwd, options.baseline), findings, options.baseline);
  } else if (options.baseline) {
    const known = readBaseline(resolve(cwd, options.baseline), options.baseline);
    const before = findings.length;
    findings = findings.filter((finding) => !known.has(finding.fingerprint));
    baselined = before - findings.length;
  }

  phase("baseline");
  return {
    version: 1,
    asOf,
    findings,
    summary: summarize(findings, {
      files: files.length - ownOutputs.size - bundlesLeftOut.size,
      parsed: passed.size,
      suppressed,
      baselined,
      problems: problems.sort(compareProblems),
      unusedDisableDirectives: unused,
      shard: options.shard ? `${options.shard.index + 1}/${options.shard.count}` : null,
      durationMs: Date.now() - started,
    }),
  };
}

export { loadCatalogue } from "../catalogue/load.js";

/** Whether two lists hold the same strings in the same order. */
const sameStrings = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((item, index) => item === b[index]);
/** Whether two hints are the same (words in another order are taken as a change). */
const sameHints = (a: Hints, b: Hints): boolean => a.signals === b.signals && sameStrings(a.words, b.words);

/**
 * A path's stamp for the cache (see `fileStamp`; null: absent), or one that never matches when it
 * was modified in the few seconds before the run began (a change in the same tick of a coarse
 * clock would leave its time unchanged, as in DiscoveryMemo).
 */
function settledStamp(path: string, runStarted: number): string | null {
  const stamp = fileStamp(path);
  if (stamp === null) return null;
  const modifiedNs = BigInt(stamp.slice(0, stamp.indexOf(":")));
  return modifiedNs > BigInt(runStarted - SETTLED_MS) * 1_000_000n ? UNSETTLED : stamp;
}
/** The stamp of a path modified just before a run: never a match (see `settledStamp`). */
const UNSETTLED = "unsettled";

/** `only`/`skip` name rules, entry ids or item numbers. */
function selection(catalogue: CatalogueIndex, only: ScanOptions["only"], skip: ScanOptions["skip"]) {
  const check = (names: (string | number)[] | undefined) => {
    for (const name of names ?? []) {
      const text = String(name);
      if (!(RULE_NAMES as string[]).includes(text) && !catalogue.lookup(text)) {
        throw new ScanUsageError(`"${text}" is not a rule, an entry id or an item number of the schedule (see \`sunset-lint schedule\`)`);
      }
    }
    return new Set((names ?? []).map(String));
  };
  const wanted = check(only);
  const unwanted = check(skip);
  const names = (finding: ScanFinding) => [finding.ruleId, finding.entryId ?? "", finding.item === null ? "" : String(finding.item)];
  return (finding: ScanFinding) =>
    (wanted.size === 0 || names(finding).some((name) => wanted.has(name))) && !names(finding).some((name) => unwanted.has(name));
}
