/**
 * `npm run bench -- --corpus DIR [--runs N] [--multiply N] [--tsconfig PATH] [--per-language]`: the performance
 * table on any folder of real code, whole processes timed from outside, as a user runs them.
 *
 * Cases: the floor (Node reads every file and tests one regular expression), a cold scan (with
 * and without the compiler in V8's code cache: a fresh CI machine has none), a scan
 * with a warm cache, the same after one file was edited, `--tsconfig` on one package (when given),
 * ESLint with the parser alone, with one built-in rule and with the plugin's recommended config
 * (run in turn, with the ratios taken run by run) and the plugin's rules' own time as ESLint's
 * `--stats` counts it within one run (no pairing of runs, so no noise from a shared machine), with the project's
 * files read ahead on another thread (the default) and without (`SUNSET_LINT_READ_AHEAD=off`), the plugin's rules per
 * keystroke in the editor on the largest files of about 100 KB it analyses (bench/editor-corpus.mjs), `--version` and `--help`
 * beside Node's own start (`node -e 0`), and the
 * corpus copied N times (`--multiply`), and with `--per-language` a cold scan of each language
 * present on its own (`--languages X`: what each front end costs). Each case runs `--runs` times (default 3) and the median
 * is reported: wall seconds, user+system seconds, peak RSS. The table is printed and written as
 * JSON under bench/results/.
 *
 * The "one file edited" case appends a comment to one scanned file and restores its bytes
 * afterwards: run it on a scratch copy of the corpus, never on a working tree.
 */
import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { basename, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BIN = join(ROOT, "dist/cli/bin.js");
const USAGE = fileURLToPath(new URL("./report-usage.mjs", import.meta.url));
const ESLINT = join(ROOT, "node_modules/eslint/bin/eslint.js");
const EDITOR = fileURLToPath(new URL("./editor-corpus.mjs", import.meta.url));

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : process.argv[index + 1];
}

const corpus = resolve(option("corpus"));
const runs = Number(option("runs", "3"));
const multiply = Number(option("multiply", "1"));
const tsconfig = option("tsconfig", null);
const perLanguage = process.argv.includes("--per-language");
if (!existsSync(corpus) || !statSync(corpus).isDirectory()) {
  console.error(`bench: --corpus ${corpus}: not a directory`);
  process.exit(2);
}

const scratch = mkdtempSync(join(tmpdir(), "sunset-lint-bench-"));
const usageFile = join(scratch, "usage.jsonl");

/** Runs a Node.js command `runs` times; median wall, cpu and peak RSS (measured inside the process, workers included). */
function measure(name, args, { cwd = corpus, before = () => {}, times = runs, env = {} } = {}) {
  const samples = [];
  for (let run = 0; run < times; run++) {
    before();
    rmSync(usageFile, { force: true });
    const started = process.hrtime.bigint();
    const child = spawnSync(process.execPath, ["--import", USAGE, ...args], { cwd, env: { ...process.env, CI: "1", BENCH_USAGE_FILE: usageFile, ...env }, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
    const wall = Number(process.hrtime.bigint() - started) / 1e9;
    if (child.status !== 0 && child.status !== 1) throw new Error(`${name}: exit ${child.status}\n${child.stderr}`);
    const usage = JSON.parse(readFileSync(usageFile, "utf8").trim().split("\n").at(-1));
    samples.push({ wall, cpu: usage.cpu, peakMiB: usage.maxRSSKiB / 1024, output: child.stdout });
  }
  const median = (pick) => samples.map(pick).sort((a, b) => a - b)[Math.floor(samples.length / 2)];
  return { case: name, wall: median((s) => s.wall), cpu: median((s) => s.cpu), peakMiB: median((s) => s.peakMiB), output: samples.at(-1).output };
}

/**
 * Several commands in turn (A B C, A B C, ...), `times` rounds: each one's medians as `measure`
 * gives them, and `ratios[i]`: the median over rounds of its wall time over command i's.
 */
function measureInTurn(commands, { times = runs } = {}) {
  const rounds = [];
  for (let run = 0; run < times; run++) rounds.push(commands.map(([name, args]) => measure(name, args, { times: 1 })));
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return commands.map(([name], index) => ({
    case: name,
    wall: median(rounds.map((round) => round[index].wall)),
    cpu: median(rounds.map((round) => round[index].cpu)),
    peakMiB: median(rounds.map((round) => round[index].peakMiB)),
    output: rounds.at(-1)[index].output,
    ratios: commands.map((_, other) => median(rounds.map((round) => round[index].wall / round[other].wall))),
  }));
}

/**
 * ESLint's own account of a run (`--stats`), median of `runs`: seconds in the plugin's rules
 * (each rule's `create` and listeners, every file), in parsing, and in linting all told.
 */
function pluginOwnTime(args, env = {}) {
  const samples = [];
  for (let run = 0; run < runs; run++) {
    const child = spawnSync(process.execPath, [...args, "--stats"], { cwd: corpus, encoding: "utf8", maxBuffer: 1024 * 1024 * 1024, env: { ...process.env, ...env } });
    if (child.status !== 0 && child.status !== 1) throw new Error(`ESLint --stats: exit ${child.status}\n${child.stderr}`);
    const sample = { rules: 0, parse: 0, lint: 0 };
    for (const file of JSON.parse(child.stdout)) {
      for (const pass of file.stats?.times?.passes ?? []) {
        sample.parse += pass.parse?.total ?? 0;
        sample.lint += pass.total ?? 0;
        for (const [rule, time] of Object.entries(pass.rules ?? {})) if (rule.startsWith("sunset-lint/")) sample.rules += time.total;
      }
    }
    samples.push(sample);
  }
  const median = (pick) => Number((samples.map(pick).sort((a, b) => a - b)[Math.floor(samples.length / 2)] / 1000).toFixed(3));
  return { rulesSeconds: median((s) => s.rules), parseSeconds: median((s) => s.parse), lintSeconds: median((s) => s.lint) };
}

const percent = (ratio) => `${ratio >= 1 ? "+" : ""}${((ratio - 1) * 100).toFixed(0)}%`;

const summaryOf = (output) => {
  try {
    const result = JSON.parse(output);
    return { files: result.summary.files, parsed: result.summary.parsed, findings: result.findings.length };
  } catch {
    return {};
  }
};

const scanArgs = (target, extra = []) => [BIN, "scan", target, "--format", "json", "--as-of", "2026-11-21", "--allow-unscannable", "--no-progress", ...extra];
const cache = join(scratch, "scan-cache.json");
const rows = [];
const add = (row, extra = {}) => {
  const { output, ratios: _ratios, ...figures } = row;
  rows.push({ ...figures, ...summaryOf(output), ...extra });
  console.error(`bench: ${row.case}: ${row.wall.toFixed(2)} s wall, ${row.cpu.toFixed(2)} s cpu, ${Math.round(row.peakMiB)} MiB`);
};

try {
  add(measure("floor: read every file, one regex", [fileURLToPath(new URL("./floor.mjs", import.meta.url)), corpus]));
  // Node's own start, what `--version` and `--help` cannot go below on this machine.
  add(measure("Node alone (node -e 0)", ["-e", "0"]));
  add(measure("--version", [BIN, "--version"]));
  add(measure("--help", [BIN, "--help"]));
  add(measure("scan, cold", scanArgs(".")));
  // A fresh CI machine has no code cache of the compiler yet (see README): its first scan.
  add(measure("scan, cold, compiler not in the code cache", scanArgs("."), { env: { SUNSET_LINT_NO_CODE_CACHE: "1" } }));
  add(measure("scan, cache warm", scanArgs(".", ["--cache-location", cache]), { before: () => existsSync(cache) || spawnSync(process.execPath, scanArgs(".", ["--cache-location", cache]), { cwd: corpus }) }));

  // One file edited: the first file the scan parsed gets a comment, then its bytes back.
  const parsed = JSON.parse(spawnSync(process.execPath, scanArgs("."), { cwd: corpus, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 }).stdout);
  const edited = parsed.findings[0]?.file;
  if (edited) {
    const path = join(corpus, edited);
    const original = readFileSync(path);
    try {
      add(measure("scan, cache warm, one file edited", scanArgs(".", ["--cache-location", cache]), {
        before: () => {
          writeFileSync(path, original);
          spawnSync(process.execPath, scanArgs(".", ["--cache-location", cache]), { cwd: corpus });
          appendFileSync(path, "\n// edited\n");
        },
      }));
    } finally {
      writeFileSync(path, original);
    }
  }
  if (tsconfig) add(measure(`scan --tsconfig ${tsconfig}`, scanArgs(".", ["--tsconfig", tsconfig])));
  if (perLanguage) {
    const { LANGUAGE_IDS } = await import(pathUrl(join(ROOT, "dist/languages/index.js")));
    for (const language of LANGUAGE_IDS) {
      // A language with no file in the corpus ends the scan with "no files to scan": not a case.
      const probe = spawnSync(process.execPath, scanArgs(".", ["--languages", language]), { cwd: corpus, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
      if (probe.status !== 0 && probe.status !== 1) continue;
      add(measure(`scan, cold, --languages ${language}`, scanArgs(".", ["--languages", language])));
    }
  }

  const IGNORES = `{ ignores: ["**/node_modules/**", "**/dist/**", "**/build/**", "**/coverage/**", "**/*.d.ts", "**/*.min.js"] }`;
  const parser = pathUrl(join(ROOT, "node_modules/@typescript-eslint/parser/dist/index.js"));
  const plugin = pathUrl(join(ROOT, "dist/eslint/index.js"));
  const parserOnly = (rules) => `import parser from ${JSON.stringify(parser)};\nexport default [${IGNORES}, { files: ["**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}"], languageOptions: { parser, parserOptions: { ecmaFeatures: { jsx: true } } }, rules: ${JSON.stringify(rules)} }];\n`;
  const configs = {
    parser: parserOnly({}),
    // A control: what running any rule at all costs ESLint (about nothing in CPU profiles; +1%
    // in the bench of 2026-11-27), against which the plugin's own cost is read as well.
    builtin: parserOnly({ "no-debugger": "error" }),
    plugin: `import sunset from ${JSON.stringify(plugin)};\nexport default [${IGNORES}, { ...sunset.configs.recommended, files: ["**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}"] }];\n`,
  };
  const config = (name) => {
    const file = join(scratch, `eslint.${name}.mjs`);
    writeFileSync(file, configs[name]);
    return file;
  };
  const eslintArgs = (file) => [ESLINT, "--no-config-lookup", "-c", file, "--no-warn-ignored", "-f", "json", "."];
  // ESLint reads JavaScript and TypeScript only: a corpus without any has no ESLint cases.
  const probe = spawnSync(process.execPath, eslintArgs(config("parser")), { cwd: corpus, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  if (probe.status === 0 || probe.status === 1) {
    // In turn, run by run, so that the ratios are taken between runs made under the same load.
    const [parserRun, builtinRun, pluginRun] = measureInTurn([
      ["ESLint, parser only (no rules)", eslintArgs(config("parser"))],
      ["ESLint, parser and one built-in rule (no-debugger)", eslintArgs(config("builtin"))],
      ["ESLint, sunset-lint recommended", eslintArgs(config("plugin"))],
    ]);
    add(parserRun);
    add(builtinRun, { "vs parser only": percent(builtinRun.ratios[0]) });
    add(pluginRun, { "vs parser only": percent(pluginRun.ratios[0]), "vs one built-in rule": percent(pluginRun.ratios[1]) });
    // The plugin's own time, as ESLint's `--stats` times each rule in each file: read within one
    // run, it needs no pairing of runs (which a shared machine makes noisy by ±10%).
    // With the project's files read ahead on another thread (the default), and without: the
    // worker's share is done beside ESLint's thread only where a core is free for it.
    for (const [label, env] of [["", {}], [", files not read ahead", { SUNSET_LINT_READ_AHEAD: "off" }]]) {
      const own = pluginOwnTime(eslintArgs(config("plugin")), env);
      rows.push({ case: `ESLint, sunset-lint recommended: its rules' own time (--stats)${label}`, ...own, "vs parser only": `+${((own.rulesSeconds / parserRun.wall) * 100).toFixed(1)}%` });
      console.error(`bench: the plugin's rules${label}: ${own.rulesSeconds.toFixed(2)} s of ESLint's ${own.lintSeconds.toFixed(2)} s linting (parse ${own.parseSeconds.toFixed(2)} s), median of ${runs}; ${((own.rulesSeconds / parserRun.wall) * 100).toFixed(1)}% of the parser-only run's wall time`);
    }
    // The editor: the plugin's rules on every keystroke in the largest files of about 100 KB it
    // analyses, and in the file where a keystroke costs them most (whatever its size).
    const editor = spawnSync(process.execPath, [EDITOR, corpus, "3"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    if (editor.status !== 0) throw new Error(`editor case: exit ${editor.status}\n${editor.stderr}`);
    for (const file of JSON.parse(editor.stdout)) {
      const which = file.slowest ? `the slowest keystroke of ${file.of} files` : "edited";
      rows.push({ case: `editor: ${file.file} (${file.kb} KB) ${which}`, "lint ms": Math.round(file.lintMs), "rules ms": Number(file.rulesMs.toFixed(1)), "rules ms, first lint": Math.round(file.firstRulesMs) });
      console.error(`bench: editor, ${file.file} (${file.kb} KB${file.slowest ? `, the slowest keystroke of ${file.of} files` : ""}): lint ${file.lintMs.toFixed(0)} ms per keystroke, of which the plugin's rules ${file.rulesMs.toFixed(1)} ms (first lint ${file.firstRulesMs.toFixed(0)} ms)`);
    }
  } else console.error("bench: no JavaScript or TypeScript file for ESLint: its cases are skipped");

  if (multiply > 1) {
    const copies = join(scratch, "multiplied");
    for (let copy = 0; copy < multiply; copy++) cpSync(corpus, join(copies, `copy-${copy}`), { recursive: true });
    add(measure(`scan, cold, corpus x${multiply}`, scanArgs("."), { cwd: copies, times: Math.min(runs, 2) }));
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const machine = { cores: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.versions.node };
console.table(rows.map((row) => (row.wall === undefined ? row : { ...row, wall: row.wall.toFixed(2), cpu: row.cpu.toFixed(2), peakMiB: Math.round(row.peakMiB) })));
const results = join(ROOT, "bench/results");
mkdirSync(results, { recursive: true });
// A second run on the same day is written beside the first (`-run2`, `-run3`…), never over it.
const day = `${new Date().toISOString().slice(0, 10)}-${basename(corpus)}`;
let out = join(results, `${day}.json`);
for (let run = 2; existsSync(out); run++) out = join(results, `${day}-run${run}.json`);
writeFileSync(out, `${JSON.stringify({ corpus: basename(corpus), files: rows.find((row) => row.case === "scan, cold")?.files ?? null, runs, machine, rows }, null, 2)}\n`);
console.error(`bench: wrote ${out}`);

function pathUrl(path) {
  return new URL(`file://${path}`).href;
}
