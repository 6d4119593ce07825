import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { loadBundledCatalogue } from "../../src/catalogue/index.js";
import type { Hints } from "../../src/core/hints.js";
import { hintsWithImports, relativeImports } from "../../src/core/import-graph.js";
import { Prefilter } from "../../src/core/prefilter.js";
import { analyzeCode } from "../support/analyze.js";

const prefilter = new Prefilter(loadBundledCatalogue());
const passes = (text: string) => prefilter.passes(prefilter.hints(text));

/** Every text here holds a finding: the prefilter (scanner and plugin alike) must let it through. */
const WITH_FINDINGS = {
  "a job body built by a factory that names neither the service nor its endpoint": `
export function jobFor(dataset: string, hosts: string[]) {
  return { dataset, filter: JSON.stringify({ where: { or: hosts.map((host) => ({ key: "ClientRequestHost", operator: "eq", value: host })) }, fields: ["ClientIP"] }) };
}`,
  "a deprecated path under the API's host": `export const rules = (zone: string) => fetch(\`https://api.cloudflare.com/client/v4/zones/\${zone}/firewall/rules\`);`,
  "a deprecated path put together from a base URL": `const base = (zone: string) => \`https://api.cloudflare.com/client/v4/zones/\${zone}\`;
export const rules = (zone: string) => fetch(\`\${base(zone)}/firewall/rules\`);`,
  "an SDK resource chain": `import Cloudflare from "cloudflare";
const client = new Cloudflare();
export const list = (zone_id: string) => client.firewall.rules.list({ zone_id });`,
  "an SDK resource kept in a variable": `import Cloudflare from "cloudflare";
const client = new Cloudflare();
const rules = client.firewall.rules;
export const list = (zone_id: string) => rules.list({ zone_id });`,
  "an SDK chain broken across lines": `import Cloudflare from "cloudflare";
const client = new Cloudflare();
export const list = (zone_id: string) =>
  client.firewall.rules
    .list({ zone_id });`,
  "a zone setting named in an argument of the 2.x SDK": `const cf = require("cloudflare")({ token: process.env.TOKEN });
export const read = (zone: string) => cf.zoneSettings.read(zone, "minify");`,
  "a deprecated path in a module that imports a folder of the same name": `import { zones } from "./zones/filters";
import "./firewall/rules";
export const rules = (zone = zones[0]) => fetch(\`https://api.cloudflare.com/client/v4/zones/\${zone}/firewall/rules\`);`,
  "both framing headers on one request": `export const send = (url: string, body: string) => fetch(url, { method: "POST", body, headers: { "Transfer-Encoding": "chunked", "Content-Length": String(body.length) } });`,
  "a path that starts with a zone's id, on a client whose base ends in /zones": `export const list = (api: { get(path: string): Promise<unknown> }, zoneId: string) => api.get(\`\${zoneId}/firewall/rules\`);
export const client = fetch;`,
  "a field read from DNS records": `export async function zones(zone: string) {
  const response = await fetch(\`https://api.cloudflare.com/client/v4/zones/\${zone}/dns_records\`);
  const { result } = await response.json();
  return result.map((record: { zone_name: string }) => record.zone_name);
}`,
};

/** Near misses: they hold no finding, and the prefilter must leave them out (or it parses every file). */
const WITHOUT_FINDINGS = {
  "a common path word next to the API's name": `import Cloudflare from "cloudflare";
export const rules = (config: { rules: string[] }) => fetch("/api/rules", { body: JSON.stringify(config.rules) });`,
  "the Logpush setting of a Worker, and array filtering": `export const enabled = (config: { logpush?: boolean }, jobs: { on: boolean }[]) => config.logpush && jobs.filter((job) => job.on);`,
  "a current sub-resource of a deprecated SDK resource": `import Cloudflare from "cloudflare";
const client = new Cloudflare();
export const tunnels = (account_id: string) => client.zeroTrust.tunnels.cloudflared.list({ account_id });`,
  "a Worker binding named like an SDK resource": `import type { Config } from "./config";
export const names = (config: Config, cloudflare: boolean) => (cloudflare ? config.ratelimits.map((binding) => binding.name) : []);`,
  "one framing header": `export const send = (url: string, body: string) => fetch(url, { method: "POST", body, headers: { "Content-Length": String(body.length) } });`,
  "a client that imports its resources by their folders' paths": `import { Rules } from "./resources/firewall/rules";
import * as Filters from './resources/zones/filters';
export { Tunnels } from "../accounts/tunnels";
const load = () => import(\`./resources/zones/settings/minify\`);
const legacy = require("../../user/billing/profile");
export class Cloudflare { request = fetch; rules = new Rules(this); filters = Filters; load = load; legacy = legacy; }`,
  "a zone named in a comment before a path word": `// the account of the zone/route you provide
export const rules = (config: { firewall: { rules: string[] } }) => fetch("/api/firewall/rules", { body: JSON.stringify(config.firewall.rules) });`,
  "zone_id in a TypeScript Record": `export type ByZone = Record<string, { zone_id: string }>;
export const idOf = (entry: { zone_id: string }) => entry.zone_id;`,
};

describe("the prefilter", () => {
  for (const [name, text] of Object.entries(WITH_FINDINGS)) {
    it(`lets through ${name}`, () => {
      expect(analyzeCode(text, { minConfidence: "low" }, "file.ts").length, "the text must hold a finding").toBeGreaterThan(0);
      expect(passes(text)).toBe(true);
    });
  }

  for (const [name, text] of Object.entries(WITHOUT_FINDINGS)) {
    it(`leaves out ${name}`, () => {
      expect(analyzeCode(text, { minConfidence: "low" }, "file.ts"), "the text must hold no finding").toEqual([]);
      expect(passes(text)).toBe(false);
    });
  }

  it("judges a file with the modules it imports: the path in one, the request in the other", () => {
    const texts: Record<string, string> = {
      "use.ts": `import { ENDPOINTS } from "./endpoints";\nexport const list = (zone: string) => fetch(ENDPOINTS.firewallRules(zone));`,
      "endpoints.ts": `export const ENDPOINTS = { firewallRules: (zone: string) => \`https://api.cloudflare.com/client/v4/zones/\${zone}/firewall/rules\` };`,
      "other.ts": `export const ENDPOINTS = { workers: (account: string) => \`https://api.cloudflare.com/client/v4/accounts/\${account}/workers/scripts\` };`,
    };
    const hintsOf = (file: string): Hints => prefilter.hints(texts[file]!);
    const own = hintsOf("use.ts");
    expect(prefilter.passes(own)).toBe(false);
    expect(prefilter.passes(own, hintsWithImports("use.ts", hintsOf, () => ["endpoints.ts"]))).toBe(true);
    expect(prefilter.passes(own, hintsWithImports("use.ts", hintsOf, () => ["other.ts"]))).toBe(false);
    // What a finding is reported on must be in the file itself: a field read here, not in the import.
    const reader = prefilter.hints(`import { records } from "./dns";\nexport const names = async () => (await records()).map((r) => r.name);`);
    const fetcher = prefilter.hints(`export const records = async () => (await (await fetch("https://api.cloudflare.com/client/v4/zones/z/dns_records")).json()).result.filter((r: { locked: boolean }) => r.locked);`);
    expect(prefilter.passes(reader, hintsWithImports("a", (file) => (file === "a" ? reader : fetcher), () => ["b"]))).toBe(false);
  });

  it("names the rules that can find something, and every finding is of one of them", () => {
    for (const [name, text] of Object.entries(WITH_FINDINGS)) {
      const possible = prefilter.possibleRules(prefilter.hints(text));
      const found = new Set(analyzeCode(text, { minConfidence: "low" }, "file.ts").map((finding) => finding.ruleId));
      for (const rule of found) expect(possible === "all" || possible.includes(rule), `${name}: ${rule}`).toBe(true);
    }
    const rulesOf = (text: string) => prefilter.possibleRules(prefilter.hints(text));
    expect(rulesOf(WITH_FINDINGS["both framing headers on one request"])).toEqual(["no-conflicting-framing-headers"]);
    expect(rulesOf(WITH_FINDINGS["a deprecated path under the API's host"])).toEqual(["no-deprecated-endpoint"]);
    expect(rulesOf(WITH_FINDINGS["a field read from DNS records"])).toEqual(["no-removed-dns-record-fields"]);
    expect(rulesOf(WITH_FINDINGS["a job body built by a factory that names neither the service nor its endpoint"])).toEqual(["valid-logpush-filter"]);
    // A distinctive name is several rules' word: all of them run.
    expect(rulesOf(`export const chain = (error: { error_chain?: unknown[] }) => error.error_chain;`)).toBe("all");
    expect(rulesOf(`export const add = (a: number, b: number) => a + b;`)).toEqual([]);
  });

  it("counts the rules an import makes possible: the framing headers here, the deprecated path there", () => {
    const own = prefilter.hints(`import { RULES } from "./paths";
${WITH_FINDINGS["both framing headers on one request"]}
export const list = () => fetch(RULES);`);
    const paths = prefilter.hints(`export const RULES = "https://api.cloudflare.com/client/v4/zones/z/firewall/rules";`);
    expect(prefilter.possibleRules(own)).toEqual(["no-conflicting-framing-headers"]);
    expect(prefilter.possibleRules(own, hintsWithImports("a", (file) => (file === "a" ? own : paths), () => ["b"]))).toEqual(["no-conflicting-framing-headers", "no-deprecated-endpoint"]);
  });

  it("leaves a file's requests out of the Logpush rule unless a jobs path is written in it or an import", () => {
    // `dataset` and `filter` keys, in objects that are no job: the rule looks at the keys only.
    const charts = `import { draw } from "./draw";\nexport const chart = { dataset: "sales" };\nexport const query = { filter: "region = 'EU'" };\ndraw(chart, query);`;
    const own = prefilter.hints(charts);
    expect(prefilter.narrowing(own)).toEqual({ rules: ["valid-logpush-filter"], logpushJobRequests: false });
    // A body without `dataset` is a job because it is sent to the jobs path an import writes:
    // the rule must then evaluate the requests, and that import must be parsed.
    const pathsText = `export const JOBS = (zone: string) => \`https://api.cloudflare.com/client/v4/zones/\${zone}/logpush/jobs\`;`;
    const paths = prefilter.hints(pathsText);
    expect(prefilter.mayMatterToImporters(paths, pathsText)).toBe(true);
    const push = prefilter.hints(`import { JOBS } from "./paths";\nexport const push = (zone: string) => fetch(JOBS(zone), { method: "POST", body: JSON.stringify({ filter: "x" }) });`);
    expect(prefilter.narrowing(push).rules).toEqual([]);
    expect(prefilter.narrowing(push, hintsWithImports("a", (file) => (file === "a" ? push : paths), () => ["b"]))).toEqual({ rules: ["valid-logpush-filter"], logpushJobRequests: true });
    // A distinctive name runs everything, requests included.
    expect(prefilter.narrowing(prefilter.hints(`${charts}\nconst chain = (e: { error_chain: unknown }) => e.error_chain;`))).toEqual({ rules: "all", logpushJobRequests: true });
  });

  it("takes `dataset` and `filter` for one job body's keys only where they are written near each other", () => {
    const rulesOf = (text: string) => prefilter.possibleRules(prefilter.hints(text));
    // A build trigger's `filter` and, far below it, an analytics binding's `dataset`.
    const apart = `export const trigger = { branch: "main", filter: { repoName: "app" } };
${"// another case of the configuration\n".repeat(200)}export const binding = { binding: "AE", dataset: "events" };`;
    expect(analyzeCode(apart, { minConfidence: "low" }, "file.ts")).toEqual([]);
    expect(rulesOf(apart)).toEqual([]);
    // One job's keys, also when the filter is set after the job is made (and a JSON filter that is wrong).
    const together = `const job = { dataset: "http_requests", destination_conf: "s3://logs" };\n${"// a note\n".repeat(20)}job.filter = '{"where": []}';`;
    expect(analyzeCode(together, { minConfidence: "low" }, "file.ts").map((finding) => finding.ruleId)).toEqual(["valid-logpush-filter"]);
    expect(rulesOf(together)).toEqual(["valid-logpush-filter"]);
    // Several of each: one pair near enough is enough.
    expect(rulesOf(`${apart}\nexport const job = { dataset: "dns_logs", filter: "{}" };`)).toEqual(["valid-logpush-filter"]);
  });

  it("parses a module that may hold a Logpush filter for the job bodies of its importers", () => {
    const matters = (text: string) => prefilter.mayMatterToImporters(prefilter.hints(text), text);
    expect(matters(`export const HOSTS = JSON.stringify({ where: { key: "ClientRequestHost", operator: "eq", value: "example.com" } });`)).toBe(true);
    expect(matters(`export const EMPTY = '{"where":{}}';`)).toBe(true);
    expect(matters(`export const ESCAPED = "{\\"where\\":{}}";`)).toBe(true);
    expect(matters(`// Where the answer comes from\nexport const answer = 42;`)).toBe(false);
  });

  it("takes a request library from code, not from prose", () => {
    const matters = (text: string) => prefilter.mayMatterToImporters(prefilter.hints(text), text);
    // Prose in comments and messages: no module to parse for its importers.
    expect(matters(`// We fetch the config once and got it cached.\nexport const message = "Deploying to Cloudflare Workers";`)).toBe(false);
    // Code: a wrapper calls one, imports one, or takes the SDK's client.
    for (const code of [
      `export const get = (url: string) => fetch(url);`,
      `import fetch from "node-fetch";\nexport { fetch as request };`,
      `import got from "got";\nexport const client = got.extend({});`,
      `import Cloudflare from "cloudflare";\nexport const client = new Cloudflare();`,
      `export const list = (client: Cloudflare, zone_id: string) => client.zones.get({ zone_id });`,
      `export const request = (url: string) =>\n  fetch\n  (url);`,
      // A library imported by its module's name, whatever the file calls it.
      `module.exports = require("cloudflare")({ token: process.env.CF_TOKEN });`,
      `import { request as send } from "node:https";\nexport { send };`,
    ])
      expect(matters(code), code).toBe(true);
  });

  it("passes an SRV record's data written apart, by `proto` as a key, not by the word in prose", () => {
    const rulesOf = (text: string) => prefilter.possibleRules(prefilter.hints(text));
    expect(rulesOf(`export const data = { service: "_sip", proto: "_tcp", port: 5060, target: host };`)).toEqual(["no-srv-data-fields"]);
    expect(rulesOf(`doc.put("service", s).put("proto", p).put("target", t);`)).toEqual(["no-srv-data-fields"]);
    expect(rulesOf(`d = {}\nd["service"] = s\nd["proto"] = p\nd["target"] = t\n`)).toEqual(["no-srv-data-fields"]);
    // A generated file's comment ("Cap'n proto"), beside a service and a target of its own.
    expect(rulesOf(`/** Cap'n proto assumes the service is the target. */\nexport const service = target;`)).toEqual([]);
  });

  it("leaves out code that never mentions the API", () => {
    expect(passes(`export const filter = (rows: string[]) => rows.filter(Boolean);\nexport const add = (a: number, b: number) => a + b;`)).toBe(false);
    expect(passes(`const dataset = load();`)).toBe(false);
  });

  it("keeps no file's text alive through the hints and imports it keeps for that file", () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    // Long words and specifiers (V8 keeps a cut of 13 characters or more as a view of its text).
    const fileText = (n: number) =>
      `import { a } from "./a-module-with-a-long-name-${n}";\nclient.firewall.rules.list({ zone_id });\n// ${String(n).repeat(2_000_000)}`;
    gc();
    const before = process.memoryUsage().heapUsed;
    const kept = Array.from({ length: 20 }, (_, n) => {
      const text = fileText(n + 1);
      return { hints: prefilter.hints(text), imports: relativeImports(text) };
    });
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    expect(kept.every(({ hints, imports }) => hints.words.some((word) => word.length >= 13) && imports.length === 1)).toBe(true);
    // 20 texts of 2 MB and more each: kept alive, they would be over 40 MB.
    expect(grown).toBeLessThan(8 * 1024 * 1024);
  });
});
