import { describe, expect, it } from "vitest";
import { formatHtml } from "../../src/report/html.js";
import { formatMarkdown } from "../../src/report/markdown.js";
import { buildMigrationPlan } from "../../src/report/migration-plan.js";
import { fixedMeta, fixedResult } from "./fixed-result.js";

describe("the migration plan", () => {
  const plan = buildMigrationPlan(fixedResult(), fixedMeta);

  it("puts items in effect first (longest overdue first), then upcoming ones", () => {
    expect(plan.sections.map((s) => [s.entry.item, s.state, s.days])).toEqual([[22, "in-effect", 1402], [4, "in-effect", 32], [1, "upcoming", 14]]);
  });

  it("keeps Logpush problems apart and counts owners from CODEOWNERS (last match wins)", () => {
    expect(plan.logpush.map((l) => l.file)).toEqual(["src/logpush/jobs.ts"]);
    expect(plan.owners).toEqual([["@acme/dns", 2], ["@acme/platform", 2], ["@acme/web", 1]]);
    expect(plan.sections[2]!.locations.map((l) => l.owners)).toEqual([["@acme/dns"], ["@acme/web"]]);
  });

  it("draws every schedule date on the timeline with the counts", () => {
    expect(plan.timeline).toHaveLength(23);
    expect(plan.timeline.filter((item) => item.count > 0).map((item) => [item.item, item.count])).toEqual([[22, 1], [4, 1], [1, 2]]);
  });
});

describe("the Markdown report", () => {
  const markdown = formatMarkdown(fixedResult(), fixedMeta);

  it("is what a reviewer expects to read", async () => {
    await expect(markdown).toMatchFileSnapshot("__snapshots__/report.md");
  });

  it("has a task list per item that survives pasting into an issue tracker", () => {
    expect(markdown).toContain("- [ ] `src/dns/rules.ts:12` ``await cf.get(`/zones/${id}/firewall/rules`); // </script><img src=x onerror=alert(1)>`` — @acme/dns");
    expect(markdown).toMatch(/## Item 22: Zone analytics API deprecated\n\n🔴 in effect since 2021-03-01 \(1402 days\)/);
    expect(markdown).toMatch(/## Item 1: Firewall rules API and filters API deprecated\n\n🟡 from 2025-01-15 \(in 14 days\)/);
    expect(markdown).toMatch(/```mermaid\ntimeline\n {4}title Deprecation schedule, as of 2025-01-01\n/);
    expect(markdown).toContain("    2025-01-01 : ▶ as of (this report)");
    expect(markdown).toContain("| Files affected | 5 of 9 scanned |");
    expect(markdown).toContain("## Logpush filter problems");
    expect(markdown).toContain("## Files not scanned");
  });
});

describe("the HTML report", () => {
  const html = formatHtml(fixedResult(), fixedMeta);

  it("is one file with no external assets", () => {
    expect(html).not.toMatch(/<(?:link|img)[^>]+(?:href|src)=["']?https?:/i);
    expect(html).not.toMatch(/<script[^>]+src=/i);
    expect(html.match(/<script>/g)).toHaveLength(1);
  });

  it("escapes every interpolated value: source text renders as text", () => {
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("&lt;a href={`/zones/${z}/filters`}&gt;Filters | all&lt;/a&gt;");
    // the only closing script tag is ours
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });

  it("has one timeline mark per item with findings, and the controls", () => {
    expect(html.match(/<g class="finding-mark/g)).toHaveLength(3);
    expect(html).toContain('id="filter-status"');
    expect(html).toContain('id="filter-path"');
    expect(html).toContain('<option value="logpush">Logpush filters</option>');
    expect(html).toContain("@media print");
    expect(html).toContain("prefers-color-scheme: dark");
  });

  it("is what a reviewer expects to see", async () => {
    await expect(html).toMatchFileSnapshot("__snapshots__/report.html");
  });
});

describe("SARIF rule help", () => {
  it("gives the rule's description, each entry's date and replacement, and the link, in text and Markdown", async () => {
    const { formatSarif } = await import("../../src/report/sarif.js");
    const sarif = JSON.parse(formatSarif(fixedResult(), fixedMeta)) as { runs: { tool: { driver: { rules: { id: string; help: { text: string; markdown: string } }[] } } }[] };
    const rules = sarif.runs[0]!.tool.driver.rules;
    const endpoint = rules.find((rule) => rule.id === "no-deprecated-endpoint")!.help;
    expect(endpoint.text).toMatch(/^Disallow requests to endpoints that the API has deprecated\n- 2025-01-15: item 1, Firewall rules API and filters API deprecated\. Replacement: WAF custom rules\. For example GET \/zones\/:zone_id\/firewall\/rules\./);
    expect(endpoint.text).toMatch(/\nDocumentation: https:\/\/\S+\/docs\/rules\/no-deprecated-endpoint\.md$/);
    expect(endpoint.markdown).toContain("| 2025-01-15 | item 1, Firewall rules API and filters API deprecated. Replacement: WAF custom rules. For example `GET /zones/:zone_id/firewall/rules`. |");
    for (const rule of rules) expect(rule.help.text).not.toMatch(/^See /);
  });
});
