import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, truncateSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AS_OF, runCli, scratch } from "../support/cli.js";

const FINDING = `fetch("https://api.cloudflare.com/client/v4/zones/z/settings/brotli", { method: "PATCH" });\n`;

/** Every problem with what the user gave us is one line on standard error, exit 2, and never a stack. */
function expectOneLine(run: { code: number; stderr: string }, pattern: RegExp): void {
  expect(run.code).toBe(2);
  expect(run.stderr).toMatch(pattern);
  expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
  expect(run.stderr).not.toMatch(/\n\s+at |TypeError|internal error/);
}

function project(): string {
  const directory = scratch();
  writeFileSync(join(directory, "app.ts"), FINDING);
  return directory;
}

describe("state files that are not what they should be", () => {
  it("a baseline holding null, a null finding or a finding without fingerprint", () => {
    const dir = project();
    for (const [content, why] of [
      ["null", /b\.json: not a sunset-lint baseline \(expected/],
      ['{"version":1,"tool":"sunset-lint","findings":[null]}', /b\.json: not a sunset-lint baseline \(findings\[0\] has no "fingerprint" string\)/],
      ['{"version":1,"tool":"sunset-lint","findings":[{}]}', /b\.json: not a sunset-lint baseline \(findings\[0\] has no "fingerprint" string\)/],
    ] as const) {
      writeFileSync(join(dir, "b.json"), content);
      expectOneLine(runCli(["scan", "--baseline", "b.json", "--as-of", AS_OF], dir), why);
    }
  });

  it("a baseline path that names another file: its content is never printed", () => {
    const dir = project();
    writeFileSync(join(dir, "secrets.txt"), "API_TOKEN=do-not-print-me\n");
    const run = runCli(["scan", "--baseline", "secrets.txt", "--as-of", AS_OF], dir);
    expectOneLine(run, /secrets\.txt: not a sunset-lint baseline \(not JSON/);
    expect(run.stderr).not.toContain("do-not-print-me");
  });

  it("--baseline DIR --update-baseline and --output DIR", () => {
    const dir = project();
    mkdirSync(join(dir, "out"));
    expectOneLine(runCli(["scan", "--baseline", "out", "--update-baseline", "--as-of", AS_OF], dir), /out: cannot write the baseline: is a directory/);
    expectOneLine(runCli(["scan", "--output", "out", "--as-of", AS_OF], dir), /^sunset-lint: out: is a directory, not a file$/m);
  });

  it("merge of results whose findings or problems have the wrong shape", () => {
    const dir = project();
    const good = JSON.parse(runCli(["scan", "--format", "json", "--as-of", AS_OF], dir).stdout);
    const cases: [string, unknown, RegExp][] = [
      ["null-finding.json", { ...good, findings: [null] }, /null-finding\.json: not a sunset-lint JSON result: findings\[0\] is not an object/],
      ["empty-finding.json", { ...good, findings: [{}] }, /empty-finding\.json: not a sunset-lint JSON result: findings\[0\]\.ruleId must be a string/],
      ["problems.json", { ...good, summary: { ...good.summary, problems: null } }, /problems\.json: not a sunset-lint JSON result: summary\.problems must be a list/],
      ["null.json", null, /null\.json: not a sunset-lint JSON result/],
    ];
    for (const [name, content, why] of cases) {
      writeFileSync(join(dir, name), JSON.stringify(content));
      expectOneLine(runCli(["merge", name], dir), why);
    }
  });

  it("a config file: JSONC and a byte-order mark are read; a bad asOf names the file", () => {
    const dir = project();
    writeFileSync(join(dir, "sunset-lint.config.json"), `\ufeff{\n  // a comment\n  "failOn": "none", /* another */\n  "asOf": "${AS_OF}",\n}\n`);
    const run = runCli(["scan"], dir);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0); // failOn none, read from the commented file
    writeFileSync(join(dir, "sunset-lint.config.json"), `{"asOf": "2026-13-45"}`);
    expectOneLine(runCli(["scan"], dir), /^sunset-lint: sunset-lint\.config\.json: "asOf" "2026-13-45" is not a calendar date/);
  });

  it("huge, endless and blocking files given as config, schedule, baseline or result: a size or type error, quickly", () => {
    const dir = project();
    const big = join(dir, "big.json");
    writeFileSync(big, "");
    truncateSync(big, 300 * 1024 * 1024); // sparse: 300 MiB of NULs, costs no disk
    const started = Date.now();
    expectOneLine(runCli(["scan", "-c", "big.json", "--as-of", AS_OF], dir), /big\.json: 300\.0 MiB is over the 1\.0 MiB limit for a config file/);
    expectOneLine(runCli(["scan", "--schedule", "big.json", "--as-of", AS_OF], dir), /big\.json.*300\.0 MiB is over the 4\.0 MiB limit for a schedule/);
    expectOneLine(runCli(["scan", "--baseline", "big.json", "--as-of", AS_OF], dir), /big\.json: 300\.0 MiB is over the 256\.0 MiB limit for a baseline/);
    expectOneLine(runCli(["merge", "big.json"], dir), /big\.json: 300\.0 MiB is over the 256\.0 MiB limit for a JSON result/);
    expectOneLine(runCli(["scan", "-c", "/dev/zero", "--as-of", AS_OF], dir), /\/dev\/zero: not a regular file/);
    execFileSync("mkfifo", [join(dir, "fifo")]);
    expectOneLine(runCli(["scan", "-c", "fifo", "--as-of", AS_OF], dir), /fifo: not a regular file/);
    expectOneLine(runCli(["merge", "fifo"], dir), /fifo: not a regular file/);
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});

describe("a cache that cannot be trusted", () => {
  it("an edited entry that hides a finding is discarded with a notice, and the finding comes back", () => {
    const dir = project();
    const first = runCli(["scan", "--cache", "--format", "json", "--as-of", AS_OF], dir);
    expect(JSON.parse(first.stdout).findings).toHaveLength(1);
    const path = join(dir, ".sunset-lint-cache/scan-cache.json");
    // The cache file is a header line (format, key, digest) and a content line.
    const readCache = () => {
      const [header, content] = readFileSync(path, "utf8").split("\n");
      return { header: header!, content: JSON.parse(content!) };
    };
    const writeCache = ({ header, content }: { header: string; content: unknown }) => writeFileSync(path, `${header}\n${JSON.stringify(content)}`);
    const cache = readCache();
    for (const entry of Object.values(cache.content.files) as { result: { findings: unknown[] } }[]) entry.result.findings = [];
    writeCache(cache);
    const tampered = runCli(["scan", "--cache", "--format", "json", "--as-of", AS_OF], dir);
    expect(JSON.parse(tampered.stdout).findings).toHaveLength(1);
    expect(tampered.stderr).toMatch(/the cache .*scan-cache\.json has entries that do not match their digest .* discarded/);
    expect(tampered.code).toBe(1);

    // The hints learned from reading files are checked too: a file marked as holding nothing comes back.
    runCli(["scan", "--cache", "--as-of", AS_OF], dir);
    const withReads = readCache();
    for (const entry of Object.values(withReads.content.reads) as { hints: unknown }[]) entry.hints = { signals: 0, words: [] };
    withReads.content.files = {};
    writeCache(withReads);
    const hintsTampered = runCli(["scan", "--cache", "--format", "json", "--as-of", AS_OF], dir);
    expect(JSON.parse(hintsTampered.stdout).findings).toHaveLength(1);
    expect(hintsTampered.stderr).toMatch(/do not match their digest/);

    // So is the walk's record of each directory (replayed while the directory is unchanged): a
    // directory said to hold no file is listed again.
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(dir, hourAgo, hourAgo);
    runCli(["scan", "--cache", "--as-of", AS_OF], dir);
    const withWalk = readCache();
    const records = Object.values(withWalk.content.walk.roots as Record<string, Record<string, { stamp: string; kept: unknown[] }>>).flatMap((directories) => Object.values(directories));
    expect(records.some((record) => record.stamp !== "" && record.kept.length > 0)).toBe(true);
    for (const record of records) record.kept = [];
    withWalk.content.files = {};
    writeCache(withWalk);
    const walkTampered = runCli(["scan", "--cache", "--format", "json", "--as-of", AS_OF], dir);
    expect(JSON.parse(walkTampered.stdout).findings).toHaveLength(1);
    expect(walkTampered.stderr).toMatch(/do not match their digest/);

    writeFileSync(path, "{ damaged");
    const damaged = runCli(["scan", "--cache", "--format", "json", "--as-of", AS_OF], dir);
    expect(JSON.parse(damaged.stdout).findings).toHaveLength(1);
    expect(damaged.stderr).toMatch(/the cache .* is damaged or was written by another version/);
    // The run rewrote a good cache: the next one is silent and still finds it.
    const again = runCli(["scan", "--cache", "--format", "json", "--as-of", AS_OF], dir);
    expect(again.stderr).toBe("");
    expect(JSON.parse(again.stdout).findings).toHaveLength(1);
  });
});

describe("what is given to scan", () => {
  it("standard input and devices are refused with one line, exit 2", () => {
    const dir = project();
    expectOneLine(runCli(["scan", "-"], dir), /^sunset-lint: -: give --stdin/);
    expectOneLine(runCli(["scan", "/dev/null"], dir), /\/dev\/null: not a file or a directory/);
    expectOneLine(runCli(["scan", "/dev/stdin"], dir), /\/dev\/stdin: (not a file or a directory|no such file)/);
  });

  it("a quoted glob is expanded; one that matches nothing exits 2 naming it", () => {
    const dir = project();
    mkdirSync(join(dir, "lib"));
    writeFileSync(join(dir, "lib/b.ts"), FINDING);
    const run = runCli(["scan", "lib/*.ts", "--format", "json", "--as-of", AS_OF], dir);
    expect(JSON.parse(run.stdout).findings.map((f: { file: string }) => f.file)).toEqual(["lib/b.ts"]);
    expectOneLine(runCli(["scan", "nothing/**/*.ts"], dir), /nothing\/\*\*\/\*\.ts: no files match this pattern/);
  });

  it("maxFileSize: files over it are named as skipped, from the option or the config", () => {
    const dir = project();
    writeFileSync(join(dir, "big.ts"), `${FINDING}// ${"x".repeat(4000)}\n`);
    const run = runCli(["scan", "--max-file-size", "2KiB", "--format", "json", "--as-of", AS_OF], dir);
    const result = JSON.parse(run.stdout);
    expect(result.findings.map((f: { file: string }) => f.file)).toEqual(["app.ts"]);
    expect(result.summary.problems).toEqual([{ file: "big.ts", kind: "skipped", message: expect.stringMatching(/skipped: 4\.0 KiB is over the 2\.0 KiB limit/) }]);
    writeFileSync(join(dir, "sunset-lint.config.json"), JSON.stringify({ maxFileSize: "3KB" }));
    expect(JSON.parse(runCli(["scan", "--format", "json", "--as-of", AS_OF], dir).stdout).summary.problems).toHaveLength(1);
    writeFileSync(join(dir, "sunset-lint.config.json"), JSON.stringify({ maxFileSize: "lots" }));
    expectOneLine(runCli(["scan"], dir), /"maxFileSize" must be a size such as/);
  });

  it(".gitignore files above the working directory, up to the repository root, count", () => {
    const repo = scratch();
    mkdirSync(join(repo, ".git"));
    mkdirSync(join(repo, "pkg/generated"), { recursive: true });
    writeFileSync(join(repo, ".gitignore"), "generated/\n");
    writeFileSync(join(repo, "pkg/generated/client.ts"), FINDING);
    writeFileSync(join(repo, "pkg/app.ts"), FINDING);
    const run = runCli(["scan", "--format", "json", "--as-of", AS_OF], join(repo, "pkg"));
    expect(JSON.parse(run.stdout).findings.map((f: { file: string }) => f.file)).toEqual(["app.ts"]);
  });
});

describe("files git tracks are scanned whatever a .gitignore says (git ignores untracked files only)", () => {
  const git = (cwd: string, ...args: string[]) => execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], { cwd, encoding: "utf8" });
  const found = (run: { stdout: string }) => JSON.parse(run.stdout).findings.map((f: { file: string }) => f.file).sort();

  it("a whitelist .gitignore: the committed plugin under an ignored parent is scanned, untracked files beside it are not", async () => {
    const repo = scratch();
    git(repo, "init", "-q");
    // As WordPress and MyBB plugin repositories keep one plugin of a whole site's tree.
    writeFileSync(join(repo, ".gitignore"), "/*\n/*/\n!/.gitignore\n!/admin/modules/cloudflare/\n");
    mkdirSync(join(repo, "admin/modules/cloudflare"), { recursive: true });
    writeFileSync(join(repo, "admin/modules/cloudflare/client.ts"), FINDING);
    writeFileSync(join(repo, "admin/modules/cloudflare/scratch.ts"), FINDING);
    writeFileSync(join(repo, "site.ts"), FINDING);
    git(repo, "add", "-f", ".gitignore", "admin/modules/cloudflare/client.ts");
    git(repo, "commit", "-q", "-m", "plugin");
    // Directories settled an hour ago, as in a checkout: the warm walk would replay them.
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const directory of ["", "admin", "admin/modules", "admin/modules/cloudflare"]) utimesSync(join(repo, directory), hourAgo, hourAgo);
    const cold = runCli(["scan", "--cache", "--format", "json", "--as-of", AS_OF], repo);
    expect(cold.code).toBe(1);
    expect(found(cold)).toEqual(["admin/modules/cloudflare/client.ts"]);
    expect(JSON.parse(runCli(["scan", "--print-config", "admin/modules/cloudflare/client.ts"], repo).stdout)).toMatchObject({ scanned: true });
    expect(JSON.parse(runCli(["scan", "--print-config", "admin/modules/cloudflare/scratch.ts"], repo).stdout)).toMatchObject({ scanned: false, notScannedBecause: expect.stringMatching(/\.gitignore/) });
    // Added to the index later, no directory changed: the warm walk sees it all the same.
    await new Promise((resolve) => setTimeout(resolve, 20));
    git(repo, "add", "-f", "admin/modules/cloudflare/scratch.ts");
    expect(found(runCli(["scan", "--cache", "--format", "json", "--as-of", AS_OF], repo))).toEqual(["admin/modules/cloudflare/client.ts", "admin/modules/cloudflare/scratch.ts"]);
  });
});

describe("a warm cache reads only what changed", () => {
  it("a file edited since the last run is read again: a finding added to a file that held none is reported", async () => {
    const dir = project();
    writeFileSync(join(dir, "quiet.ts"), "export const add = (a: number, b: number) => a + b;\n");
    expect(JSON.parse(runCli(["scan", "--cache", "--format", "json", "--as-of", AS_OF], dir).stdout).findings).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 20)); // a later modification time on any file system
    writeFileSync(join(dir, "quiet.ts"), `export const add = (a: number, b: number) => a + b;\n${FINDING}`);
    const run = runCli(["scan", "--cache", "--format", "json", "--as-of", AS_OF], dir);
    expect(JSON.parse(run.stdout).findings.map((f: { file: string }) => f.file).sort()).toEqual(["app.ts", "quiet.ts"]);
  });
});
