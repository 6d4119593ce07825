/**
 * `sunset-lint scan` (and the scan behind `report`): config and flags into scan options, `--fix`
 * and `--fix-dry-run`, then the output and the exit code.
 */
import { readSync } from "node:fs";
import { resolve } from "node:path";
import { DEFAULT_LOGPUSH_LIMITS, today } from "../core/options.js";
import { DEFAULT_MAX_FILE_BYTES, formatBytes } from "../files/read-source.js";
import { ignoredBecause, toPosixRelative } from "../scanner/discover.js";
import { DEFAULT_LANGUAGES, LANGUAGE_IDS, parseLanguageList, type LanguageId } from "../languages/index.js";
import { summarize } from "../scanner/result.js";
import { useColor } from "./color.js";
import { parseByteSize } from "../config/byte-size.js";
import { loadConfig, type LoadedConfig } from "../config/load.js";
import type { ScanResult } from "../scanner/result.js";
import { scan, type ScanOptions } from "../scanner/scan.js";
import { parseShard } from "../scanner/shard.js";
import { emit, EXIT_CLEAN, EXIT_FINDINGS, exitCodeOf, meta, out, UsageError, type FailOn } from "./output.js";
import { ProgressReporter } from "./progress.js";
import { collectGarbage, tuneV8ForBusyCores } from "./v8-tuning.js";

export interface ScanFlags {
  format: string;
  output?: string;
  asOf?: string;
  failOn?: FailOn;
  only?: string[];
  skip?: string[];
  schedule?: string;
  minConfidence?: "high" | "medium" | "low";
  apiHost?: string[];
  ignore?: string[];
  defaultIgnores: boolean;
  tsconfig?: string;
  config?: string | false;
  baseline?: string;
  updateBaseline?: boolean;
  shard?: string;
  cache?: boolean;
  cacheLocation?: string;
  reportUnusedDisable?: boolean;
  allowUnscannable?: boolean;
  fix?: boolean;
  fixDryRun?: boolean;
  jobs?: number;
  maxFileSize?: number;
  languages?: string[];
  progress: boolean;
  /** Undefined: decided by FORCE_COLOR, NO_COLOR and whether the output is a terminal. */
  color?: boolean;
  quiet?: boolean;
  maxWarnings?: number;
  stdin?: boolean;
  stdinFilename?: string;
  printConfig?: string;
  debug?: boolean;
}

export async function runScan(paths: string[], flags: ScanFlags, cwd: string = process.cwd()): Promise<number> {
  const loaded: LoadedConfig = flags.config === false ? { config: {}, file: null, directory: cwd } : loadConfig(cwd, flags.config);
  const config = loaded.config;
  const fromConfig = (path: string | undefined) => (path ? resolve(loaded.directory, path) : undefined);
  if (flags.updateBaseline && !(flags.baseline ?? config.baseline)) throw new UsageError("--update-baseline needs --baseline <file> (or \"baseline\" in the config)");

  const options: ScanOptions = {
    cwd,
    paths: paths.length > 0 ? paths : (config.paths ?? ["."]).map((path) => resolve(loaded.directory, path)),
    ignore: [...(config.ignorePatterns ?? []), ...(flags.ignore ?? [])],
    noDefaultIgnores: !flags.defaultIgnores,
    asOf: flags.asOf ?? config.asOf ?? today(),
    minConfidence: flags.minConfidence ?? config.minConfidence ?? "medium",
    apiHosts: [...(config.apiHosts ?? []), ...(flags.apiHost ?? [])],
    only: flags.only ?? config.only ?? [],
    skip: [...(config.skip ?? []), ...(flags.skip ?? [])],
    ...((flags.schedule ?? config.schedule) ? { schedule: flags.schedule ? resolve(cwd, flags.schedule) : fromConfig(config.schedule)! } : {}),
    ...(config.logpush ? { logpush: config.logpush } : {}),
    ...((flags.tsconfig ?? config.tsconfig) ? { tsconfig: flags.tsconfig ? resolve(cwd, flags.tsconfig) : fromConfig(config.tsconfig)! } : {}),
    ...((flags.baseline ?? config.baseline) ? { baseline: flags.baseline ? resolve(cwd, flags.baseline) : fromConfig(config.baseline)! } : {}),
    updateBaseline: flags.updateBaseline ?? false,
    ...(flags.shard ? { shard: parseShard(flags.shard) } : {}),
    ...(flags.cache || flags.cacheLocation ? { cache: flags.cacheLocation ? resolve(cwd, flags.cacheLocation) : true } : {}),
    ...(flags.jobs !== undefined ? { jobs: flags.jobs } : {}),
    ...((flags.maxFileSize ?? config.maxFileSize) !== undefined ? { maxFileSize: flags.maxFileSize ?? parseByteSize(config.maxFileSize!)! } : {}),
    ...((flags.languages ?? config.languages) ? { languages: languagesOf(flags.languages ?? config.languages!) } : {}),
  };
  if (flags.printConfig) {
    out(`${JSON.stringify(effectiveConfig(flags.printConfig, options, loaded, cwd), null, 2)}\n`);
    return EXIT_CLEAN;
  }
  if (flags.stdin) {
    if (paths.length > 0) throw new UsageError("give --stdin or paths to scan, not both");
    if (flags.fix || flags.fixDryRun) throw new UsageError("--fix and --fix-dry-run work on files, not on --stdin");
    if (options.tsconfig) throw new UsageError("--tsconfig works on files, not on --stdin");
    options.stdin = { text: readStdin(options.maxFileSize ?? DEFAULT_MAX_FILE_BYTES), filename: flags.stdinFilename ?? "stdin.ts" };
  } else if (flags.stdinFilename) throw new UsageError("--stdin-filename names the code given with --stdin");
  const debug = (message: string) => flags.debug && process.stderr.write(`sunset-lint: debug: ${message}\n`);
  debug(`start-up: ${Math.round(performance.now())} ms since the process started`);
  debug(`config: ${loaded.file ?? "none"}; as of ${options.asOf}; min confidence ${options.minConfidence}`);
  options.onPhase = (phase, milliseconds) => debug(`${phase}: ${milliseconds} ms`);
  options.onDebug = debug;
  const progress = new ProgressReporter(flags.progress && !flags.debug && process.stderr.isTTY === true && !process.env.CI);
  options.onProgress = (state) => progress.update(state);
  options.onNotice = (message) => process.stderr.write(`sunset-lint: ${message}\n`);
  options.onWorkersStart = () => {
    if (tuneV8ForBusyCores()) debug("analysis workers start: V8 compiles less eagerly while every core is busy (SUNSET_LINT_NO_V8_TUNING=1 leaves it as it is)");
  };
  options.onLargeFileAnalysedHere = () => {
    const before = process.memoryUsage().heapUsed;
    if (collectGarbage()) debug(`a large file analysed in the main thread: its garbage collected at once (heap ${Math.round(before / 1048576)} -> ${Math.round(process.memoryUsage().heapUsed / 1048576)} MiB)`);
  };

  if (flags.fix && flags.fixDryRun) throw new UsageError("give --fix or --fix-dry-run, not both");
  if (flags.fixDryRun && options.updateBaseline) throw new UsageError("--fix-dry-run changes nothing: it cannot be combined with --update-baseline");
  if (flags.fix || flags.fixDryRun) {
    const dryRun = flags.fixDryRun ?? false;
    let fixable: ScanResult;
    try {
      fixable = await scan({ ...options, withFixes: true, updateBaseline: false });
    } finally {
      progress.stop();
    }
    // Loaded only for --fix (it brings the diff library).
    const { applyFixes } = await import("../scanner/fix.js");
    const fixed = applyFixes(cwd, fixable.findings, { dryRun });
    for (const problem of fixed.problems) process.stderr.write(`sunset-lint: ${problem}\n`);
    const counted = `${fixed.edits} finding${fixed.edits === 1 ? "" : "s"} in ${fixed.files} file${fixed.files === 1 ? "" : "s"}`;
    if (dryRun) {
      out(fixed.diff);
      process.stderr.write(`sunset-lint: ${fixed.files > 0 ? `--fix would fix ${counted}` : "nothing to fix"}; no file was changed\n`);
      if (flags.output) await emit(fixable, flags.format, flags.output, meta(cwd, false, options.schedule ?? null));
      return exitCodeOf(fixable, flags.failOn ?? config.failOn ?? "in-effect", flags.reportUnusedDisable ?? false, flags.allowUnscannable ?? false);
    }
    if (fixed.files > 0) process.stderr.write(`sunset-lint: fixed ${counted}\n`);
  }
  let result: ScanResult;
  try {
    result = await scan(options);
  } finally {
    progress.stop();
  }
  if (options.updateBaseline) process.stderr.write(`sunset-lint: wrote ${result.findings.length} findings to the baseline ${flags.baseline ?? config.baseline}\n`);
  const warnings = result.findings.filter((finding) => finding.severity !== "error").length;
  const started = Date.now();
  await emit(flags.quiet ? withoutWarnings(result) : result, flags.format, flags.output, meta(cwd, useColor(flags.color, !flags.output && process.stdout.isTTY === true), options.schedule ?? null));
  debug(`output (${flags.format}): ${Date.now() - started} ms`);
  const code = exitCodeOf(result, flags.failOn ?? config.failOn ?? "in-effect", flags.reportUnusedDisable ?? false, flags.allowUnscannable ?? false);
  if (code === EXIT_CLEAN && flags.maxWarnings !== undefined && warnings > flags.maxWarnings) {
    process.stderr.write(`sunset-lint: ${warnings} warning${warnings === 1 ? "" : "s"}, more than --max-warnings ${flags.maxWarnings}\n`);
    return EXIT_FINDINGS;
  }
  return code;
}

/** `--quiet`: errors only, as ESLint's; the summary counts what is shown. */
function withoutWarnings(result: ScanResult): ScanResult {
  const findings = result.findings.filter((finding) => finding.severity === "error");
  const { findings: _count, filesWithFindings: _files, byStatus: _status, byRule: _rule, byItem: _item, ...rest } = result.summary;
  return { ...result, findings, summary: summarize(findings, rest) };
}

/** Code given on standard input, bounded like any source file. */
function readStdin(maxBytes: number): string {
  const chunks: Buffer[] = [];
  let length = 0;
  const buffer = Buffer.alloc(64 * 1024);
  for (;;) {
    let read: number;
    try {
      read = readSync(0, buffer, 0, buffer.length, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EAGAIN") continue;
      if (code === "EOF") break;
      throw new UsageError(`--stdin: cannot read standard input (${code ?? String(error)})`);
    }
    if (read === 0) break;
    length += read;
    if (length > maxBytes) throw new UsageError(`--stdin: the code is over the ${formatBytes(maxBytes)} limit for source files (--max-file-size)`);
    chunks.push(Buffer.from(buffer.subarray(0, read)));
  }
  const text = Buffer.concat(chunks).toString("utf8");
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** `--languages python,go` or the config's list, checked. */
function languagesOf(names: readonly string[]): LanguageId[] {
  const { languages, unknown } = parseLanguageList(names);
  if (unknown.length > 0) {
    throw new UsageError(`--languages: ${unknown.map((name) => JSON.stringify(name)).join(", ")} is not a language sunset-lint reads (one of ${LANGUAGE_IDS.join(", ")})`);
  }
  if (languages.length === 0) throw new UsageError("--languages: name at least one language");
  return languages;
}

const scannedOrWhyNot = (reason: string | null) => (reason === null ? { scanned: true } : { scanned: false, notScannedBecause: reason });

/** `--print-config FILE`: what a scan would apply to that file, and whether it would be scanned at all. */
function effectiveConfig(file: string, options: ScanOptions, loaded: LoadedConfig, cwd: string) {
  const path = resolve(cwd, file);
  return {
    file: toPosixRelative(cwd, path),
    configFile: loaded.file ? toPosixRelative(cwd, loaded.file) : null,
    ...scannedOrWhyNot(ignoredBecause(path, { cwd, paths: options.paths ?? ["."], ignore: options.ignore ?? [], noDefaultIgnores: options.noDefaultIgnores ?? false, languages: options.languages ?? [...DEFAULT_LANGUAGES] })),
    languages: options.languages ?? [...DEFAULT_LANGUAGES],
    asOf: options.asOf,
    minConfidence: options.minConfidence,
    apiHosts: options.apiHosts,
    only: options.only,
    skip: options.skip,
    schedule: options.schedule ?? "bundled",
    tsconfig: options.tsconfig ?? null,
    baseline: options.baseline ?? null,
    maxFileSize: options.maxFileSize ?? DEFAULT_MAX_FILE_BYTES,
    ignorePatterns: options.ignore,
    logpush: { ...DEFAULT_LOGPUSH_LIMITS, ...options.logpush },
  };
}
