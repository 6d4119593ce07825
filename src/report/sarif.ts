/**
 * SARIF 2.1.0 for code scanning: one run, the rules with their help pages, a result per
 * finding with a relative POSIX URI and a 1-based region, and files that could not be scanned
 * as tool configuration notifications. `results` is always present, even when empty.
 */
import { pathToFileURL } from "node:url";
import type { Log, ReportingDescriptor, Result } from "sarif";
import { RULE_DESCRIPTIONS, ruleDocsUrl } from "../core/rules.js";
import type { CatalogueEntry } from "../catalogue/types.js";
import type { Formatter, ReportMeta } from "./types.js";
import { isUnscannable } from "../scanner/result.js";

export const SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";

/**
 * What code scanning shows under "Rule help": the rule's description, then each schedule entry
 * it checks with its date and what replaces it, then the link to the rule's page.
 */
function ruleHelp(id: keyof typeof RULE_DESCRIPTIONS, meta: ReportMeta): { text: string; markdown: string } {
  const description = RULE_DESCRIPTIONS[id];
  const entries = meta.catalogue.entriesOfRule(id);
  const body = (entry: CatalogueEntry, code: (text: string) => string) =>
    `item ${entry.item}, ${entry.title.replaceAll("`", "")}. Replacement: ${entry.replacement ? entry.replacement.replaceAll("`", "") : "none"}.${entry.endpoints.length > 0 ? ` For example ${code(`${entry.endpoints[0]!.method} ${entry.endpoints[0]!.spelling}`)}.` : ""}`;
  const logpush = id === "valid-logpush-filter" ? ["Logpush job filters the API rejects: not JSON, no `where`, a bad shape, over the operator or byte limits (specification parts 2, 4 and 8)."] : [];
  const text = [description.replaceAll("`", ""), ...logpush.map((l) => l.replaceAll("`", "")), ...entries.map((entry) => `- ${entry.date}: ${body(entry, (t) => t)}`), `Documentation: ${ruleDocsUrl(id)}`].join("\n");
  const table = entries.length > 0 ? ["", "| Date | What changed and what replaces it |", "|---|---|", ...entries.map((entry) => `| ${entry.date} | ${body(entry, (t) => `\`${t}\``).replaceAll("|", "\\|")} |`)] : [];
  const markdown = [description, ...logpush, ...table, "", `[Rule documentation](${ruleDocsUrl(id)})`].join("\n");
  return { text, markdown };
}

export const formatSarif: Formatter = (result, meta) => {
  const ruleIds = Object.keys(RULE_DESCRIPTIONS) as (keyof typeof RULE_DESCRIPTIONS)[];
  const rules: ReportingDescriptor[] = ruleIds.map((id) => ({
    id,
    name: id.replace(/(^|-)(\w)/g, (_, __, letter: string) => letter.toUpperCase()),
    shortDescription: { text: RULE_DESCRIPTIONS[id].replaceAll("`", "") },
    helpUri: ruleDocsUrl(id),
    help: ruleHelp(id, meta),
    defaultConfiguration: { level: "error" },
    properties: { tags: ["deprecation", "api"] },
  }));
  const results: Result[] = result.findings.map((finding) => ({
    ruleId: finding.ruleId,
    ruleIndex: ruleIds.indexOf(finding.ruleId as (typeof ruleIds)[number]),
    level: finding.severity === "error" ? "error" : "warning",
    message: { text: finding.message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: encodeURI(finding.file), uriBaseId: "%SRCROOT%" },
          region: { startLine: finding.line, startColumn: finding.column, endLine: finding.endLine, endColumn: finding.endColumn },
        },
      },
    ],
    partialFingerprints: { "sunsetLint/v1": finding.fingerprint },
    ...(finding.related
      ? {
          relatedLocations: [
            {
              id: 1,
              message: { text: "where the path is written" },
              physicalLocation: { artifactLocation: { uri: encodeURI(finding.related.file), uriBaseId: "%SRCROOT%" }, region: { startLine: finding.related.line, startColumn: finding.related.column } },
            },
          ],
        }
      : {}),
    properties: {
      entryId: finding.entryId,
      item: finding.item,
      date: finding.date,
      status: finding.status,
      replacement: finding.replacement,
      method: finding.method,
      path: finding.path,
      confidence: finding.confidence,
    },
  }));
  const log: Log = {
    $schema: SARIF_SCHEMA,
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "sunset-lint", version: meta.toolVersion, informationUri: "https://github.com/sunset-lint/sunset-lint", rules } },
        originalUriBaseIds: { "%SRCROOT%": { uri: `${pathToFileURL(meta.cwd).href.replace(/\/?$/, "/")}` } },
        results,
        invocations: [
          {
            executionSuccessful: !result.summary.problems.some(isUnscannable),
            // Files that could not be analysed are execution errors; files left out by policy are notes.
            toolExecutionNotifications: result.summary.problems.map((problem) => ({
              level: isUnscannable(problem) ? "error" : "note",
              message: { text: `${problem.file}: ${problem.message}` },
              locations: [{ physicalLocation: { artifactLocation: { uri: encodeURI(problem.file), uriBaseId: "%SRCROOT%" } } }],
            })),
          },
        ],
        properties: { asOf: result.asOf, summary: { findings: result.summary.findings, files: result.summary.files } },
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
};
