import rule from "../../../src/eslint/rules/no-deprecated-endpoint.js";
import { rangeOf } from "../../support/locate.js";
import { dataFor, ruleTester } from "../../support/rule-tester.js";

const setup = `import Cloudflare from "cloudflare";\nconst client = new Cloudflare({ apiToken: process.env.CLOUDFLARE_API_TOKEN });\n`;
const at = (code: string, snippet: string, item: number, subject: string) => ({ messageId: "deprecated" as const, data: dataFor(item, subject, "remove the call"), ...rangeOf(code, snippet) });

const rules = `${setup}const page = await client.firewall.rules.list({ zone_id: zoneId });\n`;
const brotli = `${setup}await client.zones.settings.edit("brotli", { zone_id: zoneId, value: "on" });\n`;
const rateLimit = `${setup}await client.rateLimits.edit(limitId, { zone_id: zoneId, threshold: 100 });\n`;
const billing = `${setup}for await (const entry of client.user.billing.history.list()) console.log(entry);\n`;

ruleTester().run("no-deprecated-endpoint (SDK resource methods)", rule, {
  valid: [
    `${setup}await client.rulesets.list({ zone_id: zoneId });`,
    `${setup}await client.zones.settings.get("ssl", { zone_id: zoneId });`,
    `${setup}await client.zones.settings.get(settingId, { zone_id: zoneId });`,
    `${setup}await client.firewall.accessRules.list({ zone_id: zoneId });`,
    // not the SDK: an object of ours with the same shape
    `const client = { firewall: { rules: { list: () => [] } } }; client.firewall.rules.list();`,
  ],
  invalid: [
    { code: rules, errors: [at(rules, "client.firewall.rules.list({ zone_id: zoneId })", 1, "`GET /zones/:zone_id/firewall/rules`")] },
    { code: brotli, errors: [at(brotli, '"brotli"', 7, "`PATCH /zones/:zone_id/settings/brotli`")] },
    { code: rateLimit, errors: [at(rateLimit, "client.rateLimits.edit(limitId, { zone_id: zoneId, threshold: 100 })", 3, "`PUT /zones/:zone_id/rate_limits/:rate_limit_id`")] },
    { code: billing, errors: [at(billing, "client.user.billing.history.list()", 17, "`GET user/billing/history`")] },
  ],
});
