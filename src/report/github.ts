/** GitHub Actions workflow commands: one annotation per finding, shown on the pull request's diff. */
import type { Formatter } from "./types.js";
import { isUnscannable } from "../scanner/result.js";
import { visible } from "./escape.js";

// Newlines are the workflow command's own escapes; every other control character is shown as \xNN.
const escapeData = (text: string) => visible(text.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A"));
const escapeProperty = (text: string) => escapeData(text).replaceAll(":", "%3A").replaceAll(",", "%2C");

export const formatGithub: Formatter = (result) => {
  const lines = result.findings.map((f) => {
    const command = f.severity === "error" ? "error" : "warning";
    const properties = [
      `file=${escapeProperty(f.file)}`,
      `line=${f.line}`,
      `col=${f.column}`,
      `endLine=${f.endLine}`,
      `endColumn=${f.endColumn}`,
      `title=${escapeProperty(`${f.ruleId}${f.item !== null ? ` (item ${f.item})` : ""}`)}`,
    ];
    return `::${command} ${properties.join(",")}::${escapeData(f.message)}`;
  });
  for (const problem of result.summary.problems) {
    const command = isUnscannable(problem) ? "error" : "notice";
    const title = isUnscannable(problem) ? "sunset-lint could not analyse this file" : "sunset-lint skipped this file";
    lines.push(`::${command} file=${escapeProperty(problem.file)},title=${escapeProperty(title)}::${escapeData(problem.message)}`);
  }
  return lines.length > 0 ? `${lines.join("\n")}\n` : "";
};
