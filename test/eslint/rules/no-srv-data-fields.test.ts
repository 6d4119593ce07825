import rule from "../../../src/eslint/rules/no-srv-data-fields.js";
import { rangeOf } from "../../support/locate.js";
import { dataFor, ruleTester } from "../../support/rule-tester.js";

const field = (code: string, name: string, occurrence = 1, suggestions?: { output: string; name: string }[]) => ({
  messageId: "deprecated" as const,
  data: dataFor(12, `\`data.${name}\` on an SRV record`, "set only the top-level `name`"),
  ...rangeOf(code, name, occurrence),
  ...(suggestions ? { suggestions: suggestions.map((s) => ({ messageId: "moveSrvFieldsToName" as const, data: { name: s.name }, output: s.output })) } : {}),
});

const literal = `
await fetch(url, {
  method: "POST",
  body: JSON.stringify({
    type: "SRV",
    name: "example.com",
    data: {
      service: "_sip",
      proto: "_tcp",
      name: "example.com",
      priority: 10,
      weight: 5,
      port: 5060,
      target: "sip.example.com",
    },
  }),
});
`;
const fixedLiteral = `
await fetch(url, {
  method: "POST",
  body: JSON.stringify({
    type: "SRV",
    name: "_sip._tcp.example.com",
    data: {
      priority: 10,
      weight: 5,
      port: 5060,
      target: "sip.example.com",
    },
  }),
});
`;
const suggestion = [{ output: fixedLiteral, name: "_sip._tcp.example.com" }];
const narrowed = `
for (const record of records) {
  if (record.type === "SRV") {
    console.log(record.data.service, record.data.port);
  }
}
`;
const filtered = `
const services = records.filter((r) => r.type === "SRV").map((r) => r.data.proto);
`;
const assigned = `
const record = { type: "SRV", name: "_xmpp._tcp.example.org", data: { port: 5222, target: "xmpp.example.org" } };
record.data.service = "_xmpp";
`;
const switched = `
switch (rec.type) {
  case "SRV":
    return rec.data.name;
  case "NAPTR":
    return rec.data.service;
}
`;
const byTypeVariable = `
function body(rtype, host, service, proto) {
  const data = { type: rtype, name: host };
  if (rtype === "SRV") data["data"] = { service, proto, name: host };
  return data;
}
`;
const shaped = `
export const sipData = (host) => ({ service: "_sip", proto: "_udp", name: host, port: 5060, target: host });
`;
const keyByKey = `
const data = {};
data["service"] = "_sip";
data.proto = "_udp";
data.target = host;
`;

ruleTester().run("no-srv-data-fields", rule, {
  valid: [
    // other record types keep their data fields
    `const naptr = { type: "NAPTR", name: "example.com", data: { order: 100, preference: 10, flags: "S", service: "SIP+D2U", regexp: "", replacement: "_sip._udp.example.com" } };`,
    `if (rec.type === "NAPTR") console.log(rec.data.service);`,
    // the unaffected SRV fields
    `const srv = { type: "SRV", name: "_sip._tcp.example.com", data: { priority: 10, weight: 5, port: 5060, target: "sip.example.com" } };`,
    `if (rec.type === "SRV") console.log(rec.data.priority, rec.data.target);`,
    // no evidence the record is SRV
    `console.log(rec.data.service);`,
    `if (rtype === "MX") data["data"] = { service, name: host };`,
    // a firewall rule, not SRV data (no SRV names)
    `const rule = { service: "ssh", proto: "tcp", port: 22, target: "bastion" };`,
    `const rule = {}; rule.service = "ssh"; rule.proto = "tcp"; rule.target = "bastion"; rule.action = "allow";`,
  ],
  invalid: [
    {
      code: literal,
      errors: [field(literal, "service", 1, suggestion), field(literal, "proto", 1, suggestion), field(literal, "name", 2, suggestion)],
    },
    { code: narrowed, errors: [field(narrowed, "service")] },
    { code: filtered, errors: [field(filtered, "proto")] },
    { code: assigned, errors: [field(assigned, "service")] },
    { code: switched, errors: [field(switched, "name", 1)] },
    // a variable holding the type (\`rtype\`, \`record_type\`) compared with "SRV", the data set by a text key
    { code: byTypeVariable, errors: [field(byTypeVariable, "service", 2), field(byTypeVariable, "proto", 2), field(byTypeVariable, "name", 2)] },
    // data by its shape, its record built elsewhere
    { code: shaped, errors: [field(shaped, "service"), field(shaped, "proto"), field(shaped, "name")] },
    // the same, set key by key
    // (a text index is reported with its quotes, as the key is written)
    { code: keyByKey, errors: [{ ...field(keyByKey, "service"), ...rangeOf(keyByKey, '"service"') }, field(keyByKey, "proto")] },
  ],
});
