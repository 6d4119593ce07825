/**
 * The migration plan both report formats render: totals, the timeline, one section per schedule
 * item with findings (most urgent first), Logpush problems apart, and owners from CODEOWNERS.
 * Pure: built from a scan result, the catalogue and the texts the caller hands in.
 */
import { status } from "../catalogue/status.js";
import type { CatalogueEntry } from "../catalogue/types.js";
import type { ScanFinding, ScanResult } from "../scanner/result.js";
import { CodeOwners } from "./codeowners.js";
import type { ReportMeta } from "./types.js";

export interface PlanLocation {
  file: string;
  line: number;
  column: number;
  source: string;
  message: string;
  owners: string[];
}

export interface PlanSection {
  entry: CatalogueEntry;
  state: "in-effect" | "upcoming";
  /** Days since the date (in effect) or until it (upcoming). */
  days: number;
  steps: string[];
  /** One per line (several findings on one line make one task). */
  locations: PlanLocation[];
  findings: number;
  files: number;
}

export interface TimelineItem {
  item: number;
  id: string;
  date: string;
  title: string;
  count: number;
  state: "in-effect" | "upcoming";
}

export interface MigrationPlan {
  generatedAt: string;
  asOf: string;
  toolVersion: string;
  totals: { findings: number; inEffect: number; upcoming: number; files: number; scannedFiles: number };
  byRule: [string, number][];
  byItem: { item: number; title: string; date: string; state: "in-effect" | "upcoming"; count: number }[];
  owners: [string, number][] | null;
  timeline: TimelineItem[];
  sections: PlanSection[];
  logpush: PlanLocation[];
  problems: { file: string; message: string }[];
}

const location = (finding: ScanFinding, owners: CodeOwners | null): PlanLocation => ({
  file: finding.file,
  line: finding.line,
  column: finding.column,
  source: finding.source,
  message: finding.message,
  owners: owners?.ownersOf(finding.file) ?? [],
});

/** The steps to migrate, from the schedule's own words. */
export function migrationSteps(entry: CatalogueEntry): string[] {
  const steps: string[] = [];
  const fields = entry.fields.map((field) => `\`${field}\``).join(", ");
  switch (entry.detect) {
    case "endpoint":
      steps.push(entry.replacement === null || /^no\b/i.test(entry.replacement) ? "Remove each call listed below: the schedule names no replacement." : `Move each call listed below to ${entry.replacement}.`);
      break;
    case "path-segment":
      steps.push(`Rename the \`${entry.fields[0]}\` segment to \`${entry.replacementSegment}\` in each route below (\`sunset-lint scan --fix\` does it).`);
      break;
    case "dns-record-field":
    case "error-chain":
    case "field":
      steps.push(`Stop relying on ${fields} at each place below${entry.replacement ? `; use ${entry.replacement}` : ""}.`);
      break;
    case "srv-data-field":
      steps.push(`Write the top-level \`name\` (such as \`_sip._tcp.example.com\`) and drop ${fields} from \`data\` at each place below.`);
      break;
    case "framing-headers":
      steps.push(`Send only one of ${fields} in each request below.`);
      break;
    case "tls-cipher":
      steps.push(`Replace the draft suites below with ${entry.replacement ?? "the standard suites"}.`);
      break;
  }
  // The schedule's other sentences: what changed and what to watch for.
  const sentences = entry.change.split(/(?<=\.)\s+(?=[A-Z`])/);
  for (const sentence of sentences.slice(1)) if (sentence.trim()) steps.push(sentence.trim());
  steps.push("Re-run `sunset-lint scan` until this item has no findings left.");
  return steps;
}

/** The first finding on each line, in order (a set of lines: linear, not a search per finding). */
function firstOnEachLine(findings: readonly ScanFinding[]): ScanFinding[] {
  const seen = new Set<string>();
  return findings.filter((finding) => {
    const key = `${finding.file}\0${finding.line}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function buildMigrationPlan(result: ScanResult, meta: ReportMeta): MigrationPlan {
  const owners = meta.codeowners ? new CodeOwners(meta.codeowners) : null;
  const catalogue = meta.catalogue;
  const byItem = new Map<number, ScanFinding[]>();
  const logpush: PlanLocation[] = [];
  for (const finding of result.findings) {
    if (finding.item === null) logpush.push(location(finding, owners));
    else {
      const group = byItem.get(finding.item);
      if (group) group.push(finding);
      else byItem.set(finding.item, [finding]);
    }
  }

  const sections: PlanSection[] = [];
  for (const [item, findings] of byItem) {
    const entry = catalogue.lookup(item);
    if (!entry) continue;
    const state = status(entry, result.asOf);
    sections.push({
      entry,
      state: state.state,
      days: state.days,
      steps: migrationSteps(entry),
      // one task per line, however many findings stand on it
      locations: firstOnEachLine(findings).map((finding) => location(finding, owners)),
      findings: findings.length,
      files: new Set(findings.map((finding) => finding.file)).size,
    });
  }
  // Most urgent first: in effect before upcoming; in effect the longest overdue first; upcoming the soonest first.
  sections.sort((a, b) => (a.state === b.state ? (a.state === "in-effect" ? b.days - a.days : a.days - b.days) || a.entry.item - b.entry.item : a.state === "in-effect" ? -1 : 1));

  const ownerCounts = new Map<string, number>();
  if (owners) {
    for (const finding of result.findings) {
      const names = owners.ownersOf(finding.file);
      for (const name of names.length > 0 ? names : ["(no owner)"]) ownerCounts.set(name, (ownerCounts.get(name) ?? 0) + 1);
    }
  }

  const byRule = new Map<string, number>();
  for (const finding of result.findings) byRule.set(finding.ruleId, (byRule.get(finding.ruleId) ?? 0) + 1);

  return {
    generatedAt: meta.generatedAt,
    asOf: result.asOf,
    toolVersion: meta.toolVersion,
    totals: {
      findings: result.findings.length,
      inEffect: result.findings.filter((f) => f.status === "in-effect").length,
      upcoming: result.findings.filter((f) => f.status === "upcoming").length,
      files: new Set(result.findings.map((f) => f.file)).size,
      scannedFiles: result.summary.files,
    },
    byRule: [...byRule].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
    byItem: sections.map((s) => ({ item: s.entry.item, title: s.entry.title, date: s.entry.date, state: s.state, count: s.findings })),
    owners: owners ? [...ownerCounts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])) : null,
    timeline: catalogue.entries
      .map((entry) => ({ item: entry.item, id: entry.id, date: entry.date, title: entry.title, count: byItem.get(entry.item)?.length ?? 0, state: status(entry, result.asOf).state }))
      .sort((a, b) => a.date.localeCompare(b.date) || a.item - b.item),
    sections,
    logpush,
    problems: result.summary.problems,
  };
}
