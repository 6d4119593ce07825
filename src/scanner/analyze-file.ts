/**
 * One file through the core: parse (with the compiler), analyse, place findings on lines and
 * columns, apply suppression comments. Shared by the main thread and the workers.
 */
import { createHash } from "node:crypto";
import type { CatalogueIndex } from "../catalogue/load.js";
import { analyzeModule, type AnalysisOptions } from "../core/analyze.js";
import { narrowedOptions, NO_NARROWING, type Narrowing } from "../core/options.js";
import { Evaluator, type TypeOracle } from "../core/evaluator/index.js";
import { lineColumn, lineStartsOf, type Finding } from "../core/finding.js";
import type { Module } from "../core/ir.js";
import type { FileProblem } from "./discover.js";
import { toPosixRelative } from "./discover.js";
import { contentHash } from "../files/content-hash.js";
import { isStackOverflow, type ScannerModuleHost } from "./module-host.js";
import type { ScanFinding, UnusedDirective } from "./result.js";
import { isSuppressed, parseDirectives } from "./suppressions.js";

export interface FileAnalysis {
  file: string;
  findings: ScanFinding[];
  suppressed: number;
  unused: UnusedDirective[];
  problem: FileProblem | null;
  /** Absolute paths of other files whose content the findings depend on. */
  dependencies: string[];
  hash: string | null;
  /** Parsing or analysis ran out of stack: the scan retries the file in a thread with a larger one. */
  outOfStack?: boolean;
}

export interface FileAnalysisContext {
  cwd: string;
  catalogue: CatalogueIndex;
  options: AnalysisOptions;
  host: ScannerModuleHost;
  evaluator: Evaluator;
  types?: TypeOracle | null;
  /** What a file's analysis may leave out; nothing when absent. */
  gate?: AnalysisGate | null;
}

/** What a file's analysis may leave out (the scan judges it, see `narrowingOf` in scan.ts). */
export type AnalysisGate = (file: string) => Narrowing;

export function createEvaluator(catalogue: CatalogueIndex, host: ScannerModuleHost, types: TypeOracle | null = null): Evaluator {
  return new Evaluator({ catalogue, host, types });
}

export function analyzeFile(path: string, context: FileAnalysisContext, moduleOverride?: Module): FileAnalysis {
  const file = toPosixRelative(context.cwd, path);
  const loaded = moduleOverride ? { module: moduleOverride, hash: null, syntaxErrors: [], problem: null } : context.host.file(path);
  const empty: FileAnalysis = { file, findings: [], suppressed: 0, unused: [], problem: null, dependencies: [], hash: loaded.hash };
  if (loaded.problem || !loaded.module) {
    const skipped = loaded.problem?.startsWith("skipped:") ?? false;
    return { ...empty, problem: { file, message: loaded.problem ?? "could not be read", kind: skipped ? "skipped" : "unscannable" }, ...(loaded.outOfStack ? { outOfStack: true } : {}) };
  }
  // A syntax error: the compiler's parser recovers, and what it made of the file is analysed (a
  // deprecated call below a half-written line is still reported); the file is named as only partly
  // analysed, so the run does not pass for it. (A module imported with one is read as nothing.)
  const partly = loaded.syntaxErrors.length > 0 ? `syntax error (${loaded.syntaxErrors[0]})` : "partly" in loaded && loaded.partly ? loaded.partly : null;
  const module = loaded.module;
  // Every rule if none is named (never for a file that passed the prefilter).
  const options = narrowedOptions(context.options, context.gate?.(path) ?? NO_NARROWING);
  context.host.startTracking({ path, loaded });
  let raw: Finding[];
  const ruleErrors: string[] = [];
  try {
    raw = analyzeModule({
      module,
      catalogue: context.catalogue,
      options,
      evaluator: context.evaluator,
      types: context.types ?? null,
      onRuleError: (rule, error) => ruleErrors.push(`${rule}: ${(error as Error).stack?.split("\n").slice(0, 2).join(" ") ?? String(error)}`),
    });
  } catch (error) {
    context.host.stopTracking();
    return {
      ...empty,
      problem: { file, message: `internal error while analysing: ${(error as Error).stack?.split("\n").slice(0, 2).join(" ") ?? String(error)}`, kind: "unscannable" },
      ...(isStackOverflow(error) ? { outOfStack: true } : {}),
    };
  }
  const dependencies = context.host.stopTracking();
  // What fixes are checked against before they are written: the exact text analysed.
  const textHash = loaded.hash ?? contentHash(module.text);
  const lineStarts = lineStartsOf(module.text);
  const lineOf = (offset: number) => lineColumn(module.text, offset, lineStarts).line;
  const directives = module.comments.length > 0 ? parseDirectives(module, lineOf) : [];
  const findings: ScanFinding[] = [];
  const seenFingerprints = new Map<string, number>();
  let suppressed = 0;
  for (const finding of raw) {
    const start = lineColumn(module.text, finding.range[0], lineStarts);
    const end = lineColumn(module.text, finding.range[1], lineStarts);
    if (directives.length > 0 && isSuppressed(directives, finding, start.line)) {
      suppressed++;
      continue;
    }
    const lineText = module.text.slice(lineStarts[start.line - 1], lineStarts[start.line] ?? module.text.length).replace(/\r?\n$/, "");
    const base = fingerprintOf(file, finding, module.text.slice(finding.range[0], finding.range[1]));
    const occurrence = seenFingerprints.get(base) ?? 0;
    seenFingerprints.set(base, occurrence + 1);
    const related = finding.related
      ? (() => {
          const relatedText = context.host.file(finding.related.file).module?.text;
          const position = relatedText ? lineColumn(relatedText, finding.related.range[0]) : { line: 1, column: 1 };
          return { file: toPosixRelative(context.cwd, finding.related.file), line: position.line, column: position.column };
        })()
      : undefined;
    findings.push({
      ruleId: finding.ruleId,
      entryId: finding.entryId,
      item: finding.item,
      file,
      line: start.line,
      column: start.column,
      endLine: end.line,
      endColumn: end.column,
      message: finding.message,
      date: finding.date,
      status: finding.status,
      replacement: finding.replacement,
      method: finding.method,
      path: finding.path,
      confidence: finding.confidence,
      severity: finding.severity,
      fingerprint: occurrence === 0 ? base : `${base}:${occurrence}`,
      source: lineText.trim().slice(0, 200),
      ...(related ? { related } : {}),
      // No fix for a file read past a syntax error: only what was analysed in full is written.
      ...(finding.fix && partly === null ? { fix: { range: [finding.range[0], finding.range[1]] as [number, number], edits: finding.fix, textHash } } : {}),
      ...(finding.suggestions.length > 0 && partly === null ? { suggestions: finding.suggestions } : {}),
    });
  }
  const unused = directives
    .filter((directive) => !directive.used && directive.source === "sunset-lint")
    .map((directive) => ({ file, line: directive.line, text: directive.text }));
  // A rule that failed part-way: the findings made are kept, and the file is named as not fully analysed.
  const problem: FileProblem | null =
    ruleErrors.length > 0
      ? { file, kind: "unscannable", message: `internal error in ${ruleErrors.length === 1 ? "a rule" : `${ruleErrors.length} rules`}, the other findings of this file are kept (${ruleErrors.join("; ")})` }
      : partly !== null
        ? { file, kind: "unscannable", message: `only partly analysed: ${partly}; the findings made are kept` }
        : null;
  return { file, findings, suppressed, unused, problem, dependencies, hash: problem ? null : loaded.hash };
}

/** File + rule + entry + the flagged source with white space folded: survives lines added above. */
export function fingerprintOf(file: string, finding: Pick<Finding, "ruleId" | "entryId">, flagged: string): string {
  return createHash("sha256")
    .update([file, finding.ruleId, finding.entryId ?? "", flagged.replace(/\s+/g, " ").trim()].join("\0"))
    .digest("hex")
    .slice(0, 32);
}
