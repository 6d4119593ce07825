/** Preloaded into a benchmarked Node.js process (`--import`): at exit, appends its CPU time and peak RSS to $BENCH_USAGE_FILE. */
import { appendFileSync } from "node:fs";

const file = process.env.BENCH_USAGE_FILE;
if (file) {
  process.on("exit", () => {
    const usage = process.resourceUsage();
    appendFileSync(file, `${JSON.stringify({ cpu: (usage.userCPUTime + usage.systemCPUTime) / 1e6, maxRSSKiB: usage.maxRSS })}\n`);
  });
}
