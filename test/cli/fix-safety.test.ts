import { spawn, spawnSync } from "node:child_process";
import { chmodSync, chownSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { applyFixes } from "../../src/scanner/fix.js";
import { scan } from "../../src/scanner/scan.js";
import { AS_OF, BIN, runCli, scratch } from "../support/cli.js";

/** A file with one certain fix: the script_monitor segment becomes page_shield. */
const FIXABLE = "export const scripts = (zone: string) => fetch(`https://api.cloudflare.com/client/v4/zones/${zone}/script_monitor/scripts`);\n";
const FIXED = FIXABLE.replace("script_monitor", "page_shield");

describe("--fix never harms a file", () => {
  it("a file edited after it was analysed is skipped with a notice and keeps the edit", async () => {
    const dir = scratch();
    const file = join(dir, "a.ts");
    writeFileSync(file, FIXABLE);
    const result = await scan({ cwd: dir, asOf: AS_OF, withFixes: true });
    const edited = `// edited meanwhile\n${FIXABLE}`;
    writeFileSync(file, edited);
    const outcome = applyFixes(dir, result.findings);
    expect(outcome.problems).toEqual(["a.ts: not fixed, it changed after it was analysed (run again)"]);
    expect(readFileSync(file, "utf8")).toBe(edited);
  });

  it("a file read past a syntax error is reported, not fixed", async () => {
    const dir = scratch();
    const broken = `${FIXABLE}export const = ;\n`;
    writeFileSync(join(dir, "a.ts"), broken);
    const result = await scan({ cwd: dir, asOf: AS_OF, withFixes: true });
    expect(result.findings.map((finding) => [finding.line, finding.fix ?? null])).toEqual([[1, null]]);
    expect(result.summary.problems.map((problem) => problem.message)).toEqual([expect.stringMatching(/^only partly analysed: syntax error/)]);
    runCli(["scan", "--fix", "--as-of", AS_OF], dir);
    expect(readFileSync(join(dir, "a.ts"), "utf8")).toBe(broken);
  });

  it("a link and its target in the tree: the real file is fixed once and the link stays a link", () => {
    const dir = scratch();
    writeFileSync(join(dir, "real.ts"), FIXABLE);
    symlinkSync("real.ts", join(dir, "alias.ts"));
    const run = runCli(["scan", "--fix", "--as-of", AS_OF], dir);
    expect(run.stderr).toMatch(/fixed 1 finding in 1 file\n/);
    expect(readFileSync(join(dir, "real.ts"), "utf8")).toBe(FIXED);
    expect(lstatSync(join(dir, "alias.ts")).isSymbolicLink()).toBe(true);
  });

  it("latin1 and read-only files are skipped with a notice, byte for byte unchanged", () => {
    const dir = scratch();
    const latin1 = Buffer.concat([Buffer.from("// caf"), Buffer.from([0xe9]), Buffer.from(`\n${FIXABLE}`)]);
    writeFileSync(join(dir, "latin1.ts"), latin1);
    writeFileSync(join(dir, "readonly.ts"), FIXABLE);
    chmodSync(join(dir, "readonly.ts"), 0o444);
    const run = runCli(["scan", "--fix", "--as-of", AS_OF], dir);
    expect(run.stderr).toMatch(/latin1\.ts: not fixed, it is not valid UTF-8/);
    expect(run.stderr).toMatch(/readonly\.ts: not fixed, it is read-only/);
    expect(readFileSync(join(dir, "latin1.ts")).equals(latin1)).toBe(true);
    expect(readFileSync(join(dir, "readonly.ts"), "utf8")).toBe(FIXABLE);
    expect(statSync(join(dir, "readonly.ts")).mode & 0o777).toBe(0o444);
  });

  it("keeps hard links, mode, owner, byte-order mark and CRLF line endings", () => {
    const dir = scratch();
    const file = join(dir, "crlf.ts");
    const original = `\ufeff// first\r\n${FIXABLE.replace("\n", "\r\n")}// last\r\n`;
    writeFileSync(file, original);
    chmodSync(file, 0o640);
    linkSync(file, join(dir, "other-name.ts.txt"));
    const asRoot = process.getuid?.() === 0;
    if (asRoot) chownSync(file, 1234, 5678);
    const inode = statSync(file).ino;
    runCli(["scan", "--fix", "--as-of", AS_OF], dir);
    const after = readFileSync(file, "utf8");
    expect(after).toBe(original.replace("script_monitor", "page_shield"));
    expect(readFileSync(join(dir, "other-name.ts.txt"), "utf8")).toBe(after);
    const stats = statSync(file);
    expect(stats.ino).toBe(inode);
    expect(stats.mode & 0o777).toBe(0o640);
    if (asRoot) expect([stats.uid, stats.gid]).toEqual([1234, 5678]);
  });

  it("--fix-dry-run prints a diff that git applies to give what --fix writes, and changes nothing", () => {
    const dir = scratch();
    mkdirSync(join(dir, "src"));
    writeFileSync(join(dir, "src/a.ts"), `// one\n// two\n// three\n// four\n${FIXABLE}// after\n`);
    const dry = runCli(["scan", "--fix-dry-run", "--as-of", AS_OF], dir);
    expect(dry.stdout).toMatch(/^--- a\/src\/a\.ts\n\+\+\+ b\/src\/a\.ts\n@@ -2,5 \+2,5 @@\n/m);
    expect(dry.stdout).toContain("-export const scripts");
    expect(dry.stderr).toMatch(/--fix would fix 1 finding in 1 file; no file was changed/);
    expect(readFileSync(join(dir, "src/a.ts"), "utf8")).toContain("script_monitor");
    writeFileSync(join(dir, "fix.patch"), dry.stdout);
    const copy = scratch();
    mkdirSync(join(copy, "src"));
    writeFileSync(join(copy, "src/a.ts"), readFileSync(join(dir, "src/a.ts")));
    expect(spawnSync("git", ["apply", "--unsafe-paths", join(dir, "fix.patch")], { cwd: copy }).status).toBe(0);
    runCli(["scan", "--fix", "--as-of", AS_OF], dir);
    expect(readFileSync(join(copy, "src/a.ts"), "utf8")).toBe(readFileSync(join(dir, "src/a.ts"), "utf8"));
  });

  it("--fix twice: the second run changes nothing", () => {
    const dir = scratch();
    writeFileSync(join(dir, "a.ts"), FIXABLE);
    expect(runCli(["scan", "--fix", "--as-of", AS_OF], dir).stderr).toMatch(/fixed 1 finding/);
    const mtime = statSync(join(dir, "a.ts")).mtimeMs;
    const second = runCli(["scan", "--fix", "--as-of", AS_OF], dir);
    expect(second.stderr).toBe("");
    expect(statSync(join(dir, "a.ts")).mtimeMs).toBe(mtime);
    expect(readFileSync(join(dir, "a.ts"), "utf8")).toBe(FIXED);
  });

  it("two runs at once on the same tree: every file fixed exactly once, no lock left behind", async () => {
    const dir = scratch();
    for (let index = 0; index < 150; index++) writeFileSync(join(dir, `f${index}.ts`), `// file ${index}\n${FIXABLE}${FIXABLE}`);
    const runOnce = () =>
      new Promise<string>((resolve) => {
        const child = spawn(process.execPath, [BIN, "scan", "--fix", "--jobs", "0", "--as-of", AS_OF], { cwd: dir, env: { ...process.env, CI: "1" } });
        let stderr = "";
        child.stderr.on("data", (chunk) => (stderr += chunk));
        child.on("close", () => resolve(stderr));
      });
    const outputs = await Promise.all([runOnce(), runOnce()]);
    for (let index = 0; index < 150; index++) {
      expect(readFileSync(join(dir, `f${index}.ts`), "utf8")).toBe(`// file ${index}\n${FIXED}${FIXED}`);
    }
    expect(readdirSync(dir).filter((name) => !name.endsWith(".ts"))).toEqual([]);
    expect(outputs.join("")).not.toMatch(/internal error|Error:/);
  }, 60_000);
});
