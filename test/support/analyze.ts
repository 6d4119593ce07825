import { parse } from "@typescript-eslint/typescript-estree";
import { loadBundledCatalogue } from "../../src/catalogue/index.js";
import { analyzeModule, resolveOptions, type AnalysisOptions, type Finding } from "../../src/core/index.js";
import { lowerEstree } from "../../src/eslint/lower.js";

export const AS_OF = "2026-11-21";

/** Runs the core on one snippet through the ESTree lowering, as the ESLint plugin does. */
export function analyzeCode(code: string, options: Partial<AnalysisOptions> = {}, file = "snippet.tsx", onRuleError?: (rule: string, error: unknown) => void): Finding[] {
  const program = parse(code, { range: true, jsx: true, comment: true, filePath: file });
  const module = lowerEstree({ file, text: code, program });
  return analyzeModule({ module, catalogue: loadBundledCatalogue(), options: resolveOptions({ asOf: AS_OF, ...options }), ...(onRuleError ? { onRuleError } : {}) });
}

/** `rule item @ "flagged text"` lines: compact and readable in assertions. */
export function summarize(code: string, findings: Finding[]): string[] {
  return findings.map((f) => `${f.ruleId} ${f.item ?? "-"} @ ${JSON.stringify(code.slice(f.range[0], f.range[1]))}${f.method ? ` ${f.method}` : ""}`);
}
