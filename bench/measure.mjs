/** Child process: runs one scan through the programmatic API and prints time and peak memory. */
import { scan } from "../dist/index.js";

const [cwd, jobs, cache] = process.argv.slice(2);
const started = performance.now();
const result = await scan({ cwd, asOf: "2026-11-21", jobs: Number(jobs), ...(cache === "cache" ? { cache: true } : {}) });
process.stdout.write(
  JSON.stringify({
    seconds: (performance.now() - started) / 1000,
    peakMiB: process.resourceUsage().maxRSS / 1024,
    files: result.summary.files,
    parsed: result.summary.parsed,
    findings: result.findings.length,
  }),
);
