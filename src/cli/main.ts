/**
 * The command line. It parses arguments, calls the scanner and the formatters, writes the
 * output and picks the exit code: 0 nothing at or above --fail-on, 1 findings at or above it,
 * 2 usage, config or internal error. It is the only module that prints.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { isoDay, parseIsoDay, status } from "../catalogue/status.js";
import { today } from "../core/clock.js";
import { parseByteSize } from "../config/byte-size.js";
import { useColor } from "./color.js";
import { EXIT_CLEAN, EXIT_ERROR, out, UsageError, VERSION, type FailOn } from "./errors.js";
import type { ScanFlags } from "./scan-command.js";

// What a command needs is loaded by the command: the analysis (TypeScript's compiler via ts-morph),
// the formatters, the config and result files' readers. `--help` loads none of them (each module
// loaded is about a millisecond or more of a start that is otherwise Node's own), `--version`
// not even this module (see bin.ts).
const output = () => import("./output.js");
const merging = () => import("../scanner/merge.js");

const PACKAGE_ROOT = fileURLToPath(new URL("../../", import.meta.url));

const collect = (value: string, previous: string[] = []) => [...previous, ...value.split(",").map((v) => v.trim()).filter(Boolean)];

function isoDate(value: string): string {
  try {
    parseIsoDay(value);
  } catch {
    throw new InvalidArgumentError(`expected a date written YYYY-MM-DD, such as ${isoDay(new Date(0))}`);
  }
  return value;
}

function byteSize(value: string): number {
  const bytes = parseByteSize(/^\d+$/.test(value) ? Number(value) : value);
  if (bytes === null) throw new InvalidArgumentError('expected a size such as 2097152, "512KiB" or "4MB"');
  return bytes;
}

function nonNegativeInteger(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError("expected a whole number, 0 or more");
  return Number(value);
}

function positiveInteger(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError("expected a whole number");
  return Number(value);
}

const formatOption = () =>
  new Option("-f, --format <name>", "output format (default: stylish, or what --output's extension names: .json, .sarif, .md, .html)").choices(["stylish", "json", "sarif", "github", "markdown", "html"]);

/** The format an `--output` file's extension names (`results.sarif`), for a run that gives none. */
const FORMAT_OF_EXTENSION: Readonly<Record<string, string>> = { json: "json", sarif: "sarif", md: "markdown", markdown: "markdown", html: "html", htm: "html" };
function formatFor(given: string | undefined, output: string | undefined, fallback: string, allowed?: readonly string[]): string {
  const named = FORMAT_OF_EXTENSION[/\.([a-z]+)$/i.exec(output ?? "")?.[1]?.toLowerCase() ?? ""];
  return given ?? (named && (!allowed || allowed.includes(named)) ? named : fallback);
}
const failOnOption = () => new Option("--fail-on <status>", "exit 1 when a finding has this status or a more urgent one").choices(["in-effect", "upcoming", "none"]);

/** The help's width: commander's own for output that is not a terminal. */
const HELP_WIDTH = 80;

/** The help text of the program ("") and of each command, as `--help` prints them. */
export function helpTexts(): Record<string, string> {
  const cli = program();
  return Object.fromEntries([["", cli.helpInformation()], ...cli.commands.map((command) => [command.name(), command.helpInformation()])]);
}

function program(): Command {
  const cli = new Command("sunset-lint")
    .description("Finds code that still uses deprecated parts of the zone and account management API (v4), and Logpush filters the API would reject.")
    .version(VERSION, "-v, --version")
    .showHelpAfterError("(run with --help for usage)")
    // One width on every terminal: the texts are also written at build time (see help-cache.ts).
    .configureHelp({ helpWidth: HELP_WIDTH })
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text), writeOut: (text) => process.stdout.write(text) });

  cli
    .command("scan")
    .description("scan files and directories for deprecated API use (exit 1 when something in effect is found)")
    .argument("[paths...]", "files and directories to scan (default: the config's paths, or .)")
    .addOption(formatOption())
    .option("-o, --output <file>", "write the output to a file instead of standard output")
    .option("--as-of <date>", "judge the schedule as of this date instead of today", isoDate)
    .addOption(failOnOption())
    .option("--only <names>", "only these rules, entry ids or item numbers (repeatable, comma-separated)", collect)
    .option("--skip <names>", "leave out these rules, entry ids or item numbers (repeatable, comma-separated)", collect)
    .option("--schedule <file>", "use this schedule (same format as rules/schedule.md) instead of the bundled one")
    .addOption(new Option("--min-confidence <level>", "lowest confidence to report").choices(["high", "medium", "low"]))
    .option("--api-host <host>", "another host that serves this API, such as an internal proxy (repeatable)", collect)
    .option("--ignore <glob>", "leave out files matching this glob (repeatable)", collect)
    .option("--no-default-ignores", "also scan node_modules-free build output: dist, build, coverage, .next, .nuxt, .output, .svelte-kit, .wrangler, *.min.js, generated bundles")
    .option("--languages <list>", "the languages to scan, comma-separated: typescript (JS/TS), python, go, shell, php, ruby, rust, powershell, java, csharp, terraform, yaml, json, vue, svelte, markdown (default: all but markdown)", collect)
    .option("--tsconfig <file>", "type-aware analysis with this tsconfig (slower, finds more)")
    .option("-c, --config <file>", "use this config file instead of sunset-lint.config.json")
    .option("--no-config", "ignore sunset-lint.config.json and package.json")
    .option("--baseline <file>", "hide the findings recorded in this baseline file")
    .option("--update-baseline", "write the current findings to the --baseline file")
    .option("--shard <i/n>", "scan only the i-th of n deterministic parts of the files (for CI matrices)")
    .option("--cache", "reuse results for unchanged files (.sunset-lint-cache/)")
    .option("--cache-location <file>", "where to keep the cache (implies --cache)")
    .option("--report-unused-disable", "report suppression comments that suppress nothing (and exit 1)")
    .option("--allow-unscannable", "do not fail (exit 1) because files could not be analysed (syntax errors, unreadable files); they are still reported")
    .option("--fix", "apply the certain fixes (the script_monitor segment) to the files, then report what is left")
    .option("--fix-dry-run", "print the fixes as a unified diff (for git apply) and change nothing; the report goes only to --output")
    .option("--max-file-size <size>", 'skip (and name) source files larger than this: bytes, or "512KiB", "4MB" (default: 2MiB)', byteSize)
    .option("--jobs <n>", "analysis threads: 0 analyses in the main thread; 1 (the default for 200 files or more) in one worker while files are still being read; N > 1 in N workers once all files are read", positiveInteger)
    .option("--quiet", "report errors only (findings still upcoming are warnings)")
    .option("--max-warnings <n>", "exit 1 when there are more than this many warnings", nonNegativeInteger)
    .option("--stdin", "scan code given on standard input (editors, pre-commit on staged content)")
    .option("--stdin-filename <path>", "the file the --stdin code is (its extension picks the parser; imports resolve from it)")
    .option("--print-config <file>", "print the settings a scan would apply to this file, and whether it would be scanned, then exit")
    .option("--debug", "print what was configured and how long each phase took, on standard error")
    .option("--no-progress", "never show a progress bar")
    .option("--color", "colour the output even when it is not a terminal (also FORCE_COLOR=1)")
    .option("--no-color", "plain text output (also NO_COLOR=1)")
    .action(async (paths: string[], given: Omit<ScanFlags, "format"> & { format?: string }) => {
      const { runScan } = await import("./scan-command.js");
      process.exitCode = await runScan(paths, { ...given, format: formatFor(given.format, given.output, "stylish") });
    });

  cli
    .command("merge")
    .description("join the JSON results of several shards into one output")
    .argument("<files...>", "JSON results written by `scan --format json`")
    .addOption(formatOption())
    .option("-o, --output <file>", "write the output to a file instead of standard output")
    .addOption(failOnOption().default("in-effect"))
    .option("--color", "colour the output even when it is not a terminal (also FORCE_COLOR=1)")
    .option("--no-color", "plain text output (also NO_COLOR=1)")
    .option("--allow-unscannable", "do not fail (exit 1) because a shard could not analyse files; they are still reported")
    .action(async (files: string[], given: { format?: string; output?: string; failOn: FailOn; color?: boolean; allowUnscannable?: boolean }) => {
      const flags = { ...given, format: formatFor(given.format, given.output, "stylish") };
      const [{ emit, exitCodeOf, meta }, { mergeResults, readResultFile }] = await Promise.all([output(), merging()]);
      const results = files.map((file) => readResultFile(resolve(file), file));
      const merged = mergeResults(results);
      await emit(merged, flags.format, flags.output, meta(process.cwd(), useColor(flags.color, !flags.output && process.stdout.isTTY === true), null));
      process.exitCode = exitCodeOf(merged, flags.failOn, false, flags.allowUnscannable ?? false);
    });

  cli
    .command("report")
    .description("write the migration report: scan (or read earlier JSON results) and render Markdown or HTML")
    .argument("[paths...]", "files and directories to scan (default: the config's paths, or .)")
    .addOption(new Option("-f, --format <name>", "report format (default: markdown when --output ends in .md, else html)").choices(["html", "markdown"]))
    .option("-o, --output <file>", "write the report to a file instead of standard output")
    .option("--from <files...>", "build the report from JSON results (a scan or merged shards) instead of scanning")
    .option("--as-of <date>", "judge the schedule as of this date instead of today", isoDate)
    .option("--schedule <file>", "use this schedule instead of the bundled one")
    .option("-c, --config <file>", "use this config file instead of sunset-lint.config.json")
    .option("--no-config", "ignore sunset-lint.config.json and package.json")
    .option("--ignore <glob>", "leave out files matching this glob (repeatable)", collect)
    .action(async (paths: string[], given: { format?: string; output?: string; from?: string[]; asOf?: string; schedule?: string; config?: string | false; ignore?: string[] }) => {
      // `-o plan.md` asks for Markdown; a format given says so itself.
      const flags = { ...given, format: formatFor(given.format, given.output, "html", ["html", "markdown"]) };
      if (flags.from) {
        if (paths.length > 0) throw new UsageError("give either paths to scan or --from results, not both");
        const [{ emit, meta }, { mergeResults, readResultFile }] = await Promise.all([output(), merging()]);
        const merged = mergeResults(flags.from.map((file) => readResultFile(resolve(file), file)));
        await emit(merged, flags.format, flags.output, meta(process.cwd(), false, flags.schedule ?? null));
        return;
      }
      const { runScan } = await import("./scan-command.js");
      await runScan(paths, {
        format: flags.format,
        ...(flags.output ? { output: flags.output } : {}),
        ...(flags.asOf ? { asOf: flags.asOf } : {}),
        ...(flags.schedule ? { schedule: flags.schedule } : {}),
        ...(flags.config !== undefined ? { config: flags.config } : {}),
        ...(flags.ignore ? { ignore: flags.ignore } : {}),
        failOn: "none",
        defaultIgnores: true,
        progress: true,
        color: false,
      });
      process.exitCode = EXIT_CLEAN;
    });

  cli
    .command("schedule")
    .description("print the deprecation schedule with each entry's status")
    .option("--as-of <date>", "judge the schedule as of this date instead of today", isoDate)
    .option("--schedule <file>", "a schedule file instead of the bundled one")
    .addOption(new Option("-f, --format <name>", "output format").choices(["table", "json"]).default("table"))
    .action(async (flags: { asOf?: string; schedule?: string; format: string }) => {
      const { loadCatalogue } = await import("../catalogue/load.js");
      const catalogue = loadCatalogue(flags.schedule, process.cwd());
      const asOf = flags.asOf ?? today();
      if (flags.format === "json") {
        out(`${JSON.stringify(catalogue.entries.map((entry) => ({ ...entry, status: status(entry, asOf).state })), null, 2)}\n`);
        return;
      }
      for (const entry of catalogue.entries) {
        const state = status(entry, asOf);
        out(`${String(entry.item).padStart(2)}  ${entry.date}  ${state.state.padEnd(9)}  ${entry.id.padEnd(36)} ${entry.rule}\n`);
      }
    });

  cli
    .command("demo")
    .description("scan the bundled sample app and print what sunset-lint finds (what `npm start` runs)")
    .action(async () => {
      const app = resolve(PACKAGE_ROOT, "fixtures/sample-app");
      process.stdout.write(`Scanning the bundled sample app (fixtures/sample-app) as of ${today()}…\n`);
      const [{ scan }, { exitCodeOf, meta }, { FORMATTERS }, { writeFileAtomic }] = await Promise.all([import("../scanner/scan.js"), output(), import("../report/index.js"), import("../files/write-atomic.js")]);
      const result = await scan({ cwd: app, asOf: today() });
      const reportMeta = meta(app, useColor(undefined, process.stdout.isTTY === true), null);
      out(FORMATTERS.stylish!(result, reportMeta));
      const directory = resolve(process.cwd(), "sunset-report");
      const html = resolve(directory, "sample-app.html");
      const markdown = resolve(directory, "sample-app.md");
      writeFileAtomic(html, FORMATTERS.html!(result, { ...reportMeta, color: false }));
      writeFileAtomic(markdown, FORMATTERS.markdown!(result, { ...reportMeta, color: false }));
      out(`\nMigration report of the sample app:\n  ${html}\n  ${markdown}\n`);
      out(`\nThis is a demonstration: \`sunset-lint scan\` exits ${exitCodeOf(result, "in-effect", false)} on this app; the demo exits 0.\nTry it on your code: npx sunset-lint scan src --format sarif --output sunset.sarif\n`);
      process.exitCode = EXIT_CLEAN;
    });

  return cli;
}

/** A bug of ours: one line by default; the stack with SUNSET_LINT_DEBUG=1, for a bug report. */
function internalError(error: unknown): string {
  if (process.env.SUNSET_LINT_DEBUG) return `internal error: ${(error as Error)?.stack ?? String(error)}`;
  const message = error instanceof Error ? error.message : String(error);
  return `internal error: ${message.split("\n")[0]} (a bug in sunset-lint: please report it with the output of SUNSET_LINT_DEBUG=1)`;
}

/** `--version --json`: what a bug report needs, without loading the analysis. */
function versionInfo(): string {
  const catalogue = JSON.parse(readFileSync(new URL("../../rules/catalogue.json", import.meta.url), "utf8")) as { entries: unknown[]; hash?: string };
  return `${JSON.stringify({ name: "sunset-lint", version: VERSION, node: process.versions.node, platform: `${process.platform}-${process.arch}`, scheduleEntries: catalogue.entries.length }, null, 2)}\n`;
}

export async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes("--json") && argv.some((arg) => arg === "--version" || arg === "-v") && argv.every((arg) => arg.startsWith("-"))) {
    out(versionInfo());
    return EXIT_CLEAN;
  }
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
  try {
    await program().parseAsync([...argv], { from: "user" });
    return typeof process.exitCode === "number" ? process.exitCode : EXIT_CLEAN;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end here too, with code 0
      return error.exitCode === 0 ? EXIT_CLEAN : EXIT_ERROR;
    }
    process.stderr.write(`sunset-lint: ${(await isUsersMistake(error)) ? (error as Error).message : internalError(error)}\n`);
    return EXIT_ERROR;
  }
}

/**
 * Whether an error is one the user can act on (a usage, config, schedule, baseline, results or
 * write problem): its message is the whole story. The modules that define them are loaded only
 * here, on the way out: one that threw such an error is loaded already.
 */
async function isUsersMistake(error: unknown): Promise<boolean> {
  if (error instanceof UsageError || error instanceof RangeError) return true;
  const loaded = await Promise.all([
    import("../config/load.js"),
    import("../catalogue/schedule-table.js"),
    import("../scanner/errors.js"),
    import("../scanner/baseline.js"),
    merging(),
    import("../files/write-atomic.js"),
  ]).catch(() => null);
  if (!loaded) return false;
  const [{ ConfigError }, { ScheduleError }, { ScanUsageError }, { BaselineError }, { MergeError }, { WriteError }] = loaded;
  return error instanceof ConfigError || error instanceof ScheduleError || error instanceof ScanUsageError || error instanceof BaselineError || error instanceof MergeError || error instanceof WriteError;
}
