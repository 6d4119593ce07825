/**
 * `npm run bench`: scan time and peak memory, against the targets the tool promises. Targets are
 * for a machine like CI's (2 cores); the numbers are printed, never asserted in tests.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateMonorepo } from "./generate.mjs";

// On a real corpus: `npm run bench -- --corpus DIR` (see corpus.mjs).
if (process.argv.includes("--corpus")) {
  await import("./corpus.mjs");
  process.exit(0);
}

const sample = fileURLToPath(new URL("../fixtures/sample-app", import.meta.url));
const size = Number(process.env.BENCH_FILES ?? 6000);
const measure = (cwd, jobs, cache = "") =>
  JSON.parse(execFileSync(process.execPath, [fileURLToPath(new URL("./measure.mjs", import.meta.url)), cwd, String(jobs), cache], { encoding: "utf8" }));

const rows = [];
const check = (name, result, targetSeconds, targetMiB) => {
  const ok = result.seconds <= targetSeconds && result.peakMiB <= targetMiB;
  rows.push({ case: name, files: result.files, parsed: result.parsed, findings: result.findings, seconds: result.seconds.toFixed(2), "peak MiB": Math.round(result.peakMiB), target: `≤ ${+targetSeconds.toFixed(2)} s, ≤ ${targetMiB} MiB`, ok: ok ? "yes" : "NO" });
};

check("sample app", measure(sample, 0), 1.5, 300);

const editor = JSON.parse(execFileSync(process.execPath, [fileURLToPath(new URL("./editor.mjs", import.meta.url)), sample, "src/cloudflare/client.ts"], { encoding: "utf8" }));
rows.push({ case: "editor: lint one edited file", files: 1, parsed: 1, findings: "", seconds: `${(editor.medianMs / 1000).toFixed(3)} (p90 ${(editor.p90Ms / 1000).toFixed(3)})`, "peak MiB": Math.round(editor.peakMiB), target: "median ≤ 0.05 s", ok: editor.medianMs <= 50 ? "yes" : "NO" });

const root = mkdtempSync(join(tmpdir(), "sunset-lint-bench-"));
try {
  const generated = generateMonorepo(root, { files: size });
  console.log(`generated ${generated.files} files (${generated.api} use the API) in ${root}`);
  check(`monorepo, 1 thread`, measure(root, 0), size / 600, 700);
  check(`monorepo, workers`, measure(root, 2), size / 600, 900);
  measure(root, 0, "cache");
  check(`monorepo, cache hit`, measure(root, 0, "cache"), size / 3000, 500);
} finally {
  rmSync(root, { recursive: true, force: true });
}
console.table(rows);
if (rows.some((row) => row.ok !== "yes")) {
  console.log("Some targets were missed (see the table). This is a report, not a test: nothing fails.");
}
