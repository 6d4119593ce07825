/**
 * `sunset-lint scan` (and the scan behind `report`): config and flags into scan options, `--fix`
 * and `--fix-dry-run`, then the output and the exit code.
 */
import { resolve } from "node:path";
import { today } from "../core/analyze.js";
import { parseByteSize } from "../config/byte-size.js";
import { loadConfig, type LoadedConfig } from "../config/load.js";
import type { ScanResult } from "../scanner/result.js";
import { scan, type ScanOptions } from "../scanner/scan.js";
import { applyFixes } from "../scanner/fix.js";
import { parseShard } from "../scanner/shard.js";
import { emit, exitCodeOf, meta, out, UsageError, type FailOn } from "./output.js";
import { ProgressReporter } from "./progress.js";

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
  progress: boolean;
  color: boolean;
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
  };
  const progress = new ProgressReporter(flags.progress && process.stderr.isTTY === true && !process.env.CI);
  options.onProgress = (state) => progress.update(state);
  options.onNotice = (message) => process.stderr.write(`sunset-lint: ${message}\n`);

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
    const fixed = applyFixes(cwd, fixable.findings, { dryRun });
    for (const problem of fixed.problems) process.stderr.write(`sunset-lint: ${problem}\n`);
    const counted = `${fixed.edits} finding${fixed.edits === 1 ? "" : "s"} in ${fixed.files} file${fixed.files === 1 ? "" : "s"}`;
    if (dryRun) {
      out(fixed.diff);
      process.stderr.write(`sunset-lint: ${fixed.files > 0 ? `--fix would fix ${counted}` : "nothing to fix"}; no file was changed\n`);
      if (flags.output) emit(fixable, flags.format, flags.output, meta(cwd, false, options.schedule ?? null));
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
  emit(result, flags.format, flags.output, meta(cwd, flags.color && !flags.output && process.stdout.isTTY === true, options.schedule ?? null));
  return exitCodeOf(result, flags.failOn ?? config.failOn ?? "in-effect", flags.reportUnusedDisable ?? false, flags.allowUnscannable ?? false);
}
