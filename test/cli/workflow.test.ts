import { readFileSync, readdirSync, statSync, utimesSync, writeFileSync, existsSync, mkdirSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AS_OF, BIN, FIXTURES, runCli, scratch } from "../support/cli.js";

/** Sets the times of every directory below `root` an hour back. */
function ageDirectories(root: string): void {
  const hourAgo = new Date(Date.now() - 3_600_000);
  utimesSync(root, hourAgo, hourAgo);
  for (const entry of readdirSync(root, { withFileTypes: true })) if (entry.isDirectory()) ageDirectories(join(root, entry.name));
}

type Finding = { file: string; line: number; column: number; ruleId: string; entryId: string | null; fingerprint: string };
const key = (f: Finding) => `${f.file}:${f.line}:${f.column} ${f.ruleId} ${f.entryId}`;
const json = (args: string[], cwd: string) => {
  const run = runCli(["scan", "--format", "json", "--as-of", AS_OF, ...args], cwd);
  if (!run.stdout) throw new Error(`no output (exit ${run.code}): ${run.stderr}`);
  return JSON.parse(run.stdout) as { findings: Finding[]; summary: Record<string, unknown> };
};

describe("config file", () => {
  it("is read from sunset-lint.config.json and package.json", () => {
    const app = scratch("sample-app");
    writeFileSync(join(app, "sunset-lint.config.json"), JSON.stringify({ only: ["no-error-chain"], failOn: "none" }));
    const run = runCli(["scan", "--format", "json", "--as-of", AS_OF], app);
    expect(run.code).toBe(0);
    expect(new Set(JSON.parse(run.stdout).findings.map((f: Finding) => f.ruleId))).toEqual(new Set(["no-error-chain"]));

    const other = scratch("sample-app");
    writeFileSync(join(other, "package.json"), JSON.stringify({ name: "x", "sunset-lint": { skip: ["no-deprecated-endpoint"] } }));
    expect(json([], other).findings.some((f) => f.ruleId === "no-deprecated-endpoint")).toBe(false);
  });

  it("exits 2 naming the file, the key and what is allowed", () => {
    const project = scratch();
    writeFileSync(join(project, "sunset-lint.config.json"), JSON.stringify({ failon: "none" }));
    const unknownKey = runCli(["scan"], project);
    expect(unknownKey.code).toBe(2);
    expect(unknownKey.stderr).toMatch(/sunset-lint\.config\.json: unknown key "failon" \(did you mean "failOn"\?\) \(allowed: paths, ignorePatterns, only, skip, failOn, /);

    writeFileSync(join(project, "sunset-lint.config.json"), JSON.stringify({ minConfidence: "hgh" }));
    expect(runCli(["scan"], project).stderr).toMatch(/"minConfidence" must be one of "high", "medium", "low" \(did you mean "high"\?\)/);

    writeFileSync(join(project, "sunset-lint.config.json"), JSON.stringify({ failOn: "never", logpush: { maxBytes: "big" } }));
    const badValue = runCli(["scan"], project);
    expect(badValue.code).toBe(2);
    expect(badValue.stderr).toMatch(/"failOn" must be one of "in-effect", "upcoming", "none"; "logpush\.maxBytes" must be integer/);

    writeFileSync(join(project, "sunset-lint.config.json"), "{ not json");
    expect(runCli(["scan"], project).stderr).toMatch(/sunset-lint\.config\.json:1:3: not valid JSON \(invalid symbol\)/);
  });

  it("an invalid schedule file exits 2 naming the row and the cell", () => {
    const project = scratch();
    writeFileSync(join(project, "schedule.md"), "| # | Date | Change | Affected endpoints or fields | Replacement | id | detect |\n|---|---|---|---|---|---|---|\n| 1 | 2025-01-15 | X. | FETCH /zones/:zone_id/x | none | x | endpoint |\n");
    const run = runCli(["scan", "--schedule", "schedule.md"], project);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/schedule\.md \(line 3, column "Affected endpoints or fields"\): item 1: unknown method "FETCH"/);
  });

  it("a missing schedule or tsconfig file is a clear error, not an internal one", () => {
    const project = scratch();
    writeFileSync(join(project, "index.ts"), "export const x = 1;\n");
    const schedule = runCli(["scan", "--schedule", "missing.md"], project);
    expect(schedule.code).toBe(2);
    expect(schedule.stderr).toMatch(/^sunset-lint: .*missing\.md: schedule file not found\n$/);
    const tsconfig = runCli(["scan", "--tsconfig", "nope.json"], project);
    expect(tsconfig.code).toBe(2);
    expect(tsconfig.stderr).toMatch(/^sunset-lint: .*nope\.json: cannot load the TypeScript project \(File not found/);
    expect(tsconfig.stderr).not.toMatch(/internal error|\n\s+at /);
  });

  it("a user's own schedule drives detection", () => {
    const project = scratch();
    writeFileSync(join(project, "schedule.md"), "| # | Date | Change | Affected endpoints or fields | Replacement | id | detect |\n|---|---|---|---|---|---|---|\n| 1 | 2027-03-01 | Widgets API deprecated. | GET, DELETE /zones/:zone_id/widgets/:widget_id | gadgets | widgets-api | endpoint |\n");
    writeFileSync(join(project, "use.ts"), "fetch(`https://api.cloudflare.com/client/v4/zones/${z}/widgets/${w}`, { method: 'DELETE' });\n");
    const result = json(["--schedule", "schedule.md"], project);
    expect(result.findings).toMatchObject([{ entryId: "widgets-api", status: "upcoming", severity: "warning", method: "DELETE" }]);
  });
});

describe("suppressions", () => {
  const project = scratch();
  writeFileSync(
    join(project, "client.ts"),
    [
      "const API = 'https://api.cloudflare.com/client/v4';",
      "// sunset-lint-disable-next-line no-deprecated-endpoint -- migrating in OPS-12",
      "fetch(`${API}/zones/${z}/settings/minify`);",
      "fetch(`${API}/zones/${z}/settings/brotli`); // sunset-lint-disable-line brotli-setting",
      "// eslint-disable-next-line sunset-lint/no-deprecated-endpoint",
      "fetch(`${API}/zones/${z}/rate_limits`);",
      "// sunset-lint-disable-next-line no-error-chain",
      "fetch(`${API}/zones/${z}/settings/mobile_redirect`);",
      "// eslint-disable-next-line no-console",
      "fetch(`${API}/zones/${z}/firewall/rules`);",
      "",
    ].join("\n"),
  );
  writeFileSync(join(project, "legacy.ts"), "/* sunset-lint-disable */\nfetch(`https://api.cloudflare.com/client/v4/zones/${z}/filters`);\n");

  it("hide what they name, on the lines they name", () => {
    const result = json([], project);
    expect(result.findings.map((f) => `${f.file}:${f.line} ${f.entryId}`)).toEqual(["client.ts:8 mobile-redirect", "client.ts:10 firewall-rules-api"]);
    expect(result.summary.suppressed).toBe(4);
  });

  it("--report-unused-disable lists the ones that suppress nothing and exits 1", () => {
    const run = runCli(["scan", "--report-unused-disable", "--only", "no-error-chain", "--as-of", AS_OF], project);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/Unused disable directives:\n {2}client\.ts:7 {2}sunset-lint-disable-next-line no-error-chain/);
  });
});

describe("baseline", () => {
  it("hides recorded findings, survives a line inserted above, and shows new ones", () => {
    const app = scratch("sample-app");
    const write = runCli(["scan", "--baseline", "sunset-baseline.json", "--update-baseline", "--format", "json", "--as-of", AS_OF], app);
    expect(write.stderr).toMatch(/wrote 26 findings to the baseline sunset-baseline\.json/);
    const clean = runCli(["scan", "--baseline", "sunset-baseline.json", "--as-of", AS_OF], app);
    expect(clean.code).toBe(0);

    const client = join(app, "src/cloudflare/client.ts");
    writeFileSync(client, `// a new header line\n\n${readFileSync(client, "utf8")}\nexport const brotli = (z: string) => http.get(\`/zones/\${z}/settings/brotli\`);\n`);
    const after = json(["--baseline", "sunset-baseline.json"], app);
    expect(after.findings.map((f) => `${f.file} ${f.entryId}`)).toEqual(["src/cloudflare/client.ts brotli-setting"]);
    expect(after.summary.baselined).toBe(26);
  });

  it("says what is wrong with a missing or foreign baseline file", () => {
    const app = scratch("sample-app");
    expect(runCli(["scan", "--baseline", "nope.json"], app).stderr).toMatch(/nope\.json: baseline file not found \(create it with --update-baseline\)/);
    writeFileSync(join(app, "other.json"), "{}");
    const foreign = runCli(["scan", "--baseline", "other.json"], app);
    expect(foreign.code).toBe(2);
    expect(foreign.stderr).toMatch(/other\.json: not a sunset-lint baseline/);
  });
});

describe("shards", () => {
  it("split the files disjointly, and merged they equal a full scan", () => {
    const app = scratch("sample-app");
    const full = json([], app);
    const parts = [1, 2, 3].map((index) => {
      const run = runCli(["scan", "--shard", `${index}/3`, "--format", "json", "--output", `part-${index}.json`, "--as-of", AS_OF], app);
      expect(run.stderr).toMatch(/wrote json output to part-\d\.json/);
      return JSON.parse(readFileSync(join(app, `part-${index}.json`), "utf8")) as { findings: Finding[]; summary: { files: number; shard: string } };
    });
    expect(parts.map((p) => p.summary.shard)).toEqual(["1/3", "2/3", "3/3"]);
    expect(parts.reduce((sum, p) => sum + p.summary.files, 0)).toBe(full.summary.files);
    expect(parts.filter((p) => p.findings.length > 0).length).toBeGreaterThan(1);
    const merged = runCli(["merge", "part-1.json", "part-2.json", "part-3.json", "--format", "json"], app);
    expect(merged.code).toBe(1);
    expect(JSON.parse(merged.stdout).findings.map(key)).toEqual(full.findings.map(key));
    const sarif = runCli(["merge", "part-1.json", "part-2.json", "part-3.json", "--format", "sarif"], app);
    expect(JSON.parse(sarif.stdout).runs[0].results).toHaveLength(full.findings.length);
  });

  it("rejects a bad --shard and results judged on different dates", () => {
    const app = scratch("sample-app");
    expect(runCli(["scan", "--shard", "4/3"], app).stderr).toMatch(/--shard takes i\/n with 1 ≤ i ≤ n/);
    runCli(["scan", "--format", "json", "--output", "a.json", "--as-of", "2026-01-01"], app);
    runCli(["scan", "--format", "json", "--output", "b.json", "--as-of", "2026-02-01"], app);
    const merged = runCli(["merge", "a.json", "b.json"], app);
    expect(merged.code).toBe(2);
    expect(merged.stderr).toMatch(/judged on different dates/);
  });
});

describe("cache", () => {
  it("gives identical output on a hit and notices a changed imported file", () => {
    const app = scratch("sample-app");
    const first = json(["--cache"], app);
    expect(existsSync(join(app, ".sunset-lint-cache/scan-cache.json"))).toBe(true);
    const cacheFile = join(app, ".sunset-lint-cache/scan-cache.json");
    // As in a checkout made earlier: the walk records each directory, and replays it next time.
    ageDirectories(app);
    expect(json(["--cache"], app).findings).toEqual(first.findings);
    const written = statSync(cacheFile).mtimeMs;
    const second = json(["--cache"], app);
    expect(second.findings).toEqual(first.findings);
    // Nothing changed: the cache file is not written again.
    expect(statSync(cacheFile).mtimeMs).toBe(written);
    // client.ts is unchanged, but the route it imports now points at a current endpoint
    const routes = join(app, "src/cloudflare/routes.ts");
    writeFileSync(routes, readFileSync(routes, "utf8").replace("firewallRules: (zoneId: string) => `${zonePath(zoneId)}/firewall/rules`", "firewallRules: (zoneId: string) => `${zonePath(zoneId)}/rulesets`"));
    const third = json(["--cache"], app);
    expect(third.findings.filter((f) => f.file === "src/cloudflare/client.ts" && f.entryId === "firewall-rules-api")).toEqual([]);
    expect(statSync(cacheFile).mtimeMs).toBeGreaterThan(written);
  });
});

describe("cache and the tool's own outputs", () => {
  it("knows a result written into the tree without reading it again, and reads it once it is something else", () => {
    const app = scratch("sample-app");
    const results = join(app, "results.json");
    writeFileSync(results, runCli(["scan", "--format", "json", "--as-of", AS_OF], app).stdout);
    const cold = json(["--cache"], app);
    const warm = json(["--cache"], app);
    expect(warm.summary.files).toBe(cold.summary.files);
    expect(warm.findings).toEqual(cold.findings);
    expect(cold.findings.some((f) => f.file === "results.json")).toBe(false);
    // Now a Logpush job the API would reject: read, counted and checked.
    writeFileSync(results, JSON.stringify({ dataset: "http_requests", destination_conf: "s3://bucket/logs", filter: "ClientIP eq 10.0.0.1" }));
    const changed = json(["--cache"], app);
    expect(changed.summary.files).toBe((cold.summary.files as number) + 1);
    expect(changed.findings.filter((f) => f.file === "results.json").map((f) => f.ruleId)).toContain("valid-logpush-filter");
  });
});

describe("--fix", () => {
  it("rewrites the script_monitor segment in place and reports what is left", () => {
    const app = scratch("sample-app");
    const dashboard = join(app, "src/web/Dashboard.tsx");
    const before = readFileSync(dashboard, "utf8");
    const run = runCli(["scan", "--fix", "--format", "json", "--as-of", AS_OF], app);
    expect(run.stderr).toMatch(/fixed 1 finding in 1 file/);
    const after = readFileSync(dashboard, "utf8");
    expect(after).toBe(before.replace("/script_monitor/scripts", "/page_shield/scripts"));
    expect(JSON.parse(run.stdout).findings.some((f: Finding) => f.ruleId === "no-script-monitor-path")).toBe(false);
  });
});

describe("type-aware scan", () => {
  it("uses the checker with --tsconfig", () => {
    const project = scratch("typed-project");
    expect(json([], project).findings).toEqual([]);
    const typed = json(["--tsconfig", "tsconfig.json"], project);
    expect(typed.findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.ruleId}`)).toEqual(["src/use.ts:5:41 no-removed-dns-record-fields"]);
  });
});

describe("what a run loads", () => {
  /** The project's modules a CLI run loads, through an ESM resolve hook that lists them. */
  const modulesLoaded = (args: string[], cwd: string): string[] => {
    const hooks = join(cwd, "list-modules.mjs");
    writeFileSync(hooks, `export async function resolve(specifier, context, next) { const r = await next(specifier, context); if (r.url.startsWith("file:")) process.stderr.write("LOADED " + r.url + "\\n"); return r; }\n`);
    const register = join(cwd, "register.mjs");
    writeFileSync(register, `import { register } from "node:module"; register(${JSON.stringify(`file://${hooks}`)});\n`);
    const run = spawnSync(process.execPath, ["--import", register, BIN, ...args], { cwd, encoding: "utf8", env: { ...process.env, CI: "1", NO_COLOR: "1" } });
    expect(run.status).not.toBe(2);
    return [...run.stderr.matchAll(/^LOADED file:\/\/(.*)$/gm)].map((match) => match[1]!);
  };

  it("a scan answered by its cache loads neither the analysis nor the --fix machinery", () => {
    const app = scratch("sample-app");
    const cold = modulesLoaded(["scan", "--cache", "--format", "json", "--as-of", AS_OF, "-o", "first.json", "src"], app);
    expect(cold.some((path) => path.endsWith("/dist/core/evaluator/evaluator.js"))).toBe(true);
    const warm = modulesLoaded(["scan", "--cache", "--format", "json", "--as-of", AS_OF, "-o", "second.json", "src"], app);
    expect(warm.some((path) => path.endsWith("/dist/scanner/scan.js"))).toBe(true);
    for (const heavy of ["/dist/core/evaluator/evaluator.js", "/dist/core/analyze.js", "/dist/core/detectors/endpoints.js", "/dist/scanner/analyze-file.js", "/dist/scanner/fix.js", "/node_modules/diff/"]) {
      expect(warm.filter((path) => path.includes(heavy))).toEqual([]);
    }
    expect(readFileSync(join(app, "second.json"), "utf8").length).toBeGreaterThan(0);
    expect(JSON.parse(readFileSync(join(app, "second.json"), "utf8")).findings).toEqual(JSON.parse(readFileSync(join(app, "first.json"), "utf8")).findings);
  });
});

describe("worker threads", () => {
  it("give the same findings as one thread", () => {
    const app = scratch("sample-app");
    expect(json(["--jobs", "2"], app).findings).toEqual(json(["--jobs", "0"], app).findings);
    const two = runCli(["scan", "--jobs", "2", "--debug", "--format", "json", "--as-of", AS_OF], app);
    expect(two.stderr.match(/debug: analysis workers start: V8 compiles less eagerly/g)).toHaveLength(1);
    const untuned = runCli(["scan", "--jobs", "2", "--debug", "--format", "json", "--as-of", AS_OF], app, { SUNSET_LINT_NO_V8_TUNING: "1" });
    expect(untuned.stderr).not.toMatch(/V8 compiles less eagerly/);
    expect(JSON.parse(untuned.stdout).findings).toEqual(JSON.parse(two.stdout).findings);
  });

  it("analyse JS/TS in one worker while files are read, by default from 200 files, with the same findings and cache", () => {
    const app = scratch("sample-app");
    // 200 more files, nothing to find in them: a scan large enough for the worker.
    mkdirSync(join(app, "filler"));
    for (let n = 0; n < 200; n++) writeFileSync(join(app, `filler/module-${n}.ts`), `export const value${n} = ${n};\n`);
    const single = runCli(["scan", "--format", "json", "--jobs", "0", "--debug", "--as-of", AS_OF], app);
    expect(single.stderr).not.toMatch(/in a worker/);
    const piped = runCli(["scan", "--format", "json", "--cache", "--debug", "--as-of", AS_OF], app);
    expect(piped.stderr).toMatch(/debug: analysed [1-9]\d* files in a worker while files were read/);
    // Every core is busy: V8 is told to compile less eagerly, and said so once.
    expect(piped.stderr.match(/debug: analysis workers start: V8 compiles less eagerly/g)).toHaveLength(1);
    expect(single.stderr).not.toMatch(/V8 compiles less eagerly/);
    // A first run with --cache has nothing cached: the worker starts while the walk goes on.
    expect(piped.stderr).toMatch(/debug: the analysis worker was started during the walk, at 200 files/);
    const findings = JSON.parse(single.stdout).findings;
    expect(findings.length).toBeGreaterThan(0);
    expect(JSON.parse(piped.stdout).findings).toEqual(findings);
    // What the worker found was cached: the next run starts no worker and finds the same.
    const cached = runCli(["scan", "--format", "json", "--cache", "--debug", "--as-of", AS_OF], app);
    expect(cached.stderr).toMatch(/debug: analysed 0 files in a worker/);
    // Nothing to analyse, no worker: V8 keeps its defaults (a short run gains from early compiling).
    expect(cached.stderr).not.toMatch(/V8 compiles less eagerly/);
    expect(cached.stderr).not.toMatch(/worker was started/);
    expect(JSON.parse(cached.stdout).findings).toEqual(findings);
    // One file edited: fewer than a batch, analysed in the main thread without starting the worker, and no notice.
    const edited = findings[0].file as string;
    writeFileSync(join(app, edited), `${readFileSync(join(app, edited), "utf8")}\n// edited\n`);
    const once = runCli(["scan", "--format", "json", "--cache", "--debug", "--as-of", AS_OF], app);
    expect(once.stderr).toMatch(/debug: analysed 0 files in a worker while files were read, [1-3] in the main thread/);
    expect(once.stderr).not.toMatch(/worker stopped/);
    expect(once.stderr).not.toMatch(/V8 compiles less eagerly/);
    expect(JSON.parse(once.stdout).findings).toEqual(findings);
  });

  it("end a run whose later path is missing with exit 2, though the walk of the first started the worker", () => {
    const app = scratch("sample-app");
    mkdirSync(join(app, "filler"));
    for (let n = 0; n < 200; n++) writeFileSync(join(app, `filler/module-${n}.ts`), `export const value${n} = ${n};\n`);
    // A worker left running would keep the process alive: the timeout turns that into a failure.
    const run = spawnSync(process.execPath, [BIN, "scan", "filler", "missing", "--debug"], { cwd: app, encoding: "utf8", timeout: 60_000, env: { ...process.env, CI: "1", NO_COLOR: "1" } });
    expect(run.stderr).toMatch(/debug: the analysis worker was started during the walk/);
    expect(run.stderr).toMatch(/^sunset-lint: missing: no such file or directory$/m);
    expect(run.status).toBe(2);
  });

  it("analyse every language in the worker while files are read when most files are not JS/TS, the others here when most are", () => {
    const scanOf = (app: string, jobs: string[]) => {
      const run = runCli(["scan", "--format", "json", "--debug", "--as-of", AS_OF, ...jobs], app);
      const result = JSON.parse(run.stdout);
      return { stderr: run.stderr, findings: result.findings, problems: result.summary.problems, parsed: result.summary.parsed as number };
    };
    // Python, Go, PHP, Ruby, Terraform, YAML with CI steps (the shell front end), shell, JSON, Vue, Svelte.
    const polyglot = scratch("polyglot");
    mkdirSync(join(polyglot, "filler"));
    for (let n = 0; n < 200; n++) writeFileSync(join(polyglot, `filler/task_${n}.py`), `VALUE_${n} = ${n}\n`);
    const single = scanOf(polyglot, ["--jobs", "0"]);
    expect(single.stderr).not.toMatch(/in a worker/);
    const languages = new Set(single.findings.map((finding: { file: string }) => finding.file.split(".").pop()));
    for (const extension of ["py", "go", "php", "rb", "tf", "yml", "sh", "jsonc", "vue", "svelte"]) expect(languages).toContain(extension);
    const piped = scanOf(polyglot, []);
    expect(piped.stderr).toContain(`debug: analysed ${single.parsed} files in a worker while files were read, 0 in the main thread`);
    expect(piped.findings).toEqual(single.findings);
    expect(piped.problems).toEqual(single.problems);
    // Mostly JS/TS: the worker has enough to do; the other languages are analysed here meanwhile.
    mkdirSync(join(polyglot, "modules"));
    for (let n = 0; n < 500; n++) writeFileSync(join(polyglot, `modules/module-${n}.ts`), `export const value${n} = ${n};\n`);
    const mostlyTs = scanOf(polyglot, []);
    const [, inWorker, here] = /debug: analysed (\d+) files in a worker while files were read, (\d+) in the main thread/.exec(mostlyTs.stderr)!;
    expect(Number(here)).toBeGreaterThan(5);
    expect(Number(inWorker) + Number(here)).toBe(mostlyTs.parsed);
    expect(mostlyTs.findings).toEqual(single.findings);
    expect(mostlyTs.problems).toEqual(single.problems);
  });

  it("start the worker without the compiler when the walk has found no JS/TS yet, and load it for the first JS/TS file", () => {
    const app = scratch("sample-app");
    // The walk takes a directory's files before its subdirectories: these come before src/.
    for (let n = 0; n < 210; n++) writeFileSync(join(app, `task_${n}.py`), `VALUE_${n} = ${n}\n`);
    const scanOf = (jobs: string[]) => {
      const run = runCli(["scan", "--format", "json", "--debug", "--as-of", AS_OF, ...jobs], app);
      return { stderr: run.stderr, findings: JSON.parse(run.stdout).findings as { file: string; ruleId: string }[] };
    };
    const piped = scanOf([]);
    expect(piped.stderr).toMatch(/debug: the analysis worker was started during the walk, at 200 files \(none of them JS\/TS: the compiler is loaded when one is analysed\)/);
    expect(piped.stderr).toMatch(/debug: analysed [1-9]\d* files in a worker while files were read/);
    expect(piped.findings.some((finding) => /\.[jt]sx?$/.test(finding.file))).toBe(true);
    expect(piped.findings).toEqual(scanOf(["--jobs", "0"]).findings);
  });

  it("collect the garbage of a large file analysed in the main thread at once, with the same findings", () => {
    const app = scratch("sample-app");
    mkdirSync(join(app, "modules"));
    for (let n = 0; n < 300; n++) writeFileSync(join(app, `modules/module-${n}.ts`), `export const value${n} = ${n};\n`);
    // A recorded HTTP exchange of 240 KB: a request written as data, among thousands of records.
    const records = Array.from({ length: 3000 }, (_, n) => ({ id: n, name: `entry-${n}`, note: "nothing to see here" }));
    const cassette = { interactions: [{ request: { method: "GET", uri: "https://api.cloudflare.com/client/v4/zones/023e105f4ecef8ad9ca31a8372d0c353/firewall/rules" } }], records };
    writeFileSync(join(app, "cassette.json"), JSON.stringify(cassette, null, 1));
    const scanOf = (extra: string[], env: Record<string, string> = {}) => {
      const run = spawnSync(process.execPath, [BIN, "scan", "--format", "json", "--debug", "--as-of", AS_OF, ...extra], { cwd: app, encoding: "utf8", env: { ...process.env, CI: "1", NO_COLOR: "1", ...env } });
      return { stderr: run.stderr, findings: JSON.parse(run.stdout).findings as { file: string; line: number; ruleId: string }[] };
    };
    const piped = scanOf([]);
    expect(piped.stderr).toMatch(/debug: a large file analysed in the main thread: its garbage collected at once \(heap \d+ -> \d+ MiB\)/);
    expect(piped.findings.map((finding) => `${finding.file}:${finding.line} ${finding.ruleId}`)).toContain("cassette.json:6 no-deprecated-endpoint");
    expect(piped.findings).toEqual(scanOf(["--jobs", "0"]).findings);
    const untuned = scanOf([], { SUNSET_LINT_NO_V8_TUNING: "1" });
    expect(untuned.stderr).not.toMatch(/garbage collected/);
    expect(untuned.findings).toEqual(piped.findings);
  });

  it("fix the same as one thread when the worker analyses", () => {
    const fixedTree = (jobs: string) => {
      const app = scratch("sample-app");
      mkdirSync(join(app, "filler"));
      for (let n = 0; n < 200; n++) writeFileSync(join(app, `filler/module-${n}.ts`), `export const value${n} = ${n};\n`);
      const run = runCli(["scan", "--fix", "--jobs", jobs, "--debug", "--format", "json", "--as-of", AS_OF], app);
      expect(run.stderr).toMatch(/fixed 1 finding in 1 file/);
      return { stderr: run.stderr, dashboard: readFileSync(join(app, "src/web/Dashboard.tsx"), "utf8") };
    };
    const piped = fixedTree("1");
    expect(piped.stderr).toMatch(/debug: analysed [1-9]\d* files in a worker/);
    expect(piped.dashboard).toContain("/page_shield/scripts");
    expect(piped.dashboard).toBe(fixedTree("0").dashboard);
  });

  it("analyse in the main thread what a worker out of memory left, and say so", () => {
    const app = scratch("sample-app");
    const run = runCli(["scan", "--jobs", "1", "--format", "json", "--as-of", AS_OF], app, { SUNSET_LINT_WORKER_HEAP_MB: "16" });
    expect(run.stderr).toMatch(/^sunset-lint: the analysis worker stopped \(it ran out of its 16 MiB of memory\): \d+ files? analysed in the main thread instead$/m);
    expect(JSON.parse(run.stdout).findings).toEqual(json(["--jobs", "0"], app).findings);
  });
});

describe("the programmatic API", () => {
  it("returns findings and prints nothing", async () => {
    const { scan } = await import("../../dist/index.js");
    const writes: string[] = [];
    const original = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string) => (writes.push(String(chunk)), true)) as typeof process.stdout.write;
    try {
      const result = await scan({ cwd: `${FIXTURES}/sample-app`, asOf: AS_OF });
      expect(result.findings.length).toBe(26);
    } finally {
      process.stdout.write = original;
    }
    expect(writes).toEqual([]);
  });
});
