/**
 * The migration report in Markdown, to paste into an issue tracker: a summary, a Mermaid
 * timeline (it renders inline on GitHub and GitLab, where a separate picture file would be
 * lost), one section per schedule item with a task list of locations, Logpush problems, owners.
 */
import { markdownCell, markdownCode, visible } from "./escape.js";
import { buildMigrationPlan, type PlanLocation } from "./migration-plan.js";
import type { Formatter } from "./types.js";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
const stripTicks = (text: string) => text.replaceAll("`", "");
/** At most `max` characters, cut at a word boundary. */
const shorten = (text: string, max: number) => {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2)).trimEnd()}…`;
};

function task(location: PlanLocation): string {
  const owners = location.owners.length > 0 ? ` — ${location.owners.join(" ")}` : "";
  return `- [ ] ${markdownCode(visible(`${location.file}:${location.line}`))} ${markdownCode(visible(location.source || "(no source)"))}${owners}`;
}

export const formatMarkdown: Formatter = (result, meta) => {
  const plan = buildMigrationPlan(result, meta);
  const lines: string[] = [];
  lines.push("# API deprecation migration report", "");
  lines.push(`Made ${plan.generatedAt.slice(0, 10)} · judged as of **${plan.asOf}** · sunset-lint ${plan.toolVersion}`, "");

  lines.push("## Summary", "");
  lines.push("| | |", "|---|---|");
  lines.push(`| Findings | ${plan.totals.findings} |`);
  lines.push(`| In effect | ${plan.totals.inEffect} |`);
  lines.push(`| Upcoming | ${plan.totals.upcoming} |`);
  lines.push(`| Files affected | ${plan.totals.files} of ${plan.totals.scannedFiles} scanned |`, "");
  if (plan.byItem.length > 0) {
    lines.push("| Item | Change | Date | Status | Findings |", "|---:|---|---|---|---:|");
    for (const row of plan.byItem) lines.push(`| ${row.item} | ${markdownCell(row.title)} | ${row.date} | ${row.state === "in-effect" ? "in effect" : "upcoming"} | ${row.count} |`);
    if (plan.logpush.length > 0) lines.push(`| — | Logpush filter problems | — | rejected now | ${plan.logpush.length} |`);
    lines.push("");
  }
  if (plan.byRule.length > 0) {
    lines.push("| Rule | Findings |", "|---|---:|");
    for (const [rule, count] of plan.byRule) lines.push(`| \`${rule}\` | ${count} |`);
    lines.push("");
  }
  if (plan.owners && plan.owners.length > 0) {
    lines.push("| Owner | Findings |", "|---|---:|");
    for (const [owner, count] of plan.owners) lines.push(`| ${markdownCell(owner)} | ${count} |`);
    lines.push("");
  }

  lines.push("## Timeline", "", "```mermaid", "timeline", `    title Deprecation schedule, as of ${plan.asOf}`);
  const byDate = new Map<string, string[]>();
  for (const item of plan.timeline) {
    const label = `#${item.item} ${shorten(stripTicks(item.title).replaceAll(":", " "), 48)}${item.count > 0 ? ` — ${plural(item.count, "finding")}` : ""}`;
    byDate.set(item.date, [...(byDate.get(item.date) ?? []), label]);
  }
  byDate.set(plan.asOf, [...(byDate.get(plan.asOf) ?? []), "▶ as of (this report)"]);
  for (const date of [...byDate.keys()].sort()) lines.push(`    ${date} : ${byDate.get(date)!.join(" : ")}`);
  lines.push("```", "");

  if (plan.sections.length > 0) lines.push("Most urgent first: items in effect (longest overdue first), then upcoming ones (soonest first).", "");
  for (const section of plan.sections) {
    const entry = section.entry;
    const badge = section.state === "in-effect" ? `🔴 in effect since ${entry.date} (${plural(section.days, "day")})` : `🟡 from ${entry.date} (in ${plural(section.days, "day")})`;
    lines.push(`## Item ${entry.item}: ${entry.title}`, "");
    lines.push(`${badge} · ${plural(section.findings, "finding")} on ${plural(section.locations.length, "line")} in ${plural(section.files, "file")} · replacement: ${entry.replacement ?? "none"} · rule \`${entry.rule}\``, "");
    lines.push(`> ${entry.change}`, "");
    lines.push("**Steps**", "");
    section.steps.forEach((step, index) => lines.push(`${index + 1}. ${step}`));
    lines.push("", "**Locations**", "");
    for (const location of section.locations) lines.push(task(location));
    lines.push("");
  }

  if (plan.logpush.length > 0) {
    lines.push("## Logpush filter problems", "", "The API rejects these job filters today (specification parts 2.2, 4.1 and 8).", "");
    for (const location of plan.logpush) lines.push(`${task(location)}  `, `  ${location.message}`);
    lines.push("");
  }
  if (plan.problems.length > 0) {
    lines.push("## Files not scanned", "");
    for (const problem of plan.problems) lines.push(`- ${markdownCode(visible(problem.file))}: ${visible(problem.message)}`);
    lines.push("");
  }
  if (plan.totals.findings === 0) lines.push("Nothing to migrate: no deprecated API use was found.", "");
  return `${lines.join("\n")}\n`;
};
