import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scan } from "../../src/scanner/scan.js";
import { AS_OF } from "../support/analyze.js";
import { scratchDirectory, scratchProject } from "../support/scratch.js";

const API = "https://api.cloudflare.com/client/v4";

/** The findings of a scan of one PowerShell script, as `line method rule`. */
async function findingsOf(script: string, name = "script.ps1"): Promise<string[]> {
  const dir = scratchProject("powershell", { [name]: script });
  const result = await scan({ cwd: dir, asOf: AS_OF, jobs: 0, minConfidence: "low" });
  expect(result.summary.problems).toEqual([]);
  return result.findings.map((f) => `${f.line} ${f.method ?? "-"} ${f.ruleId}`);
}

describe("the PowerShell front end", () => {
  it("reads a command continued over lines with backticks", async () => {
    const script = `$r = Invoke-RestMethod \`\n    -Uri "${API}/zones/$zone/settings/minify" \`\n    -Method Patch \`\n    -Body '{"value":"off"}'\n`;
    expect(await findingsOf(script)).toEqual(["2 PATCH no-deprecated-endpoint"]);
  });

  it("reads past an empty script block given as a value, a path starting with a variable and ForEach-Object -Process, which the grammar cannot parse", async () => {
    const script = [
      "Get-ChildItem $PSScriptRoot\\Public\\*.ps1 | ForEach-Object -Process { . $_.FullName }",
      "$context = @{",
      '    "setupScriptBlock" = {};',
      '    "tearDownScriptBlock" = { };',
      "}",
      `Invoke-RestMethod -Uri "${API}/zones/$zone/settings/brotli" -Method Patch -Body '{"value":"on"}'`,
    ].join("\n");
    // Before, the file was "only partly analysed" (a problem, and the run failed).
    expect(await findingsOf(script)).toEqual(["6 PATCH no-deprecated-endpoint"]);
  });

  it("reads a request piped to Select-Object with a list of property names", async () => {
    const script = [
      `$api = "${API}"`,
      '$rules = (Invoke-RestMethod -Uri "$api/zones/$zone/rate_limits" -Headers $h).result | Select-Object id, description, action',
      'Invoke-RestMethod -Uri "$api/zones/$zone/firewall/rules" -Headers $h | Select-Object id, paused',
      'Write-Host "Rules: $($rules.Count), done"',
    ].join("\n");
    // Before, the grammar gave up at `id, description`: the first request was lost and the file only partly read.
    expect(await findingsOf(script)).toEqual(["2 GET no-deprecated-endpoint", "3 GET no-deprecated-endpoint"]);
  });

  it("reads names without regard to case, and GET when no method is given", async () => {
    const script = `$Base = "${API}"\n$ZONE = "z"\ninvoke-restmethod -uri "$base/zones/$zone/rate_limits" -headers $h\nIRM "$BASE/zones/$Zone/rate_limits" -Method post\n`;
    expect(await findingsOf(script)).toEqual(["3 GET no-deprecated-endpoint", "4 POST no-deprecated-endpoint"]);
  });

  it("binds a command's arguments to the function's parameters: by name, by unambiguous prefix, by position, switches aside", async () => {
    const script = [
      "function Set-Setting {",
      "    param([string]$ZoneId, [switch]$Quiet, [string]$SettingName, $Value)",
      `    Invoke-RestMethod -Uri "${API}/zones/$ZoneId/settings/$SettingName" -Method Patch -Body (@{ value = $Value } | ConvertTo-Json)`,
      "}",
      'Set-Setting -ZoneId $z -SettingName "brotli" -Value "on"',
      'Set-Setting -Zone $z -Quiet -Setting "mobile_redirect" -Value "off"',
      'Set-Setting $z "server_side_exclude" "off"',
      'Set-Setting -ZoneId $z -SettingName "ssl" -Value "full"',
    ].join("\n");
    expect(await findingsOf(script)).toEqual(["5 PATCH no-deprecated-endpoint", "6 PATCH no-deprecated-endpoint", "7 PATCH no-deprecated-endpoint"]);
  });

  it("fills -f and [string]::Format placeholders, here-strings and single-quoted text", async () => {
    const script = [
      `$root = '${API}'`,
      "$a = $root + ('/zones/{0}/firewall/rules' -f $zone)",
      "Invoke-RestMethod -Uri $a -Method Post",
      '$b = [string]::Format("{0}/zones/{1}/settings/{2}", $root, $zone, "brotli")',
      "Invoke-RestMethod -Uri $b -Method Patch",
      "$pool = @'",
      '{"name": "p", "notification_email": "ops@example.com"}',
      "'@",
      `Invoke-RestMethod -Uri "$root/accounts/$acct/load_balancers/pools" -Method Post -Body $pool`,
    ].join("\n");
    expect(await findingsOf(script)).toEqual(["2 POST no-deprecated-endpoint", "4 PATCH no-deprecated-endpoint", "7 - no-notification-email"]);
  });

  it("reads a JSON body written as a here-string with variables in it, each key where it is written", async () => {
    const script = [
      "$pool = @\"",
      '{"name": "$name", "origins": [{"address": "$ip"}], "notification_email": "$mail", "enabled": $enabled}',
      '"@',
      `Invoke-RestMethod -Uri "${API}/accounts/$a/load_balancers/pools" -Method Post -Body $pool`,
      '$text = "{not json: $x}"',
    ].join("\n");
    const dir = scratchProject("powershell", { "pool.ps1": script });
    const result = await scan({ cwd: dir, asOf: AS_OF, jobs: 0, minConfidence: "low" });
    expect(result.findings.map((f) => `${f.line}:${f.column} ${f.ruleId}`)).toEqual(["2:52 no-notification-email"]);
  });

  it("reads Invoke-WebRequest, a splatted hashtable, and Windows PowerShell's curl alias", async () => {
    const script = [
      `$params = @{ Uri = "${API}/zones/$z/firewall/rules"; Method = "Put"; Headers = $h }`,
      "Invoke-RestMethod @params",
      `$page = Invoke-WebRequest -Uri "${API}/zones/$z/settings/minify" -UseBasicParsing`,
      `curl "${API}/accounts/$a/tunnels" -Headers $h`,
    ].join("\n");
    expect(await findingsOf(script)).toEqual(["1 PUT no-deprecated-endpoint", "3 GET no-deprecated-endpoint", "4 GET no-deprecated-endpoint"]);
  });

  it("leaves messages, comments and other APIs alone", async () => {
    const script = [
      `Write-Host "Patched ${API}/zones/$z/settings/minify"`,
      `# Invoke-RestMethod -Uri "${API}/zones/$z/settings/minify" -Method Patch`,
      '$ngrok = Invoke-RestMethod -Uri "http://127.0.0.1:4040/api/tunnels"',
      `Invoke-RestMethod -Uri "${API}/zones/$z/rulesets" -Method Get`,
    ].join("\n");
    expect(await findingsOf(script)).toEqual([]);
  });

  it("reads the records a response gives, through ForEach-Object and Where-Object", async () => {
    const script = [
      `$records = (Invoke-RestMethod -Uri "${API}/zones/$z/dns_records").result`,
      "$records | Where-Object { $_.proxied } | ForEach-Object { Write-Host $_.zone_name }",
      "foreach ($r in $records) { $name = $r.name }",
    ].join("\n");
    expect(await findingsOf(script)).toEqual(["2 - no-removed-dns-record-fields"]);
  });

  it("reads classes: properties, the constructor, methods on $this, [Class]::new and New-Object", async () => {
    const script = [
      `$Script:Root = "${API}"`,
      "class Zone {",
      "    [string]$Id",
      "    Zone([string]$id) { $this.Id = $id }",
      "    [void] SetSetting([string]$setting, [string]$value) {",
      '        Invoke-RestMethod -Method Patch -Uri ($Script:Root + "/zones/" + $this.Id + "/settings/" + $setting) -Body (@{ value = $value } | ConvertTo-Json)',
      "    }",
      "}",
      '$zone = [Zone]::new("abc")',
      '$zone.SetSetting("brotli", "on")',
      '$other = New-Object Zone -ArgumentList "def"',
      '$other.SetSetting("always_online", "on")',
      '(New-Object -TypeName Zone -ArgumentList "ghi").SetSetting("mobile_redirect", "off")',
    ].join("\n");
    expect(await findingsOf(script)).toEqual(["10 PATCH no-deprecated-endpoint", "13 PATCH no-deprecated-endpoint"]);
  });

  it("reads a module (.psm1) and a UTF-16 script with a byte-order mark", async () => {
    const dir = scratchDirectory("powershell");
    const text = `Invoke-RestMethod -Uri "${API}/zones/$z/settings/brotli" -Method Patch\n`;
    writeFileSync(join(dir, "Tune.psm1"), text);
    writeFileSync(join(dir, "utf16.ps1"), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]));
    const result = await scan({ cwd: dir, asOf: AS_OF, jobs: 0 });
    expect(result.summary.problems).toEqual([]);
    expect(result.findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.method}`).sort()).toEqual(["Tune.psm1:1:24 PATCH", "utf16.ps1:1:24 PATCH"]);
  });

  it("does not call a script of comments alone unreadable (the grammar leaves it an error), but still one it cannot read", async () => {
    const dir = scratchProject("powershell", {
      // Comments that name the API (so the file is parsed): the example settings of a build tool.
      "defaults.ps1": `<#\n----\nDefaults for ${API}/zones/$zone/settings/brotli\n----\n$config.format = { param($name) "Running $name at $(get-date)" }\n#>\n`,
      "call.ps1": `Invoke-RestMethod -Uri "${API}/zones/$z/settings/brotli" -Method Patch\n`,
    });
    const result = await scan({ cwd: dir, asOf: AS_OF, jobs: 0 });
    expect(result.summary.problems).toEqual([]);
    expect(result.findings.map((f) => f.file)).toEqual(["call.ps1"]);
  });

  it("honours a suppression comment", async () => {
    const script = `# sunset-lint-disable-next-line no-deprecated-endpoint -- migrating in OPS-7\nInvoke-RestMethod -Uri "${API}/zones/$z/settings/brotli" -Method Patch\n`;
    const dir = scratchProject("powershell", { "s.ps1": script });
    const result = await scan({ cwd: dir, asOf: AS_OF, jobs: 0 });
    expect(result.findings).toEqual([]);
    expect(result.summary.suppressed).toBe(1);
  });
});
