import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { BIN, scratch } from "../support/cli.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const action = parse(readFileSync(join(ROOT, "action.yml"), "utf8")) as {
  inputs: Record<string, { default?: string }>;
  runs: { using: string; steps: { run?: string; env?: Record<string, string>; if?: string; uses?: string }[] };
};

/** Runs the action's scan step as the runner would: inputs as INPUT_* variables, outputs to $GITHUB_OUTPUT. */
function runScanStep(cwd: string, inputs: Record<string, string>): { code: number; stdout: string; outputs: Record<string, string> } {
  const dir = scratch();
  const outputFile = join(dir, "github-output");
  writeFileSync(outputFile, "");
  const run = spawnSync("bash", [join(ROOT, ".github/action/run.sh")], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, CI: "1", GITHUB_ACTION_PATH: ROOT, RUNNER_TEMP: dir, GITHUB_OUTPUT: outputFile, SUNSET_LINT_BIN: BIN, ...inputs },
  });
  const outputs = Object.fromEntries(readFileSync(outputFile, "utf8").trim().split("\n").filter(Boolean).map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]));
  return { code: run.status ?? -1, stdout: run.stdout, outputs };
}

describe("the composite GitHub Action (action.yml)", () => {
  it("declares every input it uses and never splices an input into a script", () => {
    expect(action.runs.using).toBe("composite");
    const text = readFileSync(join(ROOT, "action.yml"), "utf8");
    for (const [, name] of text.matchAll(/inputs\.([\w-]+)/g)) expect(Object.keys(action.inputs)).toContain(name);
    for (const step of action.runs.steps) if (step.run) expect(step.run).not.toMatch(/\$\{\{/);
  });

  it("scans, writes SARIF and annotations, passes the exit code on, and writes the report when asked", () => {
    const app = scratch("sample-app");
    const { code, stdout, outputs } = runScanStep(app, { INPUT_PATHS: "", INPUT_FAIL_ON: "in-effect", INPUT_REPORT: "true", INPUT_ARGS: "--as-of 2026-11-21" });
    expect(code).toBe(0); // the step itself succeeds so the uploads run; the last step fails the job
    expect(outputs["exit-code"]).toBe("1");
    const sarif = JSON.parse(readFileSync(outputs["sarif-file"]!, "utf8")) as { version: string; runs: { results: unknown[] }[] };
    expect(sarif.version).toBe("2.1.0");
    expect(sarif.runs[0]!.results.length).toBeGreaterThan(10);
    expect(stdout).toMatch(/^::error file=src\/[^,]+,line=\d+/m);
    expect(readFileSync(outputs["report-file"]!, "utf8")).toMatch(/^<!doctype html>/i);
  });

  it("fail-on none: exit code 0 and still the SARIF", () => {
    const app = scratch("sample-app");
    const { outputs } = runScanStep(app, { INPUT_FAIL_ON: "none", INPUT_ARGS: "--as-of 2026-11-21" });
    expect(outputs["exit-code"]).toBe("0");
    expect(outputs["sarif-file"]).toBeTruthy();
    expect(outputs["report-file"]).toBeUndefined();
  });

  it("is exercised by this repository's workflow, which uses it on the sample app", () => {
    const workflow = parse(readFileSync(join(ROOT, ".github/workflows/action.yml"), "utf8")) as { permissions: Record<string, string>; jobs: Record<string, { steps: { uses?: string; with?: Record<string, string> }[] }> };
    expect(workflow.permissions["security-events"]).toBe("write");
    const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
    expect(steps.some((step) => step.uses === "./" && step.with?.paths === "fixtures/sample-app")).toBe(true);
    expect(steps.some((step) => step.uses?.startsWith("actions/setup-node@"))).toBe(true);
  });
});

describe(".pre-commit-hooks.yaml", () => {
  it("defines the sunset-lint hook running the scan on the staged JS/TS files", () => {
    const hooks = parse(readFileSync(join(ROOT, ".pre-commit-hooks.yaml"), "utf8")) as { id: string; entry: string; language: string; types_or: string[] }[];
    expect(hooks).toEqual([expect.objectContaining({ id: "sunset-lint", entry: "sunset-lint scan", language: "node" })]);
    expect(hooks[0]!.types_or).toEqual(expect.arrayContaining(["ts", "tsx", "javascript", "jsx"]));
  });
});
