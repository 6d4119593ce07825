import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AS_OF, runCli, scratch } from "../support/cli.js";

const FINDING = `fetch("https://api.cloudflare.com/client/v4/zones/z/settings/brotli", { method: "PATCH" });\n`;
const BROKEN = `export const url = "https://api.cloudflare.com/client/v4/zones/z/settings/minify" +;\n`;

/** Never a false green: a run that could not look at what it was asked to says so and does not exit 0. */
describe("exit codes when the run could not look at everything", () => {
  it("a file that could not be analysed fails the run (1), is named in every format, and --allow-unscannable lets it pass", () => {
    const project = scratch();
    writeFileSync(join(project, "broken.ts"), BROKEN);
    const stylish = runCli(["scan", "--as-of", AS_OF], project);
    expect(stylish.code).toBe(1);
    expect(stylish.stdout).toMatch(/Files that could not be analysed[^\n]*\n\s+broken\.ts: only partly analysed: syntax error/);
    const github = runCli(["scan", "--format", "github", "--as-of", AS_OF], project);
    expect(github.code).toBe(1);
    expect(github.stdout).toMatch(/^::error file=broken\.ts,title=sunset-lint could not analyse this file::only partly analysed: syntax error/m);
    const json = runCli(["scan", "--format", "json", "--as-of", AS_OF], project);
    expect(JSON.parse(json.stdout).summary.problems).toEqual([expect.objectContaining({ file: "broken.ts", kind: "unscannable" })]);
    // What the parser made of the rest is analysed: the path before the error is found (in effect: exit 1 still).
    expect(JSON.parse(json.stdout).findings.map((f: { file: string; line: number }) => `${f.file}:${f.line}`)).toEqual(["broken.ts:1"]);
    expect(runCli(["scan", "--allow-unscannable", "--fail-on", "none", "--as-of", AS_OF], project).code).toBe(0);
    writeFileSync(join(project, "broken.ts"), `export const = 1;\n`);
    expect(runCli(["scan", "--allow-unscannable", "--as-of", AS_OF], project).code).toBe(0);
  });

  it("a syntax error next to a real finding: the findings are reported, the broken file's own too, and the run fails", () => {
    const project = scratch();
    writeFileSync(join(project, "broken.ts"), `${FINDING}export const = ;\n`);
    writeFileSync(join(project, "good.ts"), FINDING);
    const run = runCli(["scan", "--format", "json", "--allow-unscannable", "--fail-on", "none", "--as-of", AS_OF], project);
    expect(JSON.parse(run.stdout).findings.map((f: { file: string }) => f.file)).toEqual(["broken.ts", "good.ts"]);
    expect(run.code).toBe(0);
    // Without --allow-unscannable, the file read only in part fails the run.
    expect(runCli(["scan", "--format", "json", "--fail-on", "none", "--as-of", AS_OF], project).code).toBe(1);
  });

  it("files left out by policy are named in a notice and do not fail the run", () => {
    const project = scratch();
    writeFileSync(join(project, "bundle.js"), Buffer.from([0x61, 0, 0x62]));
    writeFileSync(join(project, "ok.ts"), "export const x = 1;\n");
    const run = runCli(["scan", "--format", "github", "--as-of", AS_OF], project);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^::notice file=bundle\.js,title=sunset-lint skipped this file::skipped: binary content/m);
  });

  it("a broken symbolic link in the tree is a file that could not be read: exit 1", () => {
    const project = scratch();
    writeFileSync(join(project, "ok.ts"), "export const x = 1;\n");
    symlinkSync(join(project, "missing.ts"), join(project, "dangling.ts"));
    const run = runCli(["scan", "--format", "json", "--as-of", AS_OF], project);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).summary.problems).toEqual([expect.objectContaining({ file: "dangling.ts", kind: "unscannable" })]);
  });

  it("a path that does not exist, or one that holds no source file, exits 2 with one line naming it", () => {
    const project = scratch();
    mkdirSync(join(project, "empty"));
    writeFileSync(join(project, "empty", "notes.txt"), "nothing here\n");
    const missing = runCli(["scan", "src/nowhere.ts", "--as-of", AS_OF], project);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe("sunset-lint: src/nowhere.ts: no such file or directory\n");
    const empty = runCli(["scan", "empty", "--as-of", AS_OF], project);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toBe("sunset-lint: no files to scan in empty (after ignores; languages read: JavaScript/TypeScript, Python, Go, shell, PHP, Ruby, Rust, PowerShell, Java, C#, Terraform/HCL, YAML, JSON, Vue, Svelte); nothing was checked\n");
    expect(empty.stdout).toBe("");
  });

  it("a symbolic link given on the command line is followed", () => {
    const project = scratch();
    mkdirSync(join(project, "real"));
    writeFileSync(join(project, "real", "use.ts"), FINDING);
    symlinkSync(join(project, "real"), join(project, "linked"));
    const run = runCli(["scan", "linked", "--format", "json", "--as-of", AS_OF], project);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).findings).toHaveLength(1);
  });
});
