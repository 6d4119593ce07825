import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { LANGUAGE_IDS, languageOfPath, languageOfShebang, parseLanguageList } from "../../src/languages/index.js";
import { scan } from "../../src/scanner/scan.js";
import { AS_OF } from "../support/analyze.js";
import { scratchDirectory } from "../support/scratch.js";
import { expectedFindings, nearMissLines } from "../support/expectations.js";

const root = fileURLToPath(new URL("../../fixtures/polyglot", import.meta.url));

/** Writes a scratch Python project (paths to texts, folders made as needed) and scans it. */
async function scanPythonProject(name: string, files: Record<string, string>, minConfidence?: "low") {
  const dir = scratchDirectory(name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return scan({ cwd: dir, asOf: AS_OF, jobs: 0, languages: ["python"], ...(minConfidence ? { minConfidence } : {}) });
}
const ALL = [...LANGUAGE_IDS];

/**
 * A C# class: `before`, methods enough that a parser's failure among them covers most of the file,
 * `after`, then a method reading a deprecated zone setting with HttpClient.
 */
function csharpClass(name: string, before: readonly string[], setting: string, after: readonly string[] = []): string[] {
  const helpers = Array.from({ length: 8 }, (_, index) => [`    private static int Helper${index}(int x)`, "    {", `        return x + ${index};`, "    }"]).flat();
  return [
    "using System.Net.Http;",
    `public class ${name}`,
    "{",
    ...before,
    ...helpers,
    ...after,
    "    public async Task<string> Read(HttpClient http, string zone)",
    "    {",
    `        var response = await http.GetAsync($"https://api.cloudflare.com/client/v4/zones/{zone}/settings/${setting}");`,
    "        return await response.Content.ReadAsStringAsync();",
    "    }",
    "}",
  ];
}

/** The 1-based line of the first of `lines` that holds `text`. */
const lineOf = (lines: readonly string[], text: string) => lines.findIndex((line) => line.includes(text)) + 1;

describe("the polyglot fixture project", () => {
  it("marks at least 60 findings and 30 near-misses, in every language the scanner reads besides JS/TS", () => {
    const expected = expectedFindings(root, "all");
    expect(expected.length).toBeGreaterThanOrEqual(60);
    expect(nearMissLines(root).length).toBeGreaterThanOrEqual(30);
    const languages = new Set(expected.map((key) => languageOfPath(key.split(":")[0]!) ?? "shebang"));
    expect([...languages].sort()).toEqual(["json", "markdown", "php", "python", "ruby", "shebang", "shell", "svelte", "terraform", "vue", "yaml", "go", "rust", "powershell", "java", "csharp"].sort());
  });

  it("gives no finding on a near-miss line, even at low confidence", async () => {
    const result = await scan({ cwd: root, paths: ["src"], asOf: AS_OF, jobs: 0, languages: ALL, minConfidence: "low" });
    const flagged = new Set(result.findings.map((f) => `${f.file}:${f.line}`));
    expect(nearMissLines(root).filter((line) => flagged.has(line))).toEqual([]);
    // Every file is read whole: valid code no grammar fails on (a page's JSON-LD script block, a
    // Vue `generic` attribute holding `>`) leaves no file partly analysed.
    expect(result.summary.problems.filter((problem) => problem.kind === "unscannable")).toEqual([]);
  });

  it("reads Markdown code blocks only when Markdown is switched on", async () => {
    const off = await scan({ cwd: root, paths: ["src/docs"], asOf: AS_OF, jobs: 0 }).catch((error: Error) => error);
    expect(off).toBeInstanceOf(Error);
    expect((off as Error).message).toMatch(/no files to scan in src\/docs/);
    const on = await scan({ cwd: root, paths: ["src/docs"], asOf: AS_OF, jobs: 0, languages: ["markdown"] });
    expect(on.findings.map((f) => `${f.line} ${f.method}`)).toEqual(["6 PATCH", "11 GET"]);
  });

  it("reads a Markdown code block in a language no other file of the scan is in", async () => {
    // A fresh module graph: no front end prepared by an earlier test.
    vi.resetModules();
    const { scan: freshScan } = await import("../../src/scanner/scan.js");
    const dir = scratchDirectory("markdown");
    writeFileSync(join(dir, "RUNBOOK.md"), '# Runbook\n\n```python\nimport requests\nrequests.patch("https://api.cloudflare.com/client/v4/zones/z/settings/minify")\n```\n');
    const result = await freshScan({ cwd: dir, asOf: AS_OF, jobs: 0, languages: ["markdown"] });
    expect(result.findings.map((f) => `${f.file}:${f.line} ${f.method}`)).toEqual(["RUNBOOK.md:5 PATCH"]);
  });

  it("follows a Python package's modules: `from . import constants`, and a constant imported by name", async () => {
    const result = await scanPythonProject("python-package", {
      "pyproject.toml": "[project]\nname = 'app'\n",
      "app/__init__.py": "",
      "app/constants.py": 'CF_API = "https://api.cloudflare.com/client/v4"\nBILLING_HISTORY = CF_API + "/user/billing/history"\nZONE_COLOS = CF_API + "/zones/{}/analytics/colos"\n',
      "app/billing.py": 'import requests\nfrom . import constants\n\ndef history(token):\n    return requests.get(constants.BILLING_HISTORY, headers={"Authorization": token}).json()\n',
      "app/colos.py": "import httpx\nfrom app.constants import ZONE_COLOS\n\nasync def colos(zone):\n    async with httpx.AsyncClient() as client:\n        return await client.get(ZONE_COLOS.format(zone))\n",
    });
    const calls = result.findings.filter((f) => f.file !== "app/constants.py");
    expect(calls.map((f) => `${f.file}:${f.line} ${f.method}`).sort()).toEqual(["app/billing.py:5 GET", "app/colos.py:6 GET"]);
  });

  it("follows a Python base class of another module, and takes a sentinel default for no filter text", async () => {
    const result = await scanPythonProject(
      "python-base-class",
      {
        "setup.py": "",
        "edge/__init__.py": "",
        "edge/api.py": "import requests\n\n\nclass Api:\n    def api_send(self, verb, url, data=None):\n        return requests.request(verb, self.base_url + url, json=data).json()\n",
        "edge/zones.py": 'from .api import Api\n\n\nclass Zones(Api):\n    def __init__(self):\n        self.base_url = "https://api.cloudflare.com/client/v4/"\n\n    def minify_off(self, zone):\n        return self.api_send("PATCH", f"zones/{zone}/settings/minify", {"value": "off"})\n',
        "edge/_types.py": "import httpx\n\n\nclass NotGiven:\n    pass\n\n\nNOT_GIVEN = NotGiven()\n",
        "edge/jobs.py": 'import httpx\nfrom ._types import NOT_GIVEN\n\nAPI = "https://api.cloudflare.com/client/v4"\n\ndef create(dataset, filter=NOT_GIVEN):\n    return httpx.post(f"{API}/zones/z/logpush/jobs", json={"dataset": dataset, "filter": filter})\n',
      },
      "low",
    );
    expect(result.findings.map((f) => `${f.file}:${f.line} ${f.method} ${f.confidence}`)).toEqual(["edge/zones.py:9 PATCH high"]);
  });

  it("reads a Python request's URL from the dict spread into it (`getattr(requests, method)(**request_args)`)", async () => {
    const helper = 'import requests\n\nAPI = "https://api.cloudflare.com/client/v4"\n\ndef call(method, endpoint, data=None):\n    request_args = {"url": f"{API}/{endpoint}"}\n    if data:\n        request_args["json"] = data\n    return getattr(requests, method)(**request_args)\n\n';
    const result = await scanPythonProject("python-splat", { "edge.py": `${helper}def minify_off(zone):\n    return call("patch", f"zones/{zone}/settings/minify", data={"value": "off"})\n` }, "low");
    expect(result.findings.map((f) => `${f.line} ${f.method} ${f.confidence}`)).toEqual(["12 PATCH high"]);
  });

  it("reads a module of another provider's API (its host written, no word of Cloudflare) as that API's: its pools' `notification_email` at low", async () => {
    const pools = (host: string) =>
      [
        '"""A load balancing service\'s client: its pools take a `notification_email` too."""',
        "import requests",
        "",
        `SERVICE_URL = "${host}"`,
        "",
        "def create(token, instance, name, origins, alerts_to):",
        '    body = {"name": name, "origins": origins, "minimum_origins": 1, "notification_email": alerts_to}',
        '    return requests.post(f"{SERVICE_URL}/v1/{instance}/load_balancers/pools", json=body, headers={"Authorization": token}).json()',
        "",
        "def alert_address(token, instance, pool_id):",
        '    pool = requests.get(f"{SERVICE_URL}/v1/{instance}/load_balancers/pools/{pool_id}", headers={"Authorization": token}).json()["result"]',
        "    return pool.notification_email",
        "",
      ].join("\n");
    const confidences = async (name: string, files: Record<string, string>) =>
      (await scanPythonProject(name, files, "low")).findings.filter((f) => f.ruleId === "no-notification-email").map((f) => `${f.line} ${f.confidence}`);
    expect(await confidences("other-api-pools", { "pools.py": pools("https://api.edge.example.net") })).toEqual(["7 low", "12 low"]);
    // The same code against this API's host, or naming Cloudflare, is about this API's pools.
    expect(await confidences("own-api-pools", { "pools.py": pools("https://api.cloudflare.com/client/v4/accounts") })).toEqual(["7 medium", "12 medium"]);
    const named = pools("https://api.edge.example.net").replace("import requests", "import requests  # also reads CLOUDFLARE_API_TOKEN");
    expect(await confidences("named-api-pools", { "pools.py": named })).toEqual(["7 medium", "12 medium"]);
  });

  it("follows a Python comprehension's loop, and reports its request once", async () => {
    const dir = scratchDirectory("comprehension");
    const api = 'API = "https://api.cloudflare.com/client/v4"\nNAMES = {"brotli": 1, "ssl": 2}\n';
    writeFileSync(join(dir, "calls.py"), `import requests\n${api}def read(z):\n    return [requests.get(f"{API}/zones/{z}/settings/{n}") for n in NAMES]\n`);
    writeFileSync(join(dir, "urls.py"), `import requests\n${api}def urls(z):\n    return [f"{API}/zones/{z}/settings/{n}" for n in NAMES if n]\nfor url in urls("z"):\n    requests.patch(url)\n`);
    const result = await scan({ cwd: dir, asOf: AS_OF, jobs: 0, minConfidence: "low" });
    expect(result.findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.method}`).sort()).toEqual(["calls.py:5:13 GET", "urls.py:7:5 PATCH"]);
  });

  it("reads curl's JSON data with shell variables in it as the record it is", async () => {
    const dir = scratchDirectory("shell-json");
    writeFileSync(join(dir, "pool.sh"), 'API="https://api.cloudflare.com/client/v4"\ncurl -X POST "$API/accounts/$ACCOUNT/load_balancers/pools" --data "{\\"name\\":\\"$NAME\\",\\"notification_email\\":\\"$MAIL\\",\\"minimum_origins\\":$MIN}"\n');
    const result = await scan({ cwd: dir, asOf: AS_OF, jobs: 0, minConfidence: "low" });
    expect(result.findings.map((f) => `${f.file}:${f.line} ${f.ruleId} ${f.confidence}`)).toEqual(["pool.sh:2 no-notification-email medium"]);
  });

  it("reads a JSON file of a recorded API response as what the API returned, not a request body", async () => {
    const dir = scratchDirectory("recorded-response");
    const pool = '{ "name": "primary", "minimum_origins": 1, "origins": [{ "address": "192.0.2.1" }], "notification_email": "ops@example.com" }';
    writeFileSync(join(dir, "getPool.json"), `{\n  "success": true,\n  "errors": [],\n  "messages": [],\n  "result": ${pool}\n}\n`);
    writeFileSync(join(dir, "newPool.json"), `${pool}\n`);
    const result = await scan({ cwd: dir, asOf: AS_OF, jobs: 0, minConfidence: "low" });
    expect(result.findings.map((f) => `${f.file}:${f.line} ${f.confidence} ${f.message.split(" ")[0]}`)).toEqual(["getPool.json:5 low Returning", "newPool.json:1 medium Sending"]);
  });

  it("takes a Go schema's attribute for the field for a declaration of it, not a value sent", async () => {
    const dir = scratchDirectory("go-schema");
    writeFileSync(join(dir, "schema.go"), 'package pool\n\nfunc Attributes() map[string]schema.Attribute {\n\treturn map[string]schema.Attribute{\n\t\t"monitor": schema.StringAttribute{Optional: true},\n\t\t"notification_email": schema.StringAttribute{\n\t\t\tOptional: true,\n\t\t},\n\t}\n}\n\nfunc Body(email string) map[string]any {\n\treturn map[string]any{"monitor": "m1", "notification_email": email}\n}\n');
    const result = await scan({ cwd: dir, asOf: AS_OF, jobs: 0, minConfidence: "low" });
    expect(result.findings.map((f) => `${f.file}:${f.line} ${f.confidence} ${f.message.split(" ")[0]}`)).toEqual(["schema.go:6 low Declaring", "schema.go:13 medium Sending"]);
  });

  it("follows a shell wrapper that copies \"$@\" into an array and reads ${args[0]} and ${args[1]}", async () => {
    const dir = scratchDirectory("shell-args");
    const script = [
      'API_URL="https://api.cloudflare.com/client/v4"',
      "cf_api() {",
      "  local args=()",
      '  for arg in "$@"; do',
      '    case "$arg" in',
      "      --paginate) PAGINATE=1 ;;",
      '      *) args+=("$arg") ;;',
      "    esac",
      "  done",
      '  curl -s --request "${args[0]}" --url "${API_URL}${args[1]}"',
      "}",
      'cf_api GET "/zones/${ZONE_ID}/filters"',
      'cf_api DELETE "/zones/${ZONE_ID}/firewall/rules/${RULE_ID}" --paginate',
    ].join("\n");
    writeFileSync(join(dir, "cf.sh"), `${script}\n`);
    const result = await scan({ cwd: dir, asOf: AS_OF, jobs: 0, minConfidence: "low" });
    expect(result.findings.map((f) => `${f.line} ${f.method} ${f.confidence}`)).toEqual(["12 GET high", "13 DELETE high"]);
  });

  it("reads curl run inside $(…) or backquotes, and an if's branches as alternatives", async () => {
    const dir = scratchDirectory("shell-substitution");
    const script = [
      'API="https://api.cloudflare.com/client/v4"',
      'RESPONSE=$(curl -s -X PATCH "$API/zones/$ZONE/settings/minify" --data \'{"value":{"css":"on"}}\')',
      'if [ "$(curl -s "$API/zones/$ZONE/firewall/rules" | jq .success)" = true ]; then echo listed; fi',
      "list() {",
      '  local path="$1"',
      '  if [[ "$path" == *\\?* ]]; then path="${path}&page=2"; else path="${path}?page=2"; fi',
      '  OUT=$(curl -s "$API$path")',
      "}",
      'list "/zones/$ZONE/filters"',
      'STATUS=$(curl -s -X PATCH "$API/zones/$ZONE/settings/always_online")',
      'OLD=`curl -s -X PATCH "$API/zones/$ZONE/settings/brotli" --data \'{"value":"off"}\'`',
    ].join("\n");
    writeFileSync(join(dir, "tune.sh"), `${script}\n`);
    const result = await scan({ cwd: dir, asOf: AS_OF, jobs: 0, minConfidence: "low" });
    // Before, a command in $(…) was unknown text: nothing was found; and the two writes of `path`
    // were read one after the other (…&page=2?page=2), which no route matches.
    expect(result.findings.map((f) => `${f.line} ${f.method}`)).toEqual(["2 PATCH", "3 GET", "9 GET", "11 PATCH"]);
  });

  it("reads a shell script past a test grouped with escaped parentheses, which tree-sitter-bash cannot parse", async () => {
    const dir = scratchDirectory("shell-grouped-test");
    const script = [
      "find_record() {",
      '  if [ \\( -z "$type" -o "$t" = "$type" \\) -a \\( -z "$old" -o "$c" = "$old" \\) ]',
      "  then",
      "    found=1",
      "  fi",
      "}",
      'find . \\( -name "*.json" -o -name "*.yaml" \\) -print',
      "sed 's/\\(zone\\)=.*/\\1/' conf",
      'curl -s -X PATCH "https://api.cloudflare.com/client/v4/zones/$ZONE/settings/minify" --data \'{"value":{"js":"on"}}\'',
    ].join("\n");
    writeFileSync(join(dir, "cf.sh"), `${script}\n`);
    const result = await scan({ cwd: dir, asOf: AS_OF, jobs: 0, minConfidence: "low" });
    // Before, the file was "only partly analysed" from its first line, and the run failed.
    expect(result.summary.problems).toEqual([]);
    expect(result.findings.map((f) => `${f.line} ${f.method}`)).toEqual(["9 PATCH"]);
  });

  it("reads a C# file past an interpolated verbatim string that ends with an escaped quote, which tree-sitter-c-sharp cannot parse", async () => {
    const dir = scratchDirectory("csharp-verbatim-interpolation");
    const source = csharpClass("Zones", ['    private static string Quoted(string name) => $@"""{name}""";'], "minify", [
      '    private static string Json(string id) => $@"{{""id"":""{id}"",""note"":""say """"hi""""""}}";',
      '    private static string Raw(string name) => $"""{name}""";',
    ]);
    writeFileSync(join(dir, "Zones.cs"), `${source.join("\n")}\n`);
    const result = await scan({ cwd: dir, asOf: AS_OF, jobs: 0, minConfidence: "low" });
    // Before, the file was "only partly analysed" from its first line, and the run failed.
    expect(result.summary.problems).toEqual([]);
    expect(result.findings.map((f) => `${f.line} ${f.method}`)).toEqual([`${lineOf(source, "GetAsync")} GET`]);
  });

  it("reads a C# file whose declarations are split by #if/#else, or whose collections hold a variable named type, which tree-sitter-c-sharp cannot parse", async () => {
    const dir = scratchDirectory("csharp-grammar-fallbacks");
    const split = csharpClass("Zones", ["#if NET8_0", "    public static string Version()", "#else", "    public static object Version()", "#endif", "    {", '        return "8";', "    }"], "minify");
    const collection = csharpClass(
      "Registry",
      [
        "    public void Add(Dictionary<string, List<Type>> types, string key, Type type)",
        "    {",
        "        if (!types.TryGetValue(key, out var list))",
        "        {",
        "            types[key] = [type];",
        "        }",
        "        else",
        "        {",
        "            list.Add(type);",
        "        }",
        "    }",
      ],
      "brotli",
    );
    writeFileSync(join(dir, "Zones.cs"), `${split.join("\n")}\n`);
    writeFileSync(join(dir, "Registry.cs"), `${collection.join("\n")}\n`);
    const result = await scan({ cwd: dir, asOf: AS_OF, jobs: 0, minConfidence: "low" });
    // Before, each file was "only partly analysed" (from its first lines), and the run failed.
    expect(result.summary.problems).toEqual([]);
    expect(result.findings.map((f) => `${f.file}:${f.line} ${f.method}`)).toEqual([`Registry.cs:${lineOf(collection, "GetAsync")} GET`, `Zones.cs:${lineOf(split, "GetAsync")} GET`]);
  });

  it("reads shell scripts past backquoted commands written with blanks after the opening backquote, bars in an expansion's default and zsh's expansions, which tree-sitter-bash cannot parse", async () => {
    const dir = scratchDirectory("shell-spaced-backquotes");
    const script = [
      ":",
      'info=`curl -s "https://api.cloudflare.com/client/v4/zones?per_page=5"`',
      'COUNT=`      echo "${info}" | jq .result_info.count`',
      'PAGE=`       echo "${info}" | jq .result_info.page`',
      'echo "page ${PAGE} of ${COUNT}" `date`',
      'curl -s -X PATCH "https://api.cloudflare.com/client/v4/zones/$ZONE/settings/minify" --data \'{"value":{"js":"on"}}\'',
    ].join("\n");
    writeFileSync(join(dir, "pages.sh"), `${script}\n`);
    // And a bar in an expansion's default (`"${MODES:-on|off|auto|strict}"`), read as a pipe, in a case.
    const modes = [
      'case "$1" in',
      "  show)",
      '    echo "${MODES:-on|off|auto|strict}"',
      "    ;;",
      "  *)",
      '    curl -s "https://api.cloudflare.com/client/v4/zones/$ZONE/settings/brotli"',
      "    ;;",
      "esac",
    ].join("\n");
    writeFileSync(join(dir, "modes.sh"), `${modes}\n`);
    // And zsh, read with the bash grammar: `$+commands[curl]`, an expansion's flags.
    const zsh = [
      "function cf_minify() {",
      "  (( $+commands[curl] )) || return 1",
      '  local zones=(${(f)"$(cf_zones)"})',
      "  for zone in $zones; do",
      '    curl -s -X PATCH "https://api.cloudflare.com/client/v4/zones/$zone/settings/minify" --data \'{"value":{"js":"on"}}\'',
      "  done",
      "}",
    ].join("\n");
    writeFileSync(join(dir, "cf.zsh"), `${zsh}\n`);
    const result = await scan({ cwd: dir, asOf: AS_OF, jobs: 0, minConfidence: "low" });
    // Before, each file was "only partly analysed" from its first line, and the run failed.
    expect(result.summary.problems).toEqual([]);
    expect(result.findings.map((f) => `${f.file}:${f.line} ${f.method}`)).toEqual(["cf.zsh:5 PATCH", "modes.sh:6 GET", "pages.sh:6 PATCH"]);
  });

  it("scans only the languages asked for", async () => {
    const result = await scan({ cwd: root, paths: ["src"], asOf: AS_OF, jobs: 0, languages: ["python", "terraform"] });
    expect(new Set(result.findings.map((f) => f.file.split("/")[1]))).toEqual(new Set(["python", "terraform"]));
    // Every file of those two folders, and nothing else.
    const expected = ["python", "terraform"].flatMap((folder) => readdirSync(join(root, "src", folder), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()));
    expect(result.summary.files).toBe(expected.length);
  });
});

describe("languages", () => {
  it("are told by extension and by shebang", () => {
    expect(languageOfPath("a/b/deploy.tf")).toBe("terraform");
    expect(languageOfPath("x.d.ts")).toBeNull();
    expect(languageOfPath("Rakefile")).toBe("ruby");
    expect(languageOfShebang("#!/usr/bin/env python3")).toBe("python");
    expect(languageOfShebang("#!/bin/bash -e")).toBe("shell");
    expect(languageOfShebang("#!/usr/bin/env -S ruby -w")).toBe("ruby");
    expect(languageOfShebang("# not a shebang")).toBeNull();
  });

  it("are named by id or a common alias; anything else is reported", () => {
    expect(parseLanguageList(["py", "HCL", "js", "yml", "bash"])).toEqual({ languages: ["python", "terraform", "typescript", "yaml", "shell"], unknown: [] });
    expect(parseLanguageList(["cobol"]).unknown).toEqual(["cobol"]);
  });
});

describe("findings in other languages", () => {
  const project = () => {
    const dir = scratchDirectory("polyglot");
    cpSync(join(root, "src/python"), join(dir, "src"), { recursive: true });
    return dir;
  };

  it("honour suppression comments written in the language's own comment syntax", async () => {
    const dir = project();
    const file = join(dir, "src/zone_settings.py");
    const text = readFileSync(file, "utf8").replace("    url = f\"{API}", "    # sunset-lint-disable-next-line no-deprecated-endpoint -- migrating in OPS-1\n    url = f\"{API}");
    writeFileSync(file, text);
    const result = await scan({ cwd: dir, asOf: AS_OF, jobs: 0 });
    expect(result.summary.suppressed).toBe(1);
    expect(result.findings.some((f) => f.file === "src/zone_settings.py" && f.source.includes("settings/minify\""))).toBe(false);
  });

  it("carry no fix: the fixes are written in JavaScript syntax", async () => {
    const dir = scratchDirectory("polyglot");
    writeFileSync(join(dir, "scripts.py"), 'import requests\nrequests.get(f"https://api.cloudflare.com/client/v4/zones/{z}/page_shield/script_monitor")\n');
    const result = await scan({ cwd: dir, asOf: AS_OF, jobs: 0, withFixes: true });
    expect(result.findings.map((f) => f.ruleId)).toEqual(["no-script-monitor-path"]);
    expect(result.findings[0]!.fix).toBeUndefined();
  });

  it("keep going past a file the grammar cannot make out, naming it", async () => {
    const dir = scratchDirectory("polyglot");
    // Enough of the API in it to pass the prefilter, and nothing a Python parser can make out.
    writeFileSync(join(dir, "broken.py"), 'def (((( "/zones/z/settings/minify"\n'.repeat(20));
    writeFileSync(join(dir, "ok.py"), 'import requests\nrequests.get("https://api.cloudflare.com/client/v4/zones/z/settings/brotli")\n');
    const result = await scan({ cwd: dir, asOf: AS_OF, jobs: 0 });
    // The next file is analysed; what the parser made out of the broken one is kept too.
    expect(new Set(result.findings.map((f) => f.file))).toEqual(new Set(["ok.py", "broken.py"]));
    expect(result.summary.problems).toEqual([expect.objectContaining({ file: "broken.py", kind: "unscannable", message: expect.stringMatching(/Python parser could not make out/) })]);
  });
});
