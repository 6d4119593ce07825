import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { scan } from "../../src/scanner/scan.js";
import { AS_OF } from "../support/analyze.js";
import { runCli } from "../support/cli.js";

const root = mkdtempSync(join(tmpdir(), "sunset-lint-gate-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
mkdirSync(join(root, "src"));
const headers = `export const upload = (url: string, body: string) => fetch(url, { method: "POST", body, headers: { "Transfer-Encoding": "chunked", "Content-Length": String(body.length) } });\n`;
const files: Record<string, string> = {
  "src/paths.ts": `export const RULES = (zone: string) => \`https://api.cloudflare.com/client/v4/zones/\${zone}/firewall/rules\`;\n`,
  // Passes on its framing headers alone; the deprecated path it requests is written in paths.ts.
  "src/client.ts": `import { RULES } from "./paths";\n${headers}export const rules = (zone: string) => fetch(RULES(zone));\n`,
  "src/upload.ts": headers,
  "src/logpush-paths.ts": `export const JOBS = (zone: string) => \`https://api.cloudflare.com/client/v4/zones/\${zone}/logpush/jobs\`;\n`,
  // A job body without \`dataset\`: a job because it is sent to the jobs path written in logpush-paths.ts.
  "src/push.ts": `import { JOBS } from "./logpush-paths";\nexport const push = (zone: string) => fetch(JOBS(zone), { method: "POST", body: JSON.stringify({ filter: "status is 200" }) });\n`,
  // DNS records from a helper that requests them through a client made in a third module.
  "src/cf-client.ts": `import axios from "axios";\nexport const api = axios.create({ baseURL: "https://api.cloudflare.com/client/v4" });\n`,
  "src/dns-records.ts": `import { api } from "./cf-client";\nexport const listRecords = async (zone: string) => (await api.get(\`/zones/\${zone}/dns_records\`)).data.result;\n`,
  "src/zone-names.ts": `import { listRecords } from "./dns-records";\nexport const names = async (zone: string) => (await listRecords(zone)).map((record: { zone_name: string }) => record.zone_name);\n`,
  // The 2.x SDK's client made in a CommonJS module of its own, called in another.
  "src/cf.js": `module.exports = require("cloudflare")({ token: process.env.CF_TOKEN });\n`,
  "src/minify.js": `const cf = require("./cf");\nexports.read = (zone) => cf.zoneSettings.read(zone, "minify");\n`,
  // One framing header in a module of its own, spread beside the other.
  "src/chunked.ts": `export const CHUNKED = { "Transfer-Encoding": "chunked" };\n`,
  "src/stream.ts": `import { CHUNKED } from "./chunked";\nexport const stream = (url: string, body: string) => fetch(url, { method: "POST", body, headers: { ...CHUNKED, "Content-Length": String(body.length) } });\n`,
  // A filter kept in a module of its own, which names no request, path or job.
  "src/logpush-filters.ts": `export const NO_HOSTS = '{"where":{"or":[]}}';\nexport const NO_VALUE = JSON.stringify({ where: { key: "ClientIP", operator: "eq" } });\nexport const HOST = JSON.stringify({ where: { key: "ClientRequestHost", operator: "eq", value: "example.com" } });\n`,
  "src/job.ts": `import { HOST, NO_HOSTS, NO_VALUE } from "./logpush-filters";\nexport const job = { dataset: "http_requests", destination_conf: "r2://logs", filter: NO_HOSTS };\nexport const other = { dataset: "http_requests", destination_conf: "r2://logs", filter: NO_VALUE };\nexport const fine = { dataset: "http_requests", destination_conf: "r2://logs", filter: HOST };\n`,
  // \`dataset\` and \`filter\` in unrelated objects, and requests that go nowhere near Logpush.
  "src/charts.ts": `import { draw } from "./upload";\nexport const chart = { dataset: "sales", type: "bar" };\nexport const query = { filter: "region = 'EU'" };\nexport const render = () => draw(chart, query);\n`,
};
for (const [file, text] of Object.entries(files)) writeFileSync(join(root, file), text);

describe("the scan runs on a file the rules its words make possible", () => {
  it("finds what it finds without the prefilter: a path from an import in a file another rule lets through", async () => {
    const gated = await scan({ cwd: root, asOf: AS_OF, jobs: 0 });
    const everything = await scan({ cwd: root, asOf: AS_OF, jobs: 0, noPrefilter: true });
    const shown = (result: typeof gated) => result.findings.map((finding) => `${finding.file}:${finding.line} ${finding.ruleId}`).sort();
    expect(shown(gated)).toEqual(shown(everything));
    expect(shown(gated)).toEqual([
      "src/client.ts:2 no-conflicting-framing-headers",
      "src/client.ts:3 no-deprecated-endpoint",
      "src/job.ts:2 valid-logpush-filter",
      "src/job.ts:3 valid-logpush-filter",
      "src/minify.js:2 no-deprecated-endpoint",
      "src/paths.ts:1 no-deprecated-endpoint",
      "src/push.ts:2 valid-logpush-filter",
      "src/stream.ts:2 no-conflicting-framing-headers",
      "src/upload.ts:1 no-conflicting-framing-headers",
      "src/zone-names.ts:2 no-removed-dns-record-fields",
    ]);
  });

  it("runs every rule on a component whose script follows an import; a Go file keeps its finding under the gate", async () => {
    const mixed = mkdtempSync(join(tmpdir(), "sunset-lint-gate-mixed-"));
    try {
      mkdirSync(join(mixed, "src"));
      writeFileSync(join(mixed, "src/paths.ts"), files["src/paths.ts"]!);
      // Passes on its framing headers alone; the deprecated path its script requests is written in paths.ts.
      writeFileSync(
        join(mixed, "src/Upload.vue"),
        `<template><button @click="send">Send</button></template>\n<script setup lang="ts">\nimport { RULES } from "./paths";\n${headers}const send = (zone: string) => fetch(RULES(zone));\n</script>\n`,
      );
      // A Go file follows no import: what its own words make possible is all that can be found in it.
      writeFileSync(
        join(mixed, "src/upload.go"),
        `package upload\n\nimport "net/http"\n\nfunc Upload(req *http.Request) {\n\treq.Header.Set("Transfer-Encoding", "chunked")\n\treq.Header.Set("Content-Length", "10")\n}\n`,
      );
      const shown = (result: Awaited<ReturnType<typeof scan>>) => result.findings.map((finding) => `${finding.file}:${finding.line} ${finding.ruleId}`).sort();
      const gated = await scan({ cwd: mixed, asOf: AS_OF, jobs: 0 });
      expect(shown(gated)).toEqual(shown(await scan({ cwd: mixed, asOf: AS_OF, jobs: 0, noPrefilter: true })));
      expect(shown(gated)).toContain("src/Upload.vue:5 no-deprecated-endpoint");
      expect(shown(gated).filter((finding) => finding.startsWith("src/upload.go"))).toEqual(["src/upload.go:7 no-conflicting-framing-headers"]);
    } finally {
      rmSync(mixed, { recursive: true, force: true });
    }
  });

  it("hands the analysis worker the rules it judged, with the same findings as one thread", () => {
    // 200 more files: a scan large enough for the worker (the compiled CLI).
    const large = mkdtempSync(join(tmpdir(), "sunset-lint-gate-large-"));
    try {
      mkdirSync(join(large, "src"));
      mkdirSync(join(large, "filler"));
      for (const [file, text] of Object.entries(files)) writeFileSync(join(large, file), text);
      for (let n = 0; n < 200; n++) writeFileSync(join(large, `filler/module-${n}.ts`), `export const value${n} = ${n};\n`);
      // More than one batch of files that pass, so that the worker starts.
      for (let n = 0; n < 4; n++) writeFileSync(join(large, `src/client-${n}.ts`), files["src/client.ts"]!);
      const found = (jobs: string[]) => {
        const run = runCli(["scan", "--format", "json", "--as-of", AS_OF, "--debug", ...jobs], large);
        return { stderr: run.stderr, findings: (JSON.parse(run.stdout) as { findings: { file: string; line: number; ruleId: string }[] }).findings.map((finding) => `${finding.file}:${finding.line} ${finding.ruleId}`).sort() };
      };
      const piped = found([]);
      expect(piped.stderr).toMatch(/analysed [1-9]\d* files in a worker/);
      expect(piped.findings).toEqual(found(["--jobs", "0"]).findings);
      expect(piped.findings).toContain("src/client.ts:3 no-deprecated-endpoint");
    } finally {
      rmSync(large, { recursive: true, force: true });
    }
  });
});
