/**
 * The analysis pipeline's worker, as the CLI runs it (the compiled worker script: from TypeScript
 * sources the scan stays in one thread). The scan sends each file's text along, within a budget.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dist = join(import.meta.dirname, "../../dist");
const { AnalysisPipeline } = (await import(join(dist, "scanner/workers.js"))) as typeof import("../../src/scanner/workers.js");
const { resolveOptions, NO_NARROWING } = (await import(join(dist, "core/options.js"))) as typeof import("../../src/core/options.js");
const { REQUEST_NAMES, SDK_METHOD_SPELLINGS } = (await import(join(dist, "languages/index.js"))) as typeof import("../../src/languages/index.js");
type FileAnalysis = import("../../src/scanner/analyze-file.js").FileAnalysis;

const folder = mkdtempSync(join(tmpdir(), "sunset-lint-pipeline-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const setup = {
  cwd: folder,
  schedule: null,
  options: resolveOptions({ asOf: "2026-11-28" }),
  withFixes: false,
  maxFileBytes: 1024 * 1024,
  requestNames: REQUEST_NAMES,
  methodSpellings: SDK_METHOD_SPELLINGS,
};
/** On disk: nothing deprecated. As sent: a call of a retired endpoint. */
const onDisk = `export const ok = () => fetch("https://api.cloudflare.com/client/v4/zones");\n`;
const asSent = `export const old = () => fetch("https://api.cloudflare.com/client/v4/user/billing/history");\n`;

async function analyse(budget: number | undefined, files: string[]): Promise<Map<string, FileAnalysis>> {
  const results = new Map<string, FileAnalysis>();
  const pipeline = new AnalysisPipeline(setup, (path, result) => results.set(path, result), undefined, budget);
  for (const file of files) pipeline.submit({ file, language: "typescript", frontEnds: ["typescript"], narrowing: NO_NARROWING, text: asSent });
  const { unanalysed, failure } = await pipeline.finish();
  expect({ unanalysed, failure }).toEqual({ unanalysed: [], failure: null });
  return results;
}

describe("the analysis pipeline", () => {
  const files = ["a.ts", "b.ts", "c.ts", "d.ts"].map((name) => join(folder, name));
  for (const file of files) writeFileSync(file, onDisk);

  it("analyses the text the scan read and sent along, without reading the file again", async () => {
    const results = await analyse(undefined, files);
    for (const file of files) expect(results.get(file)?.findings.map((finding) => finding.ruleId)).toEqual(["no-deprecated-endpoint"]);
  });

  it("sends texts only within its budget: the worker reads the rest itself", async () => {
    // Room for two texts: the other two files are analysed as they are on disk.
    const results = await analyse(asSent.length * 2, files);
    expect(files.map((file) => results.get(file)?.findings.length)).toEqual([1, 1, 0, 0]);
  });
});
