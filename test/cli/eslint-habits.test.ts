import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useColor } from "../../src/cli/color.js";
import { BIN, runCli, scratch } from "../support/cli.js";

const FIREWALL = `fetch("https://api.cloudflare.com/client/v4/zones/z/firewall/rules");\n`; // item 1, 2025-01-15
const BEFORE = "2025-01-01"; // upcoming: a warning
const AFTER = "2026-11-21"; // in effect: an error
const ESC = "\u001b[";

function project(): string {
  const dir = scratch();
  mkdirSync(join(dir, "src"));
  writeFileSync(join(dir, "src/a.ts"), FIREWALL);
  return dir;
}

describe("the habits of ESLint users", () => {
  it("--quiet shows errors only; --max-warnings fails on too many warnings", () => {
    const dir = project();
    expect(runCli(["scan", "--as-of", BEFORE], dir).stdout).toMatch(/warning\s+upcoming/);
    const quiet = runCli(["scan", "--quiet", "--format", "json", "--as-of", BEFORE], dir);
    expect(JSON.parse(quiet.stdout).findings).toEqual([]);
    expect(quiet.code).toBe(0);
    expect(runCli(["scan", "--max-warnings", "1", "--as-of", BEFORE], dir).code).toBe(0);
    const over = runCli(["scan", "--max-warnings", "0", "--as-of", BEFORE], dir);
    expect(over.code).toBe(1);
    expect(over.stderr).toBe("sunset-lint: 1 warning, more than --max-warnings 0\n");
    expect(runCli(["scan", "--max-warnings", "-1"], dir).code).toBe(2);
  });

  it("--stdin with --stdin-filename scans code that is not on disk, resolving imports from that name", () => {
    const dir = project();
    writeFileSync(join(dir, "src/paths.ts"), `export const RULES = "https://api.cloudflare.com/client/v4/zones/z/firewall/rules";\n`);
    const input = `import { RULES } from "./paths";\nexport const call = () => fetch(RULES, { method: "DELETE" });\n`;
    const run = spawnSync(process.execPath, [BIN, "scan", "--stdin", "--stdin-filename", "src/staged.ts", "--format", "json", "--as-of", AFTER], { cwd: dir, input, encoding: "utf8" });
    expect(run.status).toBe(1);
    const findings = JSON.parse(run.stdout).findings as { file: string; line: number; method: string }[];
    expect(findings.map((f) => `${f.file}:${f.line} ${f.method}`)).toEqual(["src/staged.ts:2 DELETE"]);
    const both = spawnSync(process.execPath, [BIN, "scan", "src", "--stdin"], { cwd: dir, input, encoding: "utf8" });
    expect([both.status, both.stderr]).toEqual([2, "sunset-lint: give --stdin or paths to scan, not both\n"]);
  });

  it("--print-config shows the settings for a file and whether it would be scanned", () => {
    const dir = project();
    writeFileSync(join(dir, "sunset-lint.config.json"), JSON.stringify({ apiHosts: ["cf-proxy.internal"], ignorePatterns: ["src/gen/**"] }));
    const printed = JSON.parse(runCli(["scan", "--print-config", "src/a.ts"], dir).stdout);
    expect(printed).toMatchObject({ file: "src/a.ts", configFile: "sunset-lint.config.json", scanned: true, apiHosts: ["cf-proxy.internal"], maxFileSize: 2 * 1024 * 1024 });
    expect(JSON.parse(runCli(["scan", "--print-config", "src/gen/x.ts"], dir).stdout)).toMatchObject({ scanned: false, notScannedBecause: expect.stringMatching(/ignore pattern/) });
    expect(JSON.parse(runCli(["scan", "--print-config", "node_modules/x/index.js"], dir).stdout)).toMatchObject({ scanned: false, notScannedBecause: "inside node_modules/, which is left out by default" });
  });

  it("--debug prints the phases on standard error, the output stays clean", () => {
    const run = runCli(["scan", "--debug", "--format", "json", "--as-of", AFTER], project());
    expect(JSON.parse(run.stdout).findings).toHaveLength(1);
    for (const phase of ["discovery", "read and prefilter", "analysis", "output \\(json\\)"]) expect(run.stderr).toMatch(new RegExp(`^sunset-lint: debug: ${phase}: \\d+ ms$`, "m"));
  });

  it("colour: NO_COLOR and FORCE_COLOR are honoured, and merge into a file or pipe is plain", () => {
    const dir = project();
    expect(runCli(["scan", "--as-of", AFTER], dir, { NO_COLOR: "", FORCE_COLOR: "1" }).stdout).toContain(ESC);
    expect(runCli(["scan", "--as-of", AFTER], dir, { NO_COLOR: "1", FORCE_COLOR: "" }).stdout).not.toContain(ESC);
    expect(runCli(["scan", "--color", "--as-of", AFTER], dir, { NO_COLOR: "1" }).stdout).toContain(ESC);
    writeFileSync(join(dir, "result.json"), runCli(["scan", "--format", "json", "--as-of", AFTER], dir).stdout);
    expect(runCli(["merge", "result.json"], dir, { NO_COLOR: "" }).stdout).not.toContain(ESC); // a pipe, not a terminal
    expect(useColor(undefined, true, {})).toBe(true);
    expect(useColor(undefined, true, { NO_COLOR: "1" })).toBe(false);
    expect(useColor(undefined, false, { FORCE_COLOR: "1" })).toBe(true);
    expect(useColor(undefined, true, { FORCE_COLOR: "0" })).toBe(false);
    expect(useColor(false, true, { FORCE_COLOR: "1" })).toBe(false);
  });

  it("--version --json says what a bug report needs", () => {
    const info = JSON.parse(runCli(["--version", "--json"], scratch()).stdout);
    expect(info).toEqual({ name: "sunset-lint", version: expect.stringMatching(/^\d+\.\d+\.\d+/), node: process.versions.node, platform: `${process.platform}-${process.arch}`, scheduleEntries: 23 });
  });
});
