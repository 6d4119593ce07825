import { describe, expect, it } from "vitest";
import { scan } from "../../src/scanner/scan.js";
import { AS_OF } from "../support/analyze.js";
import { scratchProject } from "../support/scratch.js";

const API = "https://api.cloudflare.com/client/v4";

/** The findings of a scan of one Java file, as `line method rule`. */
async function findingsOf(source: string): Promise<string[]> {
  const dir = scratchProject("java", { "src/Client.java": source });
  const result = await scan({ cwd: dir, asOf: AS_OF, jobs: 0, minConfidence: "low" });
  expect(result.summary.problems).toEqual([]);
  return result.findings.map((f) => `${f.line} ${f.method ?? "-"} ${f.ruleId}`);
}

describe("the Java front end", () => {
  it("follows a class's own helpers called without `this.`, its constants and its fields", async () => {
    const source = [
      "class Client {",
      `  private static final String API = "${API}";`,
      "  private final String zone;",
      "  Client(String zone) { this.zone = zone; }",
      "  private String call(String method, String path) { return okhttp(new Request.Builder().url(API + path).method(method, null).build()); }",
      '  String minify() { return call("PATCH", "/zones/" + zone + "/settings/minify"); }',
      '  String ssl() { return call("PATCH", "/zones/" + zone + "/settings/ssl"); }',
      "}",
    ].join("\n");
    expect(await findingsOf(source)).toEqual(["6 PATCH no-deprecated-endpoint"]);
  });

  it("reads a path template filled by replaceAll with a regular expression, and a text block's JSON", async () => {
    const source = [
      "class Client {",
      "  okhttp3.Call filters(String zone) {",
      '    String path = "/zones/{zone_identifier}/filters".replaceAll("\\\\{" + "zone_identifier" + "\\\\}", zone);',
      `    return client.buildCall("${API}" + path, "DELETE", null);`,
      "  }",
      '  String pool = """',
      '      {"name": "web", "origins": [], "notification_email": "ops@example.com"}',
      '      """;',
      "}",
    ].join("\n");
    expect(await findingsOf(source)).toEqual(["3 DELETE no-deprecated-endpoint", "7 - no-notification-email"]);
  });

  it("reads a connection opened on a URL with the method a later statement sets, and Apache's request classes", async () => {
    const source = [
      "class Client {",
      "  void billing() throws Exception {",
      `    HttpURLConnection c = (HttpURLConnection) new URL("${API}/user/billing/profile").openConnection();`,
      '    c.setRequestMethod("GET");',
      `    HttpPut put = new HttpPut("${API}/zones/" + zone + "/firewall/rules/" + id);`,
      "  }",
      "}",
    ].join("\n");
    expect(await findingsOf(source)).toEqual(["3 GET no-deprecated-endpoint", "5 PUT no-deprecated-endpoint"]);
  });

  it("reads a route table of enum constants (an HTTP method imported statically, and a path) as the requests it describes", async () => {
    const source = [
      "import static com.example.http.HttpMethod.*;",
      "public enum Route {",
      '  LIST_ZONES( GET, "zones" ),',
      '  MINIFY_SETTING( GET, "zones/{id-1}/settings/minify" ),',
      '  CHANGE_MINIFY_SETTING( PATCH, "zones/{id-1}/settings/minify" ),',
      '  CHANGE_SSL_SETTING( PATCH, "zones/{id-1}/settings/ssl" ),',
      "  ;",
      "  private final HttpMethod method;",
      "  private final String path;",
      "  Route(HttpMethod method, String path) { this.method = method; this.path = path; }",
      "}",
    ].join("\n");
    // Before, each path was a mention with every method.
    expect(await findingsOf(source)).toEqual(["4 GET no-deprecated-endpoint", "5 PATCH no-deprecated-endpoint"]);
  });

  it("reads enum constants made with arguments, and a loop over values()", async () => {
    const source = [
      "enum ZoneSetting {",
      '  MINIFY("minify"), SSL("ssl");',
      "  private final String id;",
      "  ZoneSetting(String id) { this.id = id; }",
      "  String getId() { return id; }",
      "}",
      "class Client {",
      `  static final String API = "${API}";`,
      '  void all(Http http, String zone) { for (ZoneSetting s : ZoneSetting.values()) http.patch(API + "/zones/" + zone + "/settings/" + s.getId(), "{}"); }',
      '  void ssl(Http http, String zone) { http.patch(API + "/zones/" + zone + "/settings/" + ZoneSetting.SSL.getId(), "{}"); }',
      "}",
    ].join("\n");
    expect(await findingsOf(source)).toEqual(["9 PATCH no-deprecated-endpoint"]);
  });

  it("leaves other products' paths and messages alone", async () => {
    const source = [
      "class Client {",
      "  String pve(String node) { return rest.getForObject(\"https://pve.local:8006/api2/json/nodes/\" + node + \"/firewall/rules\", String.class); }",
      `  void log(String z) { System.out.println("${API}/zones/" + z + "/settings/minify is gone"); logger.info("firewall/rules migrated"); }`,
      "}",
    ].join("\n");
    expect(await findingsOf(source)).toEqual([]);
  });
});
