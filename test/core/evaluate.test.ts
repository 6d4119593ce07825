import { describe, expect, it } from "vitest";
import { analyzeCode, summarize } from "../support/analyze.js";

const endpoints = (code: string) => summarize(code, analyzeCode(code)).filter((line) => line.startsWith("no-deprecated-endpoint"));

describe("the evaluator", () => {
  it("does not treat a reassigned let as a constant", () => {
    const code = `
let url = "https://api.cloudflare.com/client/v4/zones/z/settings/minify";
url = other();
fetch(url, { method: "POST" });`;
    // Were \`url\` taken for the literal, the POST (not listed for minify) would silence it.
    // It is reassigned, so the literal stands alone: reported with the methods the schedule lists.
    expect(endpoints(code)).toEqual([`no-deprecated-endpoint 8 @ ${JSON.stringify('"https://api.cloudflare.com/client/v4/zones/z/settings/minify"')}`]);
  });

  it("follows a let that is never reassigned", () => {
    const code = `let path = "/zones/" + id + "/settings/brotli";\nfetch("https://api.cloudflare.com/client/v4" + path, { method: "PATCH" });`;
    expect(endpoints(code)).toEqual(['no-deprecated-endpoint 7 @ "\\"/zones/\\" + id + \\"/settings/brotli\\"" PATCH']);
  });

  it("reads `this.http` set in a constructor", () => {
    const code = `
import axios from "axios";
class Client {
  constructor() { this.http = axios.create({ baseURL: "https://api.cloudflare.com/client/v4" }); }
  brotli(zone) { return this.http.get(\`/zones/\${zone}/settings/brotli\`); }
}`;
    expect(endpoints(code)).toEqual(['no-deprecated-endpoint 7 @ "`/zones/${zone}/settings/brotli`" GET']);
  });

  it("knows destructuring assignment targets are references, not declarations", () => {
    const code = `let base; ({ base } = config); fetch(base + "/zones/x/settings/minify");`;
    expect(endpoints(code)).toEqual(['no-deprecated-endpoint 8 @ "base + \\"/zones/x/settings/minify\\"" GET']);
  });

  it("replaces a route placeholder with a hole", () => {
    const code = `fetch("https://api.cloudflare.com/client/v4/zones/:zone_id/settings/minify".replace(":zone_id", zone), { method: "PATCH" });`;
    expect(endpoints(code)).toHaveLength(1);
  });

  it("reads a frozen table as the table", () => {
    const code = `
const SETTINGS = Object.freeze({ minify: "minify", ssl: "ssl" });
const base = (zone: string) => \`https://api.cloudflare.com/client/v4/zones/\${zone}/settings\`;
fetch(\`\${base(z)}/\${SETTINGS.minify}\`);
fetch(\`\${base(z)}/\${SETTINGS.ssl}\`);`;
    expect(endpoints(code)).toEqual(["no-deprecated-endpoint 8 @ \"fetch(`${base(z)}/${SETTINGS.minify}`)\" GET"]);
  });

  it("takes either branch of a conditional, as an element of a table", () => {
    const code = `
const base = (zone: string) => \`https://api.cloudflare.com/client/v4/zones/\${zone}/settings\`;
fetch(\`\${base(z)}/\${legacy ? "server_side_exclude" : "ssl"}\`, { method: "PATCH" });
fetch(\`\${base(z)}/\${legacy ? "always_online" : "ssl"}\`, { method: "PATCH" });`;
    // Reported where the deprecated id is written.
    expect(endpoints(code)).toEqual(['no-deprecated-endpoint 11 @ "\\"server_side_exclude\\"" PATCH']);
  });

  it("stops at recursion without hanging", () => {
    const code = `const a = b + "/x"; const b = a + "/y"; fetch(a); function f(n) { return f(n) + "/zones/"; } fetch(f(1));`;
    expect(endpoints(code)).toEqual([]);
  });
});
