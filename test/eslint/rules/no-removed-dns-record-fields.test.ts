import rule from "../../../src/eslint/rules/no-removed-dns-record-fields.js";
import { rangeOf } from "../../support/locate.js";
import { dataFor, ruleTester } from "../../support/rule-tester.js";

const read = (code: string, field: "zone_id" | "zone_name" | "locked", snippet: string = field) => ({
  messageId: "deprecated" as const,
  data: dataFor(field === "locked" ? 9 : 4, `Reading \`${field}\` from a DNS record`, field === "zone_name" ? "read the zone name with GET /zones/:zone_id" : "stop reading it"),
  ...rangeOf(code, snippet),
});

const fetchForOf = `
const API = "https://api.cloudflare.com/client/v4";
async function audit(zoneId: string) {
  const res = await fetch(\`\${API}/zones/\${zoneId}/dns_records?per_page=100\`);
  const body = await res.json();
  for (const record of body.result) {
    if (record.locked) console.warn(record.name);
  }
}
`;
const axiosDestructured = `
import axios from "axios";
const { data } = await axios.get(\`https://api.cloudflare.com/client/v4/zones/\${zone}/dns_records\`);
const names = data.result.map(({ name, zone_name }) => \`\${name} in \${zone_name}\`);
`;
const singleRecord = `
const record = await fetch(\`https://api.cloudflare.com/client/v4/zones/\${z}/dns_records/\${id}\`).then((r) => r.json());
console.log(record.result?.zone_id, record.result["zone_name"]);
`;
const thenChain = `
fetch(\`https://api.cloudflare.com/client/v4/zones/\${z}/dns_records\`)
  .then((res) => res.json())
  .then((body) => body.result.filter((r) => !r.locked));
`;
const declaredType = `
import type { DnsRecord } from "./types";
export function describe(records: DnsRecord[]) {
  return records.map((r) => r.zone_id).join(",");
}
`;
const sdk = `
import Cloudflare from "cloudflare";
const client = new Cloudflare({ apiToken: process.env.CLOUDFLARE_API_TOKEN });
for await (const record of client.dns.records.list({ zone_id: zoneId })) {
  console.log(record.zone_name);
}
`;
const helper = `
async function listRecords(zoneId) {
  const response = await fetch("https://api.cloudflare.com/client/v4/zones/" + zoneId + "/dns_records");
  return response.json();
}
const { result } = await listRecords(zone);
const first = result[0];
const { locked } = first;
`;
const undici = `
import { request } from "undici";
const { body } = await request(\`https://api.cloudflare.com/client/v4/zones/\${zone}/dns_records\`);
const payload = await body.json();
payload.result.forEach((record) => audit(record.zone_id));
`;

ruleTester().run("no-removed-dns-record-fields", rule, {
  valid: [
    // zone_id as a path parameter, from the environment or request params
    `const zone_id = process.env.ZONE_ID; fetch(\`https://api.cloudflare.com/client/v4/zones/\${zone_id}/dns_records\`);`,
    `app.get("/zones/:zone_id", (req, res) => res.send(req.params.zone_id));`,
    `import Cloudflare from "cloudflare"; const c = new Cloudflare(); await c.dns.records.create({ zone_id: zoneId, type: "A", name: "x", content: "1.2.3.4" });`,
    // locked on things that are not DNS records
    `if (mutex.locked) await mutex.waitForUnlock();`,
    `const user = await fetch("/api/me").then((r) => r.json()); if (user.locked) logout();`,
    `const res = await fetch(\`https://api.cloudflare.com/client/v4/zones/\${z}/settings\`); const b = await res.json(); b.result.forEach((s) => s.locked);`,
    // the zone itself has a name, and writing the field is not reading it
    `const zone = await fetch(\`https://api.cloudflare.com/client/v4/zones/\${z}\`).then((r) => r.json()); console.log(zone.result.zone_name);`,
    `const rec = {} as DnsRecord; rec.locked = false;`,
  ],
  invalid: [
    { code: fetchForOf, errors: [read(fetchForOf, "locked")] },
    { code: axiosDestructured, errors: [read(axiosDestructured, "zone_name")] },
    { code: singleRecord, errors: [read(singleRecord, "zone_id"), read(singleRecord, "zone_name", '"zone_name"')] },
    { code: thenChain, errors: [read(thenChain, "locked")] },
    { code: declaredType, errors: [read(declaredType, "zone_id")] },
    { code: sdk, errors: [read(sdk, "zone_name")] },
    { code: helper, errors: [read(helper, "locked")] },
    { code: undici, errors: [read(undici, "zone_id")] },
  ],
});
