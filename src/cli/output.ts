/**
 * What every command shares at its end: the report's context (catalogue, CODEOWNERS, source
 * reader), writing a formatter's output to standard output or a file, and the exit code.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { loadCatalogue } from "../catalogue/load.js";
import { WriteError, writeFileAtomic } from "../files/write-atomic.js";
import { FORMAT_LOADERS } from "../report/formats.js";
import type { ReportMeta } from "../report/types.js";
import { isUnscannable, type ScanResult } from "../scanner/result.js";
import { EXIT_CLEAN, EXIT_FINDINGS, out, UsageError, VERSION, type FailOn } from "./errors.js";

export { EXIT_CLEAN, EXIT_ERROR, EXIT_FINDINGS, out, UsageError, VERSION, type FailOn } from "./errors.js";



export function meta(cwd: string, color: boolean, catalogueSchedule: string | null): ReportMeta {
  let codeowners: string | null = null;
  for (const candidate of ["CODEOWNERS", ".github/CODEOWNERS", "docs/CODEOWNERS"]) {
    try {
      codeowners = readFileSync(resolve(cwd, candidate), "utf8");
      break;
    } catch {
      // not there
    }
  }
  return {
    catalogue: loadCatalogue(catalogueSchedule ?? undefined, cwd),
    cwd,
    toolVersion: VERSION,
    generatedAt: new Date().toISOString(),
    color,
    codeowners,
    readSource: (file) => {
      try {
        return readFileSync(resolve(cwd, file), "utf8");
      } catch {
        return null;
      }
    },
  };
}

export async function emit(result: ScanResult, format: string, output: string | undefined, reportMeta: ReportMeta): Promise<void> {
  const load = FORMAT_LOADERS[format];
  if (!load) throw new UsageError(`the ${format} format is not available in this version`);
  const text = (await load())(result, reportMeta);
  if (output) {
    try {
      writeFileAtomic(resolve(output), text);
    } catch (error) {
      if (error instanceof WriteError) throw new UsageError(`${output}: ${error.reason}`);
      throw error;
    }
    process.stderr.write(`sunset-lint: wrote ${format} output to ${output}\n`);
  } else out(text);
}

export function exitCodeOf(result: ScanResult, failOn: FailOn, unusedFail: boolean, allowUnscannable = false): number {
  if (unusedFail && result.summary.unusedDisableDirectives.length > 0) return EXIT_FINDINGS;
  // A file that should have been analysed and was not fails the run, like ESLint's fatal parse errors.
  if (!allowUnscannable && result.summary.problems.some(isUnscannable)) return EXIT_FINDINGS;
  if (failOn === "none") return EXIT_CLEAN;
  const failing = result.findings.some((finding) => finding.status === "in-effect" || (failOn === "upcoming" && finding.status === "upcoming"));
  return failing ? EXIT_FINDINGS : EXIT_CLEAN;
}

