import { describe, expect, it } from "vitest";
import { AS_OF, runCli, scratch } from "../support/cli.js";
import { buildHostileTree } from "../support/hostile-tree.js";

interface Result {
  findings: { file: string; ruleId: string }[];
  summary: { problems: { file: string; kind: string; message: string }[] };
}

describe("a hostile tree", () => {
  it("every real finding is reported, every bad file named, exit 1, well within a minute", () => {
    const root = scratch();
    const tree = buildHostileTree(root);
    const started = Date.now();
    const run = runCli(["scan", "--format", "json", "--as-of", AS_OF], root);
    const elapsed = Date.now() - started;
    expect(run.stderr).toBe("");
    expect(run.code).toBe(1);
    const result = JSON.parse(run.stdout) as Result;
    expect([...new Set(result.findings.map((finding) => finding.file))].sort()).toEqual(tree.findings);
    expect(result.findings.every((finding) => finding.ruleId === "no-deprecated-endpoint")).toBe(true);
    const named = (kind: string) => result.summary.problems.filter((problem) => problem.kind === kind).map((problem) => problem.file).sort();
    expect(named("unscannable")).toEqual(tree.unscannable);
    expect(named("skipped")).toEqual(tree.skipped);
    expect(result.summary.problems.find((problem) => problem.file === "links/loop-a.ts")?.message).toMatch(/symbolic link loop/);
    expect(elapsed).toBeLessThan(60_000);

    // The same tree in the text formats: every bad file named, nothing raw from the tree's content.
    const stylish = runCli(["scan", "--as-of", AS_OF], root);
    expect(stylish.code).toBe(1);
    for (const file of [...tree.unscannable, ...tree.skipped]) expect(stylish.stdout).toContain(file);
  }, 120_000);

  it("gives the same findings and names the same bad files when a worker analyses while files are read", () => {
    const root = scratch();
    buildHostileTree(root);
    const scanWith = (jobs: string) => {
      const run = runCli(["scan", "--format", "json", "--jobs", jobs, "--debug", "--as-of", AS_OF], root);
      expect(run.code).toBe(1);
      return { stderr: run.stderr, result: JSON.parse(run.stdout) as Result };
    };
    const single = scanWith("0");
    const piped = scanWith("1");
    // The worker did the JS/TS files (the deepest retried with a larger stack, as in one thread).
    expect(piped.stderr).toMatch(/debug: analysed [1-9]\d* files in a worker/);
    expect(single.stderr).not.toMatch(/in a worker/);
    expect(piped.result.findings).toEqual(single.result.findings);
    expect(piped.result.summary.problems).toEqual(single.result.summary.problems);
  }, 120_000);
});

