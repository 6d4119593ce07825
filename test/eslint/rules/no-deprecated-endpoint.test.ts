import { fileURLToPath } from "node:url";
import rule from "../../../src/eslint/rules/no-deprecated-endpoint.js";
import { rangeOf } from "../../support/locate.js";
import { dataFor, ruleTester } from "../../support/rule-tester.js";

const crossFileClient = fileURLToPath(new URL("../../../fixtures/eslint-cross-file/src/client.ts", import.meta.url));

/** One expected error: the entry's message, located at `snippet`. */
const error = (code: string, snippet: string, item: number, subject: string, occurrence = 1) => ({
  messageId: "deprecated" as const,
  data: dataFor(item, subject, "remove the call"),
  ...rangeOf(code, snippet, occurrence),
});

const fromFile = <T extends { data: Record<string, string> }>(expected: T, file: string): T => ({ ...expected, data: { ...expected.data, instead: `${expected.data.instead} (the path comes from ${file})` } });

const fetchTemplate = `
const API = "https://api.cloudflare.com/client/v4";
export async function listRules(zoneId: string) {
  const response = await fetch(\`\${API}/zones/\${zoneId}/firewall/rules?page=2\`);
  return response.json();
}
`;
const requestObject = `
const API = "https://api.cloudflare.com/client/v4";
const request = new Request(\`\${API}/zones/\${zoneId}/settings/minify\`, { method: "PATCH", body: "{}" });
await fetch(request);
`;
const concatenation = `
const BASE = 'https://api.cloudflare.com/client/v4/';
function setMinify(zoneId, value) {
  return fetch(BASE + 'zones/' + zoneId + '/settings/minify', { method: 'PATCH', body: JSON.stringify({ value }) });
}
`;
const axiosInstance = `
import axios from "axios";
const cf = axios.create({ baseURL: "https://api.cloudflare.com/client/v4", headers: { Authorization: "Bearer x" } });
export const getBrotli = (zone: string) => cf.get(\`/zones/\${zone}/settings/brotli\`);
export const addOverride = (zone: string) => cf.post(\`/zones/\${zone}/firewall/waf/overrides\`, { urls: [] });
`;
const axiosConfig = `
import axios from "axios";
await axios({ method: "delete", url: \`https://api.cloudflare.com/client/v4/zones/\${zone}/rate_limits/\${id}\` });
`;
const gotExtend = `
import got from "got";
const api = got.extend({ prefixUrl: "https://api.cloudflare.com/client/v4" });
const body = await api.patch(\`zones/\${zone}/settings/mobile_redirect\`, { json: { value: { status: "off" } } }).json();
`;
const kyCreate = `
import ky from "ky";
const api = ky.create({ prefixUrl: "https://api.cloudflare.com/client/v4/" });
const tunnels = await api.get(\`accounts/\${accountId}/tunnels\`).json();
`;
const undiciRequest = `
import { request } from "undici";
const { body } = await request(\`https://api.cloudflare.com/client/v4/accounts/\${id}/images/v1/direct_upload\`, { method: "POST" });
`;
const httpsOptions = `
const https = require("https");
const req = https.request({ hostname: "api.cloudflare.com", path: "/client/v4/user/billing/history", method: "GET" });
`;
const sdkRaw = `
import Cloudflare from "cloudflare";
const client = new Cloudflare({ apiToken: process.env.CF_TOKEN });
const dashboard = await client.get(\`/zones/\${zoneId}/analytics/dashboard\`);
`;
const urlObject = `
const url = new URL(\`zones/\${zoneId}/settings/server_side_exclude\`, "https://api.cloudflare.com/client/v4/");
url.searchParams.set("x", "1");
await fetch(url, { method: "PATCH", body: "{}" });
`;
const routeTable = `
export const routes = {
  wafPackage: (zoneId: string, packageId: string) => \`/zones/\${zoneId}/firewall/waf/packages/\${packageId}\`,
  bookmarks: (accountId: string) => \`/accounts/\${accountId}/access/bookmarks\`,
};
`;
const wrapper = `
async function cf(path, init = {}) {
  const res = await fetch("https://api.cloudflare.com/client/v4" + path, { ...init, headers: { "X-Auth-Key": key } });
  return res.json();
}
await cf(\`/zones/\${zoneId}/dns_settings/use_apex_ns\`, { method: "PATCH", body: "{}" });
await cf("/zones/" + zoneId + "/dns_settings/secondary_overrides");
`;
const orgInvites = `
const res = await fetch(\`https://api.cloudflare.com/client/v4/organizations/\${org}/invites/\${invite}\`, { method: "DELETE" });
`;
const destructuredHelpers = `
const { zonePath } = { zonePath: (id) => \`/zones/\${id}\` };
const privacy = () => fetch(\`\${process.env.CF_API}\${zonePath(zone)}/settings/privacy_pass\`);
`;
const privacyTemplate = `
const privacy = () => fetch(\`\${process.env.CF_API}/zones/\${zone}/settings/privacy_pass\`);
`;
const crossFile = `
import { routes, rateLimitsPath } from "./cf-routes";
import { cf } from "./cf-fetch";
export const rules = (zone: string) => cf(routes.firewallRules(zone));
export const limits = (zone: string) => cf(rateLimitsPath(zone), { method: "POST", body: "{}" });
export const records = (zone: string) => cf(routes.dnsRecords(zone));
`;

/** The same, in a file that passes the prefilter on its own for another rule (both framing headers). */
const crossFileWithHeaders = `${crossFile}export const upload = (url: string, body: string) => fetch(url, { method: "POST", body, headers: { "Transfer-Encoding": "chunked", "Content-Length": String(body.length) } });
`;

ruleTester().run("no-deprecated-endpoint", rule, {
  valid: [
    // a method the schedule does not list for that path, given to a Request
    `fetch(new Request(\`https://api.cloudflare.com/client/v4/user/billing/profile\`, { method: "DELETE" }));`,
    // current endpoints
    `fetch(\`https://api.cloudflare.com/client/v4/zones/\${id}/dns_records\`);`,
    `fetch(\`https://api.cloudflare.com/client/v4/zones/\${id}/rulesets/\${rs}/rules\`, { method: "POST" });`,
    `fetch(\`https://api.cloudflare.com/client/v4/zones/\${id}/page_shield/scripts\`);`,
    `fetch(\`https://api.cloudflare.com/client/v4/accounts/\${a}/cfd_tunnel\`);`,
    `fetch(\`https://api.cloudflare.com/client/v4/accounts/\${a}/images/v1\`, { method: "POST", body: form });`,
    `fetch(\`https://api.cloudflare.com/client/v4/accounts/\${a}/images/v2/direct_upload\`, { method: "POST" });`,
    `fetch(\`https://api.cloudflare.com/client/v4/zones/\${id}/settings\`, { method: "PATCH", body });`,
    `fetch(\`https://api.cloudflare.com/client/v4/zones/\${id}/dns_settings\`);`,
    `fetch(\`https://api.cloudflare.com/client/v4/zones/\${id}\`);`,
    // method-aware: the schedule lists GET and PATCH for minify, not POST; GET only for billing
    `fetch(\`https://api.cloudflare.com/client/v4/zones/\${id}/settings/minify\`, { method: "POST" });`,
    `import axios from "axios"; axios.delete(\`https://api.cloudflare.com/client/v4/user/billing/profile\`);`,
    // other APIs that look alike
    `fetch(\`https://pve.example.com/api2/json/nodes/\${node}/qemu/\${vm}/firewall/rules\`);`,
    `fetch(\`/api/v2/zones/\${id}/firewall/rules\`);`,
    `fetch("/api/settings/minify", { method: "PATCH" });`,
    `import axios from "axios"; const sentry = axios.create({ baseURL: "https://sentry.io/api/0" }); sentry.get(\`/organizations/\${slug}/members/\`);`,
    `client.get(\`/organizations/\${slug}/members/\`);`,
    `fetch(\`https://api.github.com/zones/\${id}/firewall/rules\`);`,
    // server routes and mocks are not requests
    `router.get("/zones/:zone_id/firewall/rules", (req, res) => res.json([]));`,
    `app.patch("/zones/:zoneId/settings/minify", handler); function handler() {}`,
    // a path that is only compared or looked for
    `if (req.path === "/zones/abc/settings/brotli") next();`,
    // unknown middle segments are never guessed
    `fetch(\`https://api.cloudflare.com/client/v4/zones/\${id}/settings/\${setting}\`);`,
    // log lines are prose
    `logger.info(\`calling /zones/\${id}/firewall/rules now\`);`,
  ],
  invalid: [
    {
      code: fetchTemplate,
      errors: [error(fetchTemplate, "`${API}/zones/${zoneId}/firewall/rules?page=2`", 1, "`GET /zones/:zone_id/firewall/rules`")],
    },
    {
      code: requestObject,
      errors: [error(requestObject, "`${API}/zones/${zoneId}/settings/minify`", 8, "`PATCH /zones/:zone_id/settings/minify`")],
    },
    {
      code: concatenation,
      errors: [error(concatenation, "BASE + 'zones/' + zoneId + '/settings/minify'", 8, "`PATCH /zones/:zone_id/settings/minify`")],
    },
    {
      code: axiosInstance,
      errors: [
        error(axiosInstance, "`/zones/${zone}/settings/brotli`", 7, "`GET /zones/:zone_id/settings/brotli`"),
        { messageId: "deprecated", data: dataFor(2, "`POST /zones/:zone_id/firewall/waf/overrides`", "remove the call"), ...rangeOf(axiosInstance, "`/zones/${zone}/firewall/waf/overrides`") },
      ],
    },
    {
      code: axiosConfig,
      errors: [error(axiosConfig, "`https://api.cloudflare.com/client/v4/zones/${zone}/rate_limits/${id}`", 3, "`DELETE /zones/:zone_id/rate_limits/:rate_limit_id`")],
    },
    {
      code: gotExtend,
      errors: [error(gotExtend, "`zones/${zone}/settings/mobile_redirect`", 10, "`PATCH /zones/:zone_identifier/settings/mobile_redirect`")],
    },
    {
      code: kyCreate,
      errors: [error(kyCreate, "`accounts/${accountId}/tunnels`", 14, "`GET accounts/:account_identifier/tunnels`")],
    },
    {
      code: undiciRequest,
      errors: [error(undiciRequest, "`https://api.cloudflare.com/client/v4/accounts/${id}/images/v1/direct_upload`", 21, "`POST accounts/:account_identifier/images/v1/direct_upload`")],
    },
    {
      code: httpsOptions,
      errors: [error(httpsOptions, '"/client/v4/user/billing/history"', 17, "`GET user/billing/history`")],
    },
    {
      code: sdkRaw,
      errors: [error(sdkRaw, "`/zones/${zoneId}/analytics/dashboard`", 22, "`GET zones/:zone_identifier/analytics/dashboard`")],
    },
    {
      code: urlObject,
      errors: [error(urlObject, "`zones/${zoneId}/settings/server_side_exclude`", 11, "`PATCH /zones/:zone_id/settings/server_side_exclude`")],
    },
    {
      // a route table with no request in sight: reported where the path is written, every listed method
      code: routeTable,
      errors: [
        error(routeTable, "`/zones/${zoneId}/firewall/waf/packages/${packageId}`", 2, "`GET, PATCH /zones/:zone_id/firewall/waf/packages/:package_id`"),
        error(routeTable, "`/accounts/${accountId}/access/bookmarks`", 19, "`GET accounts/:identifier/access/bookmarks`"),
      ],
    },
    {
      // through the project's own wrapper: method and base URL come from the wrapper's body
      code: wrapper,
      errors: [
        error(wrapper, "`/zones/${zoneId}/dns_settings/use_apex_ns`", 6, "`PATCH /zones/:zone_id/dns_settings/use_apex_ns`"),
        error(wrapper, '"/zones/" + zoneId + "/dns_settings/secondary_overrides"', 6, "`GET /zones/:zone_id/dns_settings/secondary_overrides`"),
      ],
    },
    {
      code: orgInvites,
      errors: [error(orgInvites, "`https://api.cloudflare.com/client/v4/organizations/${org}/invites/${invite}`", 23, "`DELETE organizations/:organization_identifier/invites/:identifier`")],
    },
    {
      code: privacyTemplate,
      errors: [error(privacyTemplate, "`${process.env.CF_API}/zones/${zone}/settings/privacy_pass`", 13, "`GET zones/:zone_identifier/settings/privacy_pass`")],
    },
    {
      code: destructuredHelpers,
      errors: [error(destructuredHelpers, "`${process.env.CF_API}${zonePath(zone)}/settings/privacy_pass`", 13, "`GET zones/:zone_identifier/settings/privacy_pass`")],
    },
    {
      // paths written in another module: reported at the call, which is where this file uses them
      code: crossFile,
      filename: crossFileClient,
      errors: [
        // the path is written in the other module, and the message says where
        fromFile(error(crossFile, "cf(routes.firewallRules(zone))", 1, "`GET /zones/:zone_id/firewall/rules`"), "./cf-routes.ts"),
        fromFile(error(crossFile, 'cf(rateLimitsPath(zone), { method: "POST", body: "{}" })', 3, "`POST /zones/:zone_id/rate_limits`"), "./cf-routes.ts"),
      ],
    },
    {
      // a file another rule's words let through still has this rule's words counted with its imports
      code: crossFileWithHeaders,
      filename: crossFileClient,
      errors: [
        fromFile(error(crossFileWithHeaders, "cf(routes.firewallRules(zone))", 1, "`GET /zones/:zone_id/firewall/rules`"), "./cf-routes.ts"),
        fromFile(error(crossFileWithHeaders, 'cf(rateLimitsPath(zone), { method: "POST", body: "{}" })', 3, "`POST /zones/:zone_id/rate_limits`"), "./cf-routes.ts"),
      ],
    },
    {
      // an internal proxy named in apiHosts is the API
      code: `fetch(\`https://cf-proxy.internal/zones/\${id}/settings/brotli\`, { method: "PATCH" });`,
      options: [{ apiHosts: ["cf-proxy.internal"] }],
      errors: [{ messageId: "deprecated", data: dataFor(7, "`PATCH /zones/:zone_id/settings/brotli`", "remove the call"), line: 1, column: 7 }],
    },
    {
      // an entry judged before its date is upcoming
      code: `fetch(\`https://api.cloudflare.com/client/v4/zones/\${id}/firewall/rules\`);`,
      options: [{ asOf: "2025-01-01" }],
      errors: [{ messageId: "upcoming", line: 1, column: 7 }],
    },
  ],
});
