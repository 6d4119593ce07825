import { describe, expect, it } from "vitest";
import { loadBundledCatalogue } from "../../src/catalogue/index.js";
import { Prefilter } from "../../src/core/prefilter.js";
import { analyzeCode } from "../support/analyze.js";

const prefilter = new Prefilter(loadBundledCatalogue());
const passes = (text: string) => Prefilter.passes(prefilter.signals(text));

/** Every text here holds a finding: the prefilter (scanner and plugin alike) must let it through. */
const WITH_FINDINGS = {
  "a job body built by a factory that names neither the service nor its endpoint": `
export function jobFor(dataset: string, hosts: string[]) {
  return { dataset, filter: JSON.stringify({ where: { or: hosts.map((host) => ({ key: "ClientRequestHost", operator: "eq", value: host })) }, fields: ["ClientIP"] }) };
}`,
  "a deprecated path under the API's host": `export const rules = (zone: string) => fetch(\`https://api.cloudflare.com/client/v4/zones/\${zone}/firewall/rules\`);`,
  "a field read from DNS records": `export async function zones(zone: string) {
  const response = await fetch(\`https://api.cloudflare.com/client/v4/zones/\${zone}/dns_records\`);
  const { result } = await response.json();
  return result.map((record: { zone_name: string }) => record.zone_name);
}`,
};

describe("the prefilter", () => {
  for (const [name, text] of Object.entries(WITH_FINDINGS)) {
    it(`lets through ${name}`, () => {
      expect(analyzeCode(text, { minConfidence: "low" }, "file.ts").length, "the text must hold a finding").toBeGreaterThan(0);
      expect(passes(text)).toBe(true);
    });
  }

  it("leaves out code that never mentions the API", () => {
    expect(passes(`export const filter = (rows: string[]) => rows.filter(Boolean);\nexport const add = (a: number, b: number) => a + b;`)).toBe(false);
    expect(passes(`const dataset = load();`)).toBe(false);
  });
});
