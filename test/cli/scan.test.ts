import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { cachedHelp, mainStamp } from "../../src/cli/help-cache.js";
import { LANGUAGE_IDS } from "../../src/languages/index.js";
import { expectedFindings } from "../support/expectations.js";
import { AS_OF, runCli, scratch } from "../support/cli.js";

const app = scratch("sample-app");
const scanJson = (args: string[] = [], cwd = app) => {
  const run = runCli(["scan", "--format", "json", "--as-of", AS_OF, ...args], cwd);
  return { ...run, result: run.stdout ? JSON.parse(run.stdout) : null };
};

describe("sunset-lint scan --format json", () => {
  const { code, result, stderr } = scanJson();

  it("finds what the sample's expect: comments name, and exits 1", () => {
    expect(stderr).toBe("");
    expect(code).toBe(1);
    expect(result.findings.map((f: { file: string; line: number; ruleId: string }) => `${f.file}:${f.line} ${f.ruleId}`).sort()).toEqual(expectedFindings(app));
  });

  it("prints the contract: version, asOf, findings with every field, summary", () => {
    expect(result.version).toBe(1);
    expect(result.asOf).toBe(AS_OF);
    const fields = ["ruleId", "entryId", "item", "file", "line", "column", "endLine", "endColumn", "message", "date", "status", "replacement", "method", "path", "confidence", "severity"];
    for (const finding of result.findings) {
      for (const field of fields) expect(finding).toHaveProperty(field);
      expect(finding.file).toMatch(/^src\/[\w/.-]+$/);
      expect(["in-effect", "upcoming"]).toContain(finding.status);
      expect(["high", "medium", "low"]).toContain(finding.confidence);
      expect(finding.line).toBeGreaterThanOrEqual(1);
      expect(finding.column).toBeGreaterThanOrEqual(1);
    }
    const minify = result.findings.find((f: { path: string | null }) => f.path === "/zones/:zone_id/settings/minify");
    expect(minify).toMatchObject({ ruleId: "no-deprecated-endpoint", entryId: "auto-minify", item: 8, method: "PATCH", date: "2024-08-05", status: "in-effect", replacement: null, severity: "error", file: "src/cloudflare/client.ts", line: 16 });
    expect(minify.message).toBe("`PATCH /zones/:zone_id/settings/minify` is deprecated since 2024-08-05 (Auto minify deprecated); remove the call.");
    const logpush = result.findings.find((f: { ruleId: string }) => f.ruleId === "valid-logpush-filter");
    expect(logpush).toMatchObject({ item: null, entryId: null, date: null, status: "in-effect" });
    expect(result.summary).toMatchObject({ files: 15, findings: result.findings.length, byStatus: { "in-effect": result.findings.length, upcoming: 0 } });
  });

  it("reports upcoming entries as warnings and judges them with --as-of", () => {
    const early = scanJson(["--as-of", "2024-06-01", "--fail-on", "in-effect"]);
    const firewall = early.result.findings.find((f: { entryId: string }) => f.entryId === "firewall-rules-api");
    expect(firewall).toMatchObject({ status: "upcoming", severity: "warning" });
    expect(firewall.message).toMatch(/is deprecated from 2025-01-15, in 228 days/);
  });
});

describe("exit codes", () => {
  it("exits 0 with --fail-on none, and when nothing is found", () => {
    expect(scanJson(["--fail-on", "none"]).code).toBe(0);
    const clean = scratch();
    writeFileSync(join(clean, "ok.ts"), "export const x = fetch('https://api.cloudflare.com/client/v4/zones/z/dns_records');\n");
    const run = runCli(["scan", "--as-of", AS_OF], clean);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("No deprecated API use found in 1 file");
  });

  it("exits 1 on upcoming findings only with --fail-on upcoming", () => {
    expect(scanJson(["--as-of", "2020-01-01"]).code).toBe(1); // the Logpush filter problem is in effect
    expect(scanJson(["--as-of", "2020-01-01", "--skip", "valid-logpush-filter"]).code).toBe(0);
    expect(scanJson(["--as-of", "2020-01-01", "--skip", "valid-logpush-filter", "--fail-on", "upcoming"]).code).toBe(1);
  });

  it("exits 2 with a clear message on usage errors", () => {
    const bad = runCli(["scan", "--fail-on", "sometimes"], app);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/option '--fail-on <status>' argument 'sometimes' is invalid. Allowed choices are in-effect, upcoming, none/);
    const date = runCli(["scan", "--as-of", "2025-13-01"], app);
    expect(date.code).toBe(2);
    expect(date.stderr).toMatch(/expected a date written YYYY-MM-DD/);
    const only = runCli(["scan", "--only", "firewall"], app);
    expect(only.code).toBe(2);
    expect(only.stderr).toMatch(/"firewall" is not a rule, an entry id or an item number/);
    expect(runCli(["frobnicate"], app).code).toBe(2);
  });

  it("prints help and the version with exit 0", () => {
    const help = runCli(["scan", "--help"], app);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/--fail-on <status>/);
    // --languages names every language the scanner reads (the help loads none of their front ends).
    const languagesHelp = help.stdout.slice(help.stdout.indexOf("--languages"), help.stdout.indexOf("(default: all but")).replace(/\s+/g, " ");
    for (const id of LANGUAGE_IDS) expect(languagesHelp).toContain(id);
    // Answered by bin.ts before the command line is loaded: the package's version, exit 0, both spellings.
    const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
    for (const flag of ["--version", "-v"]) expect(runCli([flag], app)).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
    // --help from the texts written at build time: commander's own (its `help` command goes through it).
    for (const command of ["", "scan", "merge", "report", "schedule", "demo"]) {
      const viaCommander = runCli(command ? ["help", command] : ["help"], app);
      expect(viaCommander.code).toBe(0);
      expect(viaCommander.stdout).toMatch(/^Usage: sunset-lint/);
      for (const flag of ["--help", "-h"]) expect(runCli(command ? [command, flag] : [flag], app)).toEqual(viaCommander);
    }
  });
});

describe("the help texts written at build time", () => {
  const written = (main: string, texts: Record<string, string>) => {
    const directory = scratch();
    writeFileSync(join(directory, "main.js"), main);
    writeFileSync(join(directory, "help.json"), JSON.stringify({ main: mainStamp(pathToFileURL(`${directory}/`)), texts }));
    return directory;
  };

  it("answer --help and COMMAND --help, and nothing else", () => {
    const directory = pathToFileURL(`${written("// main", { "": "program help\n", scan: "scan help\n" })}/`);
    expect(cachedHelp(["--help"], directory)).toBe("program help\n");
    expect(cachedHelp(["scan", "-h"], directory)).toBe("scan help\n");
    for (const argv of [["report", "--help"], ["scan", "--help", "src"], ["--help", "scan"], ["-v"], []]) expect(cachedHelp(argv, directory)).toBeNull();
  });

  it("are not used beside a main.js other than the one they were written from, nor when missing or broken", () => {
    const folder = written("// main", { "": "old help\n" });
    const directory = pathToFileURL(`${folder}/`);
    writeFileSync(join(folder, "main.js"), "// main, rebuilt without them");
    expect(cachedHelp(["--help"], directory)).toBeNull();
    writeFileSync(join(folder, "help.json"), "{ not json");
    expect(cachedHelp(["--help"], directory)).toBeNull();
    expect(cachedHelp(["--help"], pathToFileURL(`${scratch()}/`))).toBeNull();
  });
});

describe("--only and --skip", () => {
  it("take rules, entry ids and item numbers", () => {
    const rules = (args: string[]) => [...new Set(scanJson(args).result.findings.map((f: { ruleId: string }) => f.ruleId))].sort();
    expect(rules(["--only", "no-error-chain"])).toEqual(["no-error-chain"]);
    expect(scanJson(["--only", "8,auto-minify"]).result.findings.map((f: { item: number }) => f.item)).toEqual([8]);
    expect(rules(["--skip", "no-deprecated-endpoint", "--skip", "valid-logpush-filter"])).not.toContain("no-deprecated-endpoint");
  });
});

describe("SARIF", () => {
  const schema = JSON.parse(readFileSync(new URL("../schemas/sarif-2.1.0.json", import.meta.url), "utf8"));
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const validate = ajv.compile(schema);

  it("is valid against the official 2.1.0 schema, with rules, help URIs and relative locations", () => {
    const run = runCli(["scan", "--format", "sarif", "--as-of", AS_OF], app);
    const log = JSON.parse(run.stdout);
    expect(validate(log), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    const driver = log.runs[0].tool.driver;
    expect(driver.name).toBe("sunset-lint");
    expect(driver.rules.map((r: { id: string }) => r.id)).toContain("no-deprecated-endpoint");
    for (const rule of driver.rules) expect(rule.helpUri).toMatch(/\/docs\/rules\/[\w-]+\.md$/);
    const results = log.runs[0].results;
    expect(results.length).toBe(JSON.parse(runCli(["scan", "--format", "json", "--as-of", AS_OF], app).stdout).findings.length);
    for (const result of results) {
      expect(driver.rules[result.ruleIndex].id).toBe(result.ruleId);
      const location = result.locations[0].physicalLocation;
      expect(location.artifactLocation.uri).toMatch(/^src\//);
      expect(location.region.startLine).toBeGreaterThanOrEqual(1);
    }
  });

  it("always has results, and lists skipped files as notes and unanalysable files as execution errors", () => {
    const project = scratch();
    writeFileSync(join(project, "binary.js"), Buffer.from([0x63, 0x6f, 0, 1, 2, 3]));
    const log = JSON.parse(runCli(["scan", "--format", "sarif", "--as-of", AS_OF], project).stdout);
    expect(validate(log), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    expect(log.runs[0].results).toEqual([]);
    expect(log.runs[0].invocations[0].executionSuccessful).toBe(true);
    expect(log.runs[0].invocations[0].toolExecutionNotifications[0]).toMatchObject({ level: "note", message: { text: expect.stringMatching(/binary\.js: skipped: binary content/) } });

    writeFileSync(join(project, "broken.ts"), "const url = 'https://api.cloudflare.com/client/v4/zones/z/settings/minify' +;\n");
    const failing = runCli(["scan", "--format", "sarif", "--as-of", AS_OF], project);
    const failed = JSON.parse(failing.stdout);
    expect(validate(failed), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    expect(failing.code).toBe(1);
    expect(failed.runs[0].invocations[0].executionSuccessful).toBe(false);
    expect(failed.runs[0].invocations[0].toolExecutionNotifications).toContainEqual(expect.objectContaining({ level: "error", message: { text: expect.stringMatching(/^broken\.ts: only partly analysed: syntax error/) } }));
  });
});

describe("github annotations", () => {
  it("prints one workflow command per finding", () => {
    const lines = runCli(["scan", "--format", "github", "--as-of", AS_OF], app).stdout.trim().split("\n");
    expect(lines.length).toBe(scanJson().result.findings.length);
    expect(lines).toContain(
      "::error file=src/cloudflare/client.ts,line=16,col=20,endLine=16,endColumn=54,title=no-deprecated-endpoint (item 8)::`PATCH /zones/:zone_id/settings/minify` is deprecated since 2024-08-05 (Auto minify deprecated); remove the call.",
    );
  });
});

describe("stylish", () => {
  it("groups by file and shows date, status and replacement in each line, then a summary", () => {
    const run = runCli(["scan", "--as-of", AS_OF], app);
    expect(run.stdout).toMatch(/^src\/legacy\/tunnels\.js$/m);
    expect(run.stdout).toMatch(/ {2}5:50 +error +in effect +`GET accounts\/:account_identifier\/tunnels` is deprecated since 2024-02-04 \(Account tunnels API deprecated\); use the tunnel API instead\. +no-deprecated-endpoint/);
    expect(run.stdout).toMatch(/✖ 26 problems \(26 errors, 0 warnings\) in 12 files/);
  });
});

describe("bad input", () => {
  const project = scratch();
  writeFileSync(join(project, "good.ts"), "fetch(`https://api.cloudflare.com/client/v4/zones/${z}/settings/brotli`);\n");
  writeFileSync(join(project, "broken.ts"), "export const = fetch(`https://api.cloudflare.com/client/v4/zones/${z}/settings/minify`;\n");
  writeFileSync(join(project, "binary.mjs"), Buffer.concat([Buffer.from("zones/"), Buffer.alloc(64)]));
  writeFileSync(join(project, "huge.js"), `// zones/x/settings/minify\n${"x".repeat(3 * 1024 * 1024)}\n`);
  symlinkSync(join(project, "missing-target.ts"), join(project, "dangling.ts"));
  mkdirSync(join(project, "folder.js"));
  writeFileSync(join(project, "folder.js", "inner.ts"), "export const ok = 1;\n");

  it("names each file and its problem, and goes on with the others", () => {
    const run = runCli(["scan", "--format", "json", "--as-of", AS_OF], project);
    const result = JSON.parse(run.stdout);
    expect(run.code).toBe(1);
    // The broken file is analysed as far as the parser made it out, and named as only partly analysed.
    expect(result.findings.map((f: { file: string; entryId: string }) => `${f.file} ${f.entryId}`)).toEqual(["broken.ts auto-minify", "good.ts brotli-setting"]);
    const problems = Object.fromEntries(result.summary.problems.map((p: { file: string; message: string }) => [p.file, p.message]));
    const kinds = Object.fromEntries(result.summary.problems.map((p: { file: string; kind: string }) => [p.file, p.kind]));
    expect(problems["broken.ts"]).toMatch(/^only partly analysed: syntax error \(line 1, column 14: Variable declaration expected\.\); the findings made are kept/);
    // a file that should have been analysed and was not, against one left out by policy
    expect(kinds).toMatchObject({ "broken.ts": "unscannable", "dangling.ts": "unscannable", "binary.mjs": "skipped", "huge.js": "skipped" });
    expect(problems["binary.mjs"]).toMatch(/binary content/);
    expect(problems["huge.js"]).toMatch(/over the 2\.0 MiB limit/);
    expect(problems["dangling.ts"]).toMatch(/broken symbolic link/);
    expect(Object.keys(problems)).not.toContain("folder.js");
    expect(result.summary.files).toBe(5);
  });

  it("exits 2 naming a path that does not exist, never a green run", () => {
    const run = runCli(["scan", "nowhere", "--as-of", AS_OF], project);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^sunset-lint: nowhere: no such file or directory\n$/);
    expect(run.stdout).not.toMatch(/No deprecated API use found/);
  });
});
