import { loadBundledCatalogue } from "../../src/catalogue/index.js";
import type { ReportMeta } from "../../src/report/types.js";
import type { ScanFinding, ScanResult } from "../../src/scanner/result.js";
import { summarize } from "../../src/scanner/result.js";

const base = { column: 5, endLine: 1, endColumn: 20, method: null, path: null, confidence: "high" as const, replacement: null, fingerprint: "f" };

/** A fixed set of findings for the renderers, as of 2025-01-01: two items in effect, one upcoming, one Logpush problem, hostile source text. */
export function fixedResult(): ScanResult {
  const findings: ScanFinding[] = [
    { ...base, ruleId: "no-deprecated-endpoint", entryId: "firewall-rules-api", item: 1, file: "src/dns/rules.ts", line: 12, message: "`GET /zones/:zone_id/firewall/rules` is deprecated from 2025-01-15, in 14 days (Firewall rules API and filters API deprecated); use WAF custom rules instead.", date: "2025-01-15", status: "upcoming", severity: "warning", source: "await cf.get(`/zones/${id}/firewall/rules`); // </script><img src=x onerror=alert(1)>", replacement: "WAF custom rules" },
    { ...base, ruleId: "no-deprecated-endpoint", entryId: "firewall-rules-api", item: 1, file: "src/web/App.tsx", line: 3, message: "`GET /zones/:zone_id/filters` is deprecated from 2025-01-15, in 14 days (…).", date: "2025-01-15", status: "upcoming", severity: "warning", source: "<a href={`/zones/${z}/filters`}>Filters | all</a>", replacement: "WAF custom rules" },
    { ...base, ruleId: "no-deprecated-endpoint", entryId: "zone-analytics-api", item: 22, file: "src/legacy/stats.js", line: 40, message: "`GET zones/:zone_identifier/analytics/dashboard` is deprecated since 2021-03-01 (Zone analytics API deprecated); use GraphQL analytics API instead.", date: "2021-03-01", status: "in-effect", severity: "error", source: "fetch(dashboardUrl)", replacement: "GraphQL analytics API" },
    { ...base, ruleId: "no-removed-dns-record-fields", entryId: "dns-record-zone-fields", item: 4, file: "src/dns/sync.ts", line: 7, message: "Reading `zone_name` from a DNS record is deprecated since 2024-11-30 (…); read the zone name with GET /zones/:zone_id.", date: "2024-11-30", status: "in-effect", severity: "error", source: "record.zone_name" },
    { ...base, ruleId: "valid-logpush-filter", entryId: null, item: null, file: "src/logpush/jobs.ts", line: 30, message: "Logpush filter `or` at where.or has no elements; `and` and `or` need at least one (spec 2.2).", date: null, status: "in-effect", severity: "error", source: "filter: '{\"where\":{\"or\":[]}}'" },
  ];
  return {
    version: 1,
    asOf: "2025-01-01",
    findings,
    summary: summarize(findings, { files: 9, parsed: 6, suppressed: 0, baselined: 0, problems: [{ file: "src/broken.ts", message: "syntax error, file skipped (line 1, column 3: ';' expected.)" }], unusedDisableDirectives: [], shard: null, durationMs: 12 }),
  };
}

export const fixedMeta: ReportMeta = {
  catalogue: loadBundledCatalogue(),
  cwd: "/repo",
  toolVersion: "0.1.0",
  generatedAt: "2025-01-01T09:00:00.000Z",
  color: false,
  codeowners: "*  @acme/platform\n/src/dns/  @acme/dns\n*.tsx @acme/web # the front end\n",
};
