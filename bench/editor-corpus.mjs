/**
 * Child process: what the plugin adds in the editor, on real files. Takes the largest JS/TS files
 * of about 100 KB (80-130 KB) in the corpus that the plugin's prefilter lets through (files it
 * leaves out cost a text test only), lints each with ESLint's `Linter` as an editor does on every
 * keystroke (the text changes each time), and times the plugin's rules alone: the cost beyond
 * parsing. The first lint of a file is reported apart (it reads and parses the file's imports).
 * Size is not what makes a keystroke slow (a file that calls an SDK's request core through its
 * wrappers is followed into them on each keystroke, whatever its size): every file of at most 130
 * KB the prefilter lets through is also linted twice, the five whose second lint took the plugin
 * longest are measured as the others, and the one of them with the largest median is reported,
 * marked `slowest`.
 *
 * `node bench/editor-corpus.mjs CORPUS [COUNT]` prints JSON: one entry per file.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { Linter } from "eslint";
import parser from "@typescript-eslint/parser";
import plugin from "../dist/eslint/index.js";
import { loadBundledCatalogue } from "../dist/catalogue/index.js";
import { Prefilter } from "../dist/core/prefilter.js";

const [given, count = "3"] = process.argv.slice(2);
const corpus = resolve(given);
const KEYSTROKES = 25;
/** How many of the files whose one edited lint was slowest are measured in full for the slowest row. */
const SLOWEST_MEASURED = 5;
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
const PRUNED = new Set(["node_modules", ".git", "dist", "build", "coverage"]);

function* walk(directory) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      if (!PRUNED.has(entry.name)) yield* walk(path);
    } else if (entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts") && !entry.name.endsWith(".min.js")) yield path;
  }
}

const prefilter = new Prefilter(loadBundledCatalogue());
const candidates = [...walk(corpus)]
  .map((path) => ({ path, size: statSync(path).size }))
  .filter(({ size }) => size <= 130 * 1024)
  .filter(({ path }) => prefilter.mayContainFindings(readFileSync(path, "utf8")));
const files = candidates
  .filter(({ size }) => size >= 80 * 1024)
  .sort((a, b) => b.size - a.size)
  .slice(0, Number(count));

// The plugin's rules, each listener timed.
let rulesMs = 0;
const timedRules = Object.fromEntries(
  Object.entries(plugin.rules).map(([name, rule]) => [
    name,
    {
      ...rule,
      create(context) {
        const listeners = rule.create(context);
        return Object.fromEntries(
          Object.entries(listeners).map(([selector, listener]) => [
            selector,
            (...args) => {
              const started = performance.now();
              try {
                return listener(...args);
              } finally {
                rulesMs += performance.now() - started;
              }
            },
          ]),
        );
      },
    },
  ]),
);
const rules = Object.fromEntries(Object.keys(plugin.rules).map((name) => [`sunset-lint/${name}`, "error"]));
const config = [{ files: ["**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}"], languageOptions: { parser, parserOptions: { ecmaFeatures: { jsx: true } } }, plugins: { "sunset-lint": { ...plugin, rules: timedRules } }, rules }];
const linter = new Linter({ configType: "flat", cwd: corpus });
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const lint = (path, source) => {
  rulesMs = 0;
  const started = performance.now();
  linter.verify(source, config, { filename: path });
  return { totalMs: performance.now() - started, rulesMs };
};
const edited = (text, index) => `${text}\n// keystroke ${index}\n`;

const measure = (path, size) => {
  const text = readFileSync(path, "utf8");
  const first = lint(path, text);
  const keystrokes = Array.from({ length: KEYSTROKES }, (_, index) => lint(path, edited(text, index)));
  return {
    file: relative(corpus, path),
    kb: Math.round(size / 1024),
    lintMs: median(keystrokes.map((run) => run.totalMs)),
    rulesMs: median(keystrokes.map((run) => run.rulesMs)),
    firstRulesMs: first.rulesMs,
  };
};

const results = files.map(({ path, size }) => measure(path, size));

// The slowest keystroke: each candidate linted once as read (its imports parsed: the first lint,
// as reported), then once edited. One edited lint can be slow for a reason of its own (a pause of
// the collector put a 3 ms file above `client.ts` in one run), so the five slowest are measured as
// the others, and the one with the largest median is reported.
const firstLints = [];
for (const { path, size } of candidates) {
  const text = readFileSync(path, "utf8");
  const first = lint(path, text);
  const { rulesMs: ms } = lint(path, edited(text, 0));
  firstLints.push({ path, size, ms, firstRulesMs: first.rulesMs });
}
const slowest = firstLints
  .sort((a, b) => b.ms - a.ms)
  .slice(0, SLOWEST_MEASURED)
  .map((candidate) => ({ ...measure(candidate.path, candidate.size), firstRulesMs: candidate.firstRulesMs, path: candidate.path }))
  .sort((a, b) => b.rulesMs - a.rulesMs)[0];
if (slowest && !files.some((file) => file.path === slowest.path)) {
  const { path: _path, ...row } = slowest;
  results.push({ ...row, slowest: true, of: candidates.length });
}
process.stdout.write(JSON.stringify(results));
