import { describe, expect, it } from "vitest";
import { analyzeCode, summarize } from "../support/analyze.js";

/** Shapes seen in real repositories that were once reported and must not be, even at low confidence. */
const atLow = (code: string) => summarize(code, analyzeCode(code, { minConfidence: "low" }));

describe("false positives seen in real code", () => {
  it("a list of test files is no list of API paths (`organizations/organization_test.go`)", () => {
    expect(atLow(`const TEST_PATHS = ["organizations/organization_test.go", "user/billingprofile_test.go", "zones/zone.test.ts"];`)).toEqual([]);
    // The same words as a path with an id are still one.
    expect(atLow(`const PATHS = ["organizations/023e105f4ecef8ad9ca31a8372d0c353"];`)).toHaveLength(1);
  });

  it("a route definition of one's own server is never a request (express-style, with a handler)", () => {
    expect(atLow(`import express from "express";\nconst router = express.Router();\nrouter.post("/script_monitor/scripts", (req, res) => res.json({}));\nrouter.get("/zones/:zone/settings/minify", handler);\nfunction handler(req, res) {}`)).toEqual([]);
  });

  it("a WebSocket close code 1004 in a runtime that mentions cloudflare is not the DNS error wrapper", () => {
    const code = `// cloudflare workers runtime: https://developer.mozilla.org/en-US/docs/Web/API/CloseEvent/code
export class WebSocketPair {
  close(code?: number) {
    const validCode = code >= 1000 && code < 5000 && code !== 1004 && code !== 1005;
    if (!validCode) throw new TypeError("Invalid WebSocket close code.");
  }
}`;
    expect(atLow(code)).toEqual([]);
  });

  it("1004 compared with the code of an error from the API's `errors` list is still the wrapper", () => {
    const code = `const body = await res.json();\nif (body.errors.some((e) => e.code === 1004)) retry();`;
    expect(atLow(code)).toEqual(['no-error-chain 5 @ "e.code === 1004"']);
  });

  it("`output_options['CVE-2021-44228']` given as a boolean (which the API accepts) is only a low-confidence note", () => {
    const code = `const job = { dataset: "http_requests", destination_conf: "s3://b", output_options: { "CVE-2021-44228": false } };`;
    expect(summarize(code, analyzeCode(code))).toEqual([]);
    expect(analyzeCode(code, { minConfidence: "low" }).map((f) => [f.ruleId, f.confidence])).toEqual([["valid-logpush-filter", "low"]]);
  });
  it("`notification_email` of another API (GitHub's users) is only a low-confidence note; a pool's or a health check's stays medium", () => {
    const confidenceOf = (code: string) => analyzeCode(code, { minConfidence: "low" }).filter((finding) => finding.ruleId === "no-notification-email").map((finding) => finding.confidence);
    expect(confidenceOf(`export const toUser = (u) => ({ login: u.login, notification_email: u.notification_email ?? null });`)).toEqual(["low", "low"]);
    // Beside a pool's fields, or in a file about pools, monitors or the API: as before.
    expect(confidenceOf(`export const pool = { name: "web", origins: [{ address: "192.0.2.1" }], notification_email: "ops@example.com" };`)).toEqual(["medium"]);
    expect(confidenceOf(`// health checks of the monitoring service\nexport const alert = { notification_email: "ops@example.com" };`)).toEqual(["medium"]);
    expect(confidenceOf(`await fetch("https://api.cloudflare.com/client/v4/accounts/a/x", { method: "POST", body: JSON.stringify({ notification_email: "ops@example.com" }) });`)).toEqual(["medium"]);
    // A tunnel monitor's own alerts by mail: its settings beside SMTP's, and read where it sends mail.
    expect(confidenceOf(`// monitors the tunnel\nexport const defaults = { smtp_server: "", from_email: "monitor@localhost", notification_email: "" };`)).toEqual(["low"]);
    expect(confidenceOf(`// monitors the tunnel\nimport nodemailer from "nodemailer";\nexport const alert = (config) => nodemailer.createTransport(config).sendMail({ to: config.notification_email });`)).toEqual(["low"]);
    // Sending mail in a file about the API's pools: as before.
    expect(confidenceOf(`import nodemailer from "nodemailer";\nexport const pool = { name: "web", notification_email: "ops@example.com" };\nawait fetch("https://api.cloudflare.com/client/v4/accounts/a/load_balancers/pools", { method: "POST", body: JSON.stringify(pool) });`)).toEqual(["medium"]);
    // A pool the API returned, in a mocked response envelope (an SDK's test): not sent, low;
    // the same pool sent beside it stays medium, and so does one in a `result` of no envelope.
    const mocked = `const poolResponse = { success: true, errors: [], messages: [], result: { name: "web", origins: [], notification_email: "ops@example.com" } };
const listed = { success: true, errors: [], result: [{ id: "p1", monitor: "m1", notification_email: "ops@example.com" }], result_info: { page: 1 } };
export const sent = { name: "web", origins: [], notification_email: "ops@example.com" };
export const step = { result: { origins: [], notification_email: "x" } };
mock.onGet("/accounts/a/load_balancers/pools/p1").reply(200, poolResponse);`;
    expect(confidenceOf(mocked)).toEqual(["low", "low", "medium", "medium"]);
    // A schema's declaration of the field (an object where the address would be): low, beside the pool's other attributes.
    expect(confidenceOf(`export const poolSchema = { origins: { type: "array" }, monitor: { type: "string" }, notification_email: { type: "string", deprecated: true } };`)).toEqual(["low"]);
  });

  it("a path a test expects (in an assertion's arguments, however deep) is only a low-confidence note", () => {
    const confidences = (code: string) => analyzeCode(code, { minConfidence: "low" }).filter((finding) => finding.ruleId === "no-deprecated-endpoint").map((finding) => finding.confidence);
    expect(confidences(`assert.deepEqual(seen, [[\`/zones/\${zoneId}/settings/minify\`, { css: "on" }]]);`)).toEqual(["low"]);
    expect(confidences(`expect(fetchMock).toHaveBeenCalledWith({ url: "/zones/abc/settings/brotli", method: "PATCH" });`)).toEqual(["low"]);
    // PHPUnit's constraints (`->with($this->equalTo('zones/…/firewall/rules'))`) are what a mock expects.
    expect(confidences(`mock.expects(this.once()).method("post").with(this.equalTo("zones/023e/firewall/rules"), this.identicalTo([]));`)).toEqual(["low"]);
    // The same list kept for a request is medium, as before.
    expect(confidences(`const PRESET = [[\`/zones/\${zoneId}/settings/minify\`, { css: "on" }]];`)).toEqual(["medium"]);
  });
});
