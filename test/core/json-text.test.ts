/**
 * Records that are no object literal with their type beside them: JSON written as text in code
 * (a literal, a template, a concatenation with values in it), read as the objects it holds, each
 * key placed where it is written, in every language the same way; and an SRV record's data known
 * by its shape (built apart from its record, or by a JSON builder).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeCode, summarize } from "../support/analyze.js";
import { scratchDirectory } from "../support/scratch.js";
import { scan } from "../../src/scanner/scan.js";
import { AS_OF } from "../support/analyze.js";

const SRV_URL = "https://api.cloudflare.com/client/v4/zones/z/dns_records";

/** The findings of a scan of these files, as `file:line:column rule` and the text each points at. */
async function scanFiles(files: Record<string, string>): Promise<string[]> {
  const dir = scratchDirectory("json-text");
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const result = await scan({ cwd: dir, asOf: AS_OF, jobs: 0, minConfidence: "low" });
  return result.findings.map((f) => {
    const line = files[f.file]!.split("\n")[f.line - 1]!;
    return `${f.file}:${f.line} ${f.ruleId} ${line.slice(f.column - 1, f.endLine === f.line ? f.endColumn - 1 : undefined)}`;
  });
}

describe("JSON text in code", () => {
  it("is read as the record it writes: a template's keys are reported where they are written", () => {
    const code = `fetch("${SRV_URL}", { method: "POST", body: \`{"type":"SRV","data":{"service":"_sip","proto":"_\${proto}","port":\${port},"target":"\${host}"}}\` });`;
    expect(summarize(code, analyzeCode(code))).toEqual(['no-srv-data-fields 12 @ "\\"service\\""', 'no-srv-data-fields 12 @ "\\"proto\\""']);
  });

  it("reads a concatenation once, with the values between its pieces as holes", () => {
    const code = `const body = '{"type":"SRV","name":"' + host + '",' +\n  '"data":{"service":"_' + service + '","proto":"_tcp","name":"' + host + '"}}';`;
    expect(summarize(code, analyzeCode(code))).toEqual(['no-srv-data-fields 12 @ "\\"service\\""', 'no-srv-data-fields 12 @ "\\"proto\\""', 'no-srv-data-fields 12 @ "\\"name\\""']);
  });

  it("reads a concatenation whose first piece is the brace alone, one key per line", () => {
    const code = ['const body = "{"', '  + \'"type":"SRV","data":{\'', '  + \'"proto":"_tcp",\'', '  + \'"port":\' + port', '  + "}}";'].join("\n");
    expect(analyzeCode(code).map((f) => `line ${code.slice(0, f.range[0]).split("\n").length} ${code.slice(f.range[0], f.range[1])}`)).toEqual(['line 3 "proto"']);
  });

  it("places keys of escaped JSON on their escapes", () => {
    const code = `const body = "{\\"type\\":\\"SRV\\",\\"data\\":{\\"name\\":\\"example.com\\"}}";`;
    expect(summarize(code, analyzeCode(code))).toEqual(['no-srv-data-fields 12 @ "\\\\\\"name\\\\\\""']);
  });

  it("offers no edit inside the text (its quotes and escapes are the literal's)", () => {
    const text = `const body = '{"type":"SRV","data":{"service":"_sip","proto":"_tcp","name":"example.com"}}';`;
    const literal = `const body = { type: "SRV", data: { service: "_sip", proto: "_tcp", name: "example.com" } };`;
    expect(analyzeCode(text).every((f) => f.suggestions.length === 0)).toBe(true);
    expect(analyzeCode(literal).some((f) => f.suggestions.length > 0)).toBe(true);
  });

  it("is not read from a fragment, text after the document, or what only looks like JSON", () => {
    for (const code of [
      `const head = '{"type":"SRV","data":{"service":"' + service;`,
      `const two = '{"type":"SRV","data":{"service":"_sip"}} {}';`,
      `const tpl = \`{"type":"SRV","data":{\${fields}}}\`;`,
      `const css = "{ type: SRV; data: service }";`,
      "const tagged = String.raw`{\"type\":\"SRV\",\"data\":{\"service\":\"_sip\"}}`;",
    ]) {
      expect(analyzeCode(code), code).toEqual([]);
    }
  });

  it("is a Logpush job sent to the jobs endpoint: its filter is checked", () => {
    const code = `const body = '{"filter":"{\\\\"where\\\\":{\\\\"key\\\\":\\\\"ClientRequestHost\\\\",\\\\"operator\\\\":\\\\"eq\\\\"}}"}';\nfetch("https://api.cloudflare.com/client/v4/zones/z/logpush/jobs/7", { method: "PUT", body });`;
    const findings = analyzeCode(code);
    expect(findings.map((f) => `${f.ruleId} ${f.messageId}`)).toEqual(["valid-logpush-filter filterBadElement"]);
  });

  it("is read the same way in Python, PHP, Java and C#, each key on its line", async () => {
    const findings = await scanFiles({
      "records.py": [
        "import requests",
        "def publish(zone, host):",
        '    body = """{',
        '        "type": "SRV",',
        '        "data": {"service": "_sip", "proto": "_tcp",',
        '                 "name": "%s", "port": 5060}',
        '    }""" % host',
        `    requests.post("${SRV_URL}", data=body)`,
        "def fstring(host):",
        `    return f'{{"type": "SRV", "data": {{"name": "{host}"}}}}'`,
        "",
      ].join("\n"),
      "records.php": [
        "<?php",
        "function publish($host, $service) {",
        `    $ch = curl_init("${SRV_URL}");`,
        `    curl_setopt($ch, CURLOPT_POSTFIELDS, '{"type":"SRV","data":{"service":"_' . $service . '","name":"' . $host . '"}}');`,
        "    return curl_exec($ch);",
        "}",
        "",
      ].join("\n"),
      "Records.java": [
        "class Records {",
        "    String body(String host) {",
        '        return "{\\"type\\":\\"SRV\\",\\"data\\":{"',
        '            + "\\"proto\\":\\"_tcp\\",\\"name\\":\\"" + host + "\\"}}";',
        "    }",
        "}",
        "",
      ].join("\n"),
      "Records.cs": [
        "class Records {",
        '    string Verbatim() => @"{""type"":""SRV"",""data"":{""service"":""_sip""}}";',
        '    string Joined(string host) => "{\\"type\\":\\"SRV\\",\\"data\\":{\\"name\\":\\"" + host + "\\"}}";',
        "}",
        "",
      ].join("\n"),
    });
    expect(findings.sort()).toEqual([
      'Records.cs:2 no-srv-data-fields ""service""',
      'Records.cs:3 no-srv-data-fields \\"name\\"',
      'Records.java:4 no-srv-data-fields \\"name\\"',
      'Records.java:4 no-srv-data-fields \\"proto\\"',
      'records.php:4 no-srv-data-fields "name"',
      'records.php:4 no-srv-data-fields "service"',
      'records.py:10 no-srv-data-fields "name"',
      'records.py:5 no-srv-data-fields "proto"',
      'records.py:5 no-srv-data-fields "service"',
      'records.py:6 no-srv-data-fields "name"',
    ]);
  });

  it("is not read where it is the API's answer, as a test's mock server writes it", () => {
    const record = '{"type":"SRV","data":{"service":"_sip","proto":"_tcp","name":"example.com","port":5060,"target":"pbx"},"notification_email":"ops@example.com"}';
    const response = `res.end('{"success":true,"errors":[],"messages":[],"result":[${record}]}');`;
    expect(analyzeCode(response)).toEqual([]);
    expect(analyzeCode(`fetch("${SRV_URL}", { method: "POST", body: '${record}' });`).map((f) => f.ruleId)).toEqual([
      "no-srv-data-fields",
      "no-srv-data-fields",
      "no-srv-data-fields",
      "no-notification-email",
    ]);
  });

  it("is not read in data documents: a recorded response's body is what the API sent, not code", async () => {
    const body = '{"result":[{"type":"SRV","data":{"service":"_sip","proto":"_tcp","name":"example.com"},"notification_email":"ops@example.com"}]}';
    const findings = await scanFiles({
      "cassette.yaml": ["interactions:", "- request:", `    url: ${SRV_URL}`, "  response:", "    body: |", `      ${body}`, ""].join("\n"),
      "recorded.json": JSON.stringify({ url: SRV_URL, response: { body } }, null, 2),
    });
    expect(findings).toEqual([]);
  });
});

describe("an SRV record's data by its shape", () => {
  it("is reported at medium where its record is not seen: built apart, or by a Java JSON builder", async () => {
    const code = `export const data = (host: string) => ({ service: "_sip", proto: "_tcp", name: host, priority: 1, weight: 1, port: 5060, target: host });`;
    expect(analyzeCode(code).map((f) => `${f.ruleId} ${f.confidence} ${code.slice(f.range[0], f.range[1])}`)).toEqual([
      "no-srv-data-fields medium service",
      "no-srv-data-fields medium proto",
      "no-srv-data-fields medium name",
    ]);
    const findings = await scanFiles({
      "SrvRecord.java": [
        "class SrvRecord extends DnsRecord {",
        "  SrvRecord(String host, String service, int port) {",
        '    super(DnsType.SRV, host, Document.newJsonDocument().append("service", service).append("proto", "_tcp")',
        '      .append("port", port).append("target", host));',
        "  }",
        "}",
        "",
      ].join("\n"),
    });
    expect(findings).toEqual(['SrvRecord.java:3 no-srv-data-fields "service"', 'SrvRecord.java:3 no-srv-data-fields "proto"']);
  });

  it("is not an object with other keys, without a target, or with names an SRV record does not use", () => {
    for (const code of [
      `const rule = { service: "ssh", proto: "tcp", port: 22, target: "bastion" };`,
      `const rule = { service: "_sip", proto: "_tcp", port: 22, target: "pbx", action: "allow" };`,
      `const rule = { service: "_sip", proto: "_tcp", port: 5060 };`,
      `const mx = { service: "mail", priority: 10, target: "mx" };`,
      `const schema = { service: { type: "string" }, proto: { type: "string" }, name: { type: "string" }, target: { type: "string" } };`,
    ]) {
      expect(analyzeCode(code), code).toEqual([]);
    }
  });
});
