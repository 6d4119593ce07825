import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AS_OF, runCli, scratch } from "../support/cli.js";

describe("sunset-lint report", () => {
  const app = scratch("sample-app");

  it("scans and writes the Markdown report, with owners from CODEOWNERS", () => {
    const run = runCli(["report", "--format", "markdown", "--output", "report.md", "--as-of", AS_OF], app);
    expect(run.code).toBe(0);
    const markdown = readFileSync(join(app, "report.md"), "utf8");
    expect(markdown).toContain("| Files affected | 12 of 15 scanned |");
    expect(markdown).toContain("- [ ] `src/legacy/tunnels.js:5`");
    expect(markdown).toContain("| @zone-ops/dns-team | 8 |");
  });

  it("writes Markdown to an --output ending in .md unless --format says otherwise", () => {
    expect(runCli(["report", "--output", "plan.md", "--as-of", AS_OF], app).code).toBe(0);
    expect(readFileSync(join(app, "plan.md"), "utf8")).toMatch(/^# /);
    expect(runCli(["report", "--format", "html", "--output", "page.md", "--as-of", AS_OF], app).code).toBe(0);
    expect(readFileSync(join(app, "page.md"), "utf8")).toMatch(/^<!doctype html>/);
    expect(runCli(["report", "--output", "plan.html", "--as-of", AS_OF], app).code).toBe(0);
    expect(readFileSync(join(app, "plan.html"), "utf8")).toMatch(/^<!doctype html>/);
    // A report is a report: an .json file still gets HTML.
    expect(runCli(["report", "--output", "plan.json", "--as-of", AS_OF], app).code).toBe(0);
    expect(readFileSync(join(app, "plan.json"), "utf8")).toMatch(/^<!doctype html>/);
  });

  it("is the same document as scan --format markdown", () => {
    const report = runCli(["report", "--format", "markdown", "--as-of", AS_OF], app).stdout;
    const scanned = runCli(["scan", "--format", "markdown", "--as-of", AS_OF], app).stdout;
    expect(scanned).toBe(report);
  });

  it("builds the report from earlier JSON results (merged shards) without scanning", () => {
    for (const index of [1, 2]) runCli(["scan", "--shard", `${index}/2`, "--format", "json", "--output", `shard-${index}.json`, "--as-of", AS_OF], app);
    const fromShards = runCli(["report", "--from", "shard-1.json", "shard-2.json", "--format", "markdown"], app);
    expect(fromShards.code).toBe(0);
    const direct = runCli(["report", "--format", "markdown", "--as-of", AS_OF], app).stdout;
    expect(fromShards.stdout).toBe(direct);
    const html = runCli(["report", "--from", "shard-1.json", "shard-2.json"], app);
    expect(html.stdout).toMatch(/^<!doctype html>/);
  });

  it("rejects paths together with --from, and a file that is not a result", () => {
    expect(runCli(["report", "src", "--from", "x.json"], app).stderr).toMatch(/either paths to scan or --from results/);
    const bad = runCli(["report", "--from", "package.json"], app);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/package\.json: not a sunset-lint JSON result/);
  });
});
