/** The default terminal format: findings grouped by file, then a summary. */
import { styleText } from "node:util";
import type { ScanFinding } from "../scanner/result.js";
import type { Formatter } from "./types.js";
import { isUnscannable } from "../scanner/result.js";
import { visible } from "./escape.js";

type Style = Parameters<typeof styleText>[0];

/** Node's own styling; whether to colour at all is decided once by the CLI (`meta.color`). */
const paint = (enabled: boolean) => {
  const wrap = (style: Style) => (text: string) => (enabled ? styleText(style, text, { validateStream: false }) : text);
  return { red: wrap("red"), yellow: wrap("yellow"), dim: wrap("dim"), bold: wrap("bold"), underline: wrap("underline"), green: wrap("green") };
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

export const formatStylish: Formatter = (result, meta) => {
  const c = paint(meta.color);
  const lines: string[] = [];
  const byFile = new Map<string, ScanFinding[]>();
  for (const finding of result.findings) {
    const group = byFile.get(finding.file);
    if (group) group.push(finding);
    else byFile.set(finding.file, [finding]);
  }

  for (const [file, findings] of byFile) {
    lines.push("", c.underline(visible(file)));
    const positions = findings.map((f) => `${f.line}:${f.column}`);
    const width = positions.reduce((widest, p) => Math.max(widest, p.length), 0);
    findings.forEach((finding, index) => {
      const level = finding.severity === "error" ? c.red("error  ") : c.yellow("warning");
      const status = finding.status === "in-effect" ? "in effect" : "upcoming ";
      lines.push(`  ${c.dim(positions[index]!.padEnd(width))}  ${level}  ${c.dim(status)}  ${visible(finding.message)}  ${c.dim(finding.ruleId)}`);
    });
  }

  const summary = result.summary;
  const unscannable = summary.problems.filter(isUnscannable);
  const skipped = summary.problems.filter((problem) => !isUnscannable(problem));
  if (unscannable.length > 0) {
    lines.push("", c.bold("Files that could not be analysed (the run fails unless --allow-unscannable):"));
    for (const problem of unscannable) lines.push(`  ${visible(problem.file)}: ${visible(problem.message)}`);
  }
  if (skipped.length > 0) {
    lines.push("", c.bold("Files not scanned:"));
    for (const problem of skipped) lines.push(`  ${visible(problem.file)}: ${visible(problem.message)}`);
  }
  if (summary.unusedDisableDirectives.length > 0) {
    lines.push("", c.bold("Unused disable directives:"));
    for (const directive of summary.unusedDisableDirectives) lines.push(`  ${directive.file}:${directive.line}  ${directive.text}`);
  }

  lines.push("");
  const errors = result.findings.filter((f) => f.severity === "error").length;
  const warnings = result.findings.length - errors;
  if (result.findings.length === 0) {
    lines.push(c.green(`✔ No deprecated API use found in ${plural(summary.files, "file")} (as of ${result.asOf}).`));
  } else {
    const headline = `✖ ${plural(result.findings.length, "problem")} (${plural(errors, "error")}, ${plural(warnings, "warning")}) in ${plural(summary.filesWithFindings, "file")}`;
    lines.push((errors > 0 ? c.red : c.yellow)(c.bold(headline)));
    lines.push(`  ${summary.byStatus["in-effect"]} in effect, ${summary.byStatus.upcoming} upcoming, as of ${result.asOf}`);
  }
  const extras = [
    `${plural(summary.files, "file")} scanned`,
    summary.suppressed ? `${summary.suppressed} suppressed` : null,
    summary.baselined ? `${summary.baselined} in the baseline` : null,
    summary.shard ? `shard ${summary.shard}` : null,
    `${(summary.durationMs / 1000).toFixed(2)} s`,
  ].filter(Boolean);
  lines.push(c.dim(`  ${extras.join(" · ")}`));
  return `${lines.join("\n")}\n`;
};
