import { describe, expect, it } from "vitest";
import { scan } from "../../src/scanner/scan.js";
import { AS_OF } from "../support/analyze.js";
import { scratchProject } from "../support/scratch.js";

const API = "https://api.cloudflare.com/client/v4";

/** The findings of a scan of one C# file, as `line method rule`. */
async function findingsOf(source: string): Promise<string[]> {
  const dir = scratchProject("csharp", { "src/Client.cs": source });
  const result = await scan({ cwd: dir, asOf: AS_OF, jobs: 0, minConfidence: "low" });
  expect(result.summary.problems).toEqual([]);
  return result.findings.map((f) => `${f.line} ${f.method ?? "-"} ${f.ruleId}`);
}

describe("the C# front end", () => {
  it("follows a class's own helpers called without `this.`, its constants and properties, and interpolated strings", async () => {
    const source = [
      "public class Client {",
      `  private const string Api = "${API}";`,
      "  private readonly HttpClient _http;",
      "  private string Zone { get; }",
      "  private string Settings => $\"{Api}/zones/{Zone}/settings\";",
      "  public Client(HttpClient http, string zone) { _http = http; Zone = zone; }",
      "  private Task<HttpResponseMessage> Edit(string id, object value) => _http.PatchAsJsonAsync($\"{Settings}/{id}\", new { value });",
      '  public Task Minify() => Edit("minify", new { css = "on" });',
      '  public Task Ssl() => Edit("ssl", "strict");',
      "}",
    ].join("\n");
    expect(await findingsOf(source)).toEqual(["8 PATCH no-deprecated-endpoint"]);
  });

  it("reads string.Format, concatenation, verbatim and raw strings, and a request message's method", async () => {
    const source = [
      "static class Calls {",
      "  static async Task Run(HttpClient http, string account, string zone, string id) {",
      `    await http.GetAsync(string.Format("{0}/accounts/{1}/access/bookmarks", "${API}", account));`,
      `    await http.SendAsync(new HttpRequestMessage(new HttpMethod("DELETE"), @"${API}/zones/" + zone + "/filters/" + id));`,
      `    var body = """{"notification_email": "ops@example.com", "origins": []}""";`,
      `    await http.PostAsync("${API}/accounts/" + account + "/load_balancers/pools", new StringContent(body));`,
      "  }",
      "}",
    ].join("\n");
    expect(await findingsOf(source)).toEqual(["3 GET no-deprecated-endpoint", "4 DELETE no-deprecated-endpoint", "5 - no-notification-email"]);
  });

  it("reads records' constructor parameters, lists filled in a loop and dictionaries given as bodies", async () => {
    const source = [
      "record Target(string Zone, string Setting);",
      "class Job {",
      `  const string Api = "${API}";`,
      "  async Task Run(HttpClient http, string zone) {",
      '    var targets = new List<Target> { new Target(zone, "server_side_exclude"), new Target(zone, "always_online") };',
      "    foreach (var t in targets) await http.PatchAsync($\"{Api}/zones/{t.Zone}/settings/{t.Setting}\", null);",
      '    var record = new Dictionary<string, object> { ["type"] = "A", ["locked"] = false };',
      "  }",
      "}",
    ].join("\n");
    expect(await findingsOf(source)).toEqual(["6 PATCH no-deprecated-endpoint"]);
  });

  it("follows the types a file names to the files that declare them, by namespace folder", async () => {
    const dir = scratchProject("csharp-types", {
      "src/Edge.Client/Api/Endpoints/ZonePaths.cs": 'namespace Edge.Client.Api.Endpoints;\ninternal static class ZonePaths\n{\n    public const string Zones = "zones";\n    public const string Rules = "firewall/rules";\n}\n',
      "src/Edge.Client/Models/PathUri.cs": "namespace Edge.Client.Models;\npublic class PathUri : Uri { public PathUri(string path) : base(path, UriKind.Relative) { } }\n",
      "src/Edge.Client/Zones/RuleClient.cs": [
        "using Edge.Client.Api.Endpoints;",
        "using Edge.Client.Models;",
        "namespace Edge.Client.Zones;",
        "public class RuleClient : ClientBase",
        "{",
        "    public Task<string> ListAsync(string zone, Query query) => Connection.GetAsync<string>(new PathUri($\"{ZonePaths.Zones}/{zone}/{ZonePaths.Rules}\").AddParameters(query));",
        "    public Task<string> DeleteAsync(string zone, string id) => Connection.DeleteAsync<string>(new PathUri($\"{ZonePaths.Zones}/{zone}/{ZonePaths.Rules}/{id}\"));",
        "    public Task<string> ZoneAsync(string zone) => Connection.GetAsync<string>(new PathUri($\"{ZonePaths.Zones}/{zone}\"));",
        "}",
      ].join("\n"),
    });
    const result = await scan({ cwd: dir, asOf: AS_OF, jobs: 0, minConfidence: "low" });
    expect(result.summary.problems).toEqual([]);
    expect(result.findings.map((f) => `${f.file}:${f.line} ${f.method} ${f.path}`)).toEqual([
      "src/Edge.Client/Zones/RuleClient.cs:6 GET /zones/:zone_id/firewall/rules",
      "src/Edge.Client/Zones/RuleClient.cs:7 DELETE /zones/:zone_id/firewall/rules/:rule_id",
    ]);
  });

  it("does not take a cache's or a dictionary's GetAsync for a request, nor another host's path", async () => {
    const source = [
      "class Other {",
      "  async Task Run(IDistributedCache cache, HttpClient http, string node) {",
      '    await http.GetStringAsync($"https://pve.example.net:8006/api2/json/nodes/{node}/firewall/rules");',
      '    await cache.GetAsync("firewall");',
      "  }",
      "}",
    ].join("\n");
    expect(await findingsOf(source)).toEqual([]);
  });
});
