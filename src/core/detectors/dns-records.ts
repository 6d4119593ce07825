/**
 * no-removed-dns-record-fields (items 4, 9): reads of fields the API no longer returns on DNS
 * records, on values that are DNS records: from the DNS record endpoints' responses, the SDK's
 * record methods, or a declared DNS record type. Reading the same names elsewhere (a path
 * parameter, a mutex's `locked`) is not reported.
 *
 * no-srv-data-fields (item 12): `service`, `proto`, `name` inside the `data` of an SRV record,
 * written in a literal, assigned, or read where the code shows the record is SRV.
 */
import type { CatalogueEntry } from "../../catalogue/types.js";
import { apiFieldOfRead, declaresDnsRecordField, dnsRecordOfNamedType, dnsRecordValueOfType, isTypeComparison } from "../evaluator/index.js";
import type { TextEdit } from "../finding.js";
import { memberKey, type Expression, type Identifier, type MemberExpression, type Node, type ObjectLiteral, type Property, type Range, type TypeDeclaration } from "../ir.js";
import { staticText, type Value } from "../values.js";
import type { DetectorContext } from "./context.js";

/** A DNS record or a list of them; or a value that is one in some of its branches (`ok ? data["result"] : {}`). */
const isRecord = (value: Value): boolean => value.kind === "record" || value.kind === "records" || (value.kind === "choice" && value.options.some(isRecord));

/**
 * What code reads of a value that no record the API returns has: credentials, and the id of a
 * record kept apart from it (`dns_id`, `record_id`). A value known as a record only by its
 * type's name (`info: load_conf::DnsRecord`) from which the code also reads these is the
 * project's own entry (a config naming the record to update), not the API's record.
 */
const NOT_API_RECORD_FIELDS: ReadonlySet<string> = new Set(["api_token", "api_key", "apikey", "auth_token", "auth_key", "auth_email", "token", "email", "password", "secret", "dns_id", "record_id", "dns_record_id"]);

/** Whether the name `object` reads also gives one of NOT_API_RECORD_FIELDS somewhere in the file. */
function readsProjectFields(ctx: DetectorContext, object: Expression): boolean {
  if (object.kind !== "identifier") return false;
  const binding = ctx.program.resolve(object);
  if (!binding) return false;
  return ctx.program.members.some((member) => member.property !== null && NOT_API_RECORD_FIELDS.has(member.property) && member.object.kind === "identifier" && ctx.program.resolve(member.object) === binding);
}

/**
 * Whether `object` names a value the code reads as a DNS record as the API returns it: from the
 * same name it reads `type`, `content` and `proxiable` (a field only this API's record responses
 * have), as a parser of the API's records does (`record.zoneName = object.getString("zone_name")`
 * beside `object.getBoolean("proxiable")`), in a module that is not about another provider's API.
 * Where the value comes from need not be seen (a library's `parse(JSONObject)` its users call).
 */
function readAsReturnedRecord(ctx: DetectorContext, object: Expression): boolean {
  if (object.kind !== "identifier") return false;
  const binding = ctx.program.resolve(object);
  if (!binding) return false;
  // An instance of a class of this file (a model's `equals(Object o)` comparing `other.locked`): its own field.
  const declaredType = binding.typeText?.replace(/<.*$|\[\]$/g, "").split(".").pop()?.trim();
  if (declaredType && ctx.program.classes.some((cls) => cls.name === declaredType)) return false;
  let byBinding = fieldsReadByBinding.get(ctx.program);
  if (!byBinding) {
    byBinding = new Map();
    for (const member of ctx.program.members) {
      if (member.property === null || member.object.kind !== "identifier") continue;
      const of = ctx.program.resolve(member.object);
      if (!of) continue;
      const fields = byBinding.get(of);
      if (fields) fields.add(member.property);
      else byBinding.set(of, new Set([member.property]));
    }
    fieldsReadByBinding.set(ctx.program, byBinding);
  }
  const fields = byBinding.get(binding);
  return !!fields && fields.has("type") && fields.has("content") && fields.has("proxiable") && !ctx.addressesAnotherApi();
}
const fieldsReadByBinding = new WeakMap<object, Map<object, Set<string>>>();

/** A record known only by the name of its declared type (see `dnsRecordValueOfType`). */
const isNamedOnly = (value: Value): boolean => (value.kind === "record" || value.kind === "records") && value.via.startsWith("declared type ");

function recordEvidence(ctx: DetectorContext, object: Expression, field: string | null = null): Value | null {
  const value = ctx.evaluator.value(ctx.program, object);
  if (isRecord(value)) return isNamedOnly(value) && (readsProjectFields(ctx, object) || ctx.addressesAnotherApi()) ? null : value;
  // A copy of a record (`{ ...record, zone: z.name }`): a field it does not write is the record's.
  const copied = field === null ? null : copiedRecord(ctx, value, field);
  if (copied) return copied;
  const typeText = ctx.evaluator.context.types?.typeTextOf(ctx.program, object) ?? null;
  const typed = dnsRecordOfNamedType(ctx.program, typeText, ctx.evaluator);
  if (typed && isRecord(typed)) return readsProjectFields(ctx, object) || ctx.addressesAnotherApi() ? null : typed;
  // A helper's parameter (`def view(r): return r.get("zone_name")`) given a record by a caller.
  return value.kind === "unknown" ? (ctx.valuesInCallers(object).find(isRecord) ?? null) : null;
}

/** The record an object literal copies with a spread (`{ ...record, extra }`) when it does not write `field` itself; `null` otherwise. */
function copiedRecord(ctx: DetectorContext, value: Value, field: string): Value | null {
  if (value.kind !== "object" || !value.node || !value.program) return null;
  const properties = value.node.properties;
  if (properties.some((property) => property.kind === "property" && (property.key === field || property.key === null))) return null;
  for (const property of properties) {
    if (property.kind !== "spread") continue;
    const spread = ctx.evaluator.value(value.program, property.argument, value.env ?? null);
    if (spread.kind === "record") return spread;
  }
  return null;
}

function fieldEntries(ctx: DetectorContext, rule: "no-removed-dns-record-fields" | "no-srv-data-fields"): Map<string, CatalogueEntry> {
  const byField = new Map<string, CatalogueEntry>();
  for (const entry of ctx.entriesOf(rule)) for (const field of entry.fields) byField.set(field, entry);
  return byField;
}

export function detectRemovedDnsRecordFields(ctx: DetectorContext): void {
  const byField = fieldEntries(ctx, "no-removed-dns-record-fields");
  if (byField.size === 0) return;
  const report = (entry: CatalogueEntry, field: string, range: readonly [number, number], confidence: "high" | "medium" = "high") =>
    ctx.report(entry, {
      range,
      subject: `Reading \`${field}\` from a DNS record`,
      whenNone: field === "zone_name" ? "read the zone name with GET /zones/:zone_id" : "stop reading it",
      confidence,
    });

  for (const member of ctx.program.members) {
    // (C#'s `r.ZoneName` is `zone_name`: see `apiFieldOfRead`.)
    const field = member.property === null ? null : apiFieldOfRead(ctx.program.module.file, member.property);
    const entry = field === null ? undefined : byField.get(field);
    if (!entry || ctx.isWritten(member)) continue;
    if (recordEvidence(ctx, member.object, field)) report(entry, field!, member.propertyRange);
    // Known by what else is read of it: medium, the value's origin unseen.
    else if (readAsReturnedRecord(ctx, member.object)) report(entry, field!, member.propertyRange, "medium");
  }
  for (const pattern of ctx.program.objectPatterns) {
    const wanted = pattern.properties.filter((property) => property.key !== null && byField.has(property.key));
    if (wanted.length === 0) continue;
    if (!isRecord(ctx.evaluator.patternValue(ctx.program, pattern))) continue;
    for (const property of wanted) report(byField.get(property.key!)!, property.key!, property.keyRange);
  }
  // A DNS record structure that DNS records of this file's requests are decoded into, requiring a
  // removed field (Rust's serde: `zone_id: String`, not `Option<String>`): decoding fails once
  // the API leaves the field out.
  const reportRequired = (member: { name: string; range: Range }) => {
    const entry = byField.get(member.name);
    if (!entry) return;
    ctx.report(entry, {
      range: member.range,
      subject: `Decoding \`${member.name}\` (a required field) from a DNS record`,
      whenNone: member.name === "zone_name" ? "make it optional, and read the zone name with GET /zones/:zone_id" : "make it optional or remove it",
      confidence: "high",
    });
  };
  // A zod schema of records as returned (see `zodRecordSchemas`), wherever the records come from.
  if (ctx.program.module.text.includes("z.object(")) for (const member of zodRecordSchemas(ctx)) reportRequired(member);
  if (ctx.program.decodedDeclarations.length === 0) return;
  // Decoded in this file's requests of the DNS records endpoints, or shaped as a record as returned
  // (a models module: Python's pydantic models are declared apart from the requests).
  const recordsRequested = ctx.requests().some((request) => request.dnsRecords) || DNS_RECORDS_PATH.test(ctx.program.module.text);
  for (const declaration of ctx.program.decodedDeclarations) {
    if (!isRecordDeclaration(declaration) || !(recordsRequested || isReturnedRecord(declaration.members))) continue;
    for (const member of declaration.decodedRequires ?? []) reportRequired(member);
  }
}

/** A record as the API returns it: `type`, `content` and a field only responses have (an input's `zone_id` is a path parameter). */
function isReturnedRecord(keys: readonly string[]): boolean {
  return keys.includes("type") && keys.includes("content") && RESPONSE_ONLY.some((key) => keys.includes(key));
}
const RESPONSE_ONLY = ["proxiable", "created_on", "modified_on"];

/**
 * zod schemas of DNS records as the API returns them (`z.object({ id: z.string(), zone_id:
 * z.string(), proxiable: z.boolean(), created_on: …, locked: z.boolean() })`), which fail to
 * parse a record without a required member: the members required (no `.optional()`, `.nullish()`,
 * `.default(…)`, `.catch(…)`). Only a record as returned, which fields of responses alone mark
 * (`proxiable`, `created_on`, `modified_on`): an input schema's `zone_id` is a path parameter.
 */
function zodRecordSchemas(ctx: DetectorContext): { name: string; range: Range }[] {
  const required: { name: string; range: Range }[] = [];
  for (const call of ctx.program.calls) {
    const callee = call.callee;
    if (callee.kind !== "member" || callee.property !== "object" || callee.object.kind !== "identifier" || callee.object.name !== "z") continue;
    const shape = call.args[0];
    if (shape?.kind !== "object") continue;
    const properties = shape.properties.filter((property): property is Property => property.kind === "property" && property.key !== null);
    if (!isReturnedRecord(properties.map((property) => property.key!))) continue;
    for (const property of properties) if (!mayBeMissing(property.value)) required.push({ name: property.key!, range: property.keyRange });
  }
  return required;
}

/** A zod chain that accepts a missing member (`z.string().optional()`, `.nullish()`, `.default("")`, `.catch(…)`). */
function mayBeMissing(value: Expression): boolean {
  for (let node: Expression = value; node.kind === "call" && node.callee.kind === "member"; node = node.callee.object) {
    if (node.callee.property !== null && ZOD_OPTIONAL.has(node.callee.property)) return true;
  }
  return false;
}
const ZOD_OPTIONAL = new Set(["optional", "nullish", "default", "catch", "nullable", "or"]);

/** A structure shaped as a DNS record (`type`, and `content` or `name`), or named as one that declares one of its fields (`DnsRecord`). */
function isRecordDeclaration(declaration: TypeDeclaration): boolean {
  const has = (...names: string[]) => names.some((name) => declaration.members.includes(name));
  return (has("type") && has("content", "name")) || (dnsRecordValueOfType(declaration.name) !== null && declaresDnsRecordField(declaration.members));
}
/** The DNS records endpoints written in a file (`…/zones/{zone}/dns_records/{id}`). */
const DNS_RECORDS_PATH = /\/dns_records\b/;

export function detectSrvDataFields(ctx: DetectorContext): void {
  const byField = fieldEntries(ctx, "no-srv-data-fields");
  if (byField.size === 0) return;
  const reported = new Set<number>();
  const report = (entry: CatalogueEntry, field: string, range: readonly [number, number], edits: TextEdit[] | null, name: string | null, confidence: "high" | "medium" = "high") => {
    if (reported.has(range[0])) return;
    reported.add(range[0]);
    ctx.report(entry, {
      range,
      subject: `\`data.${field}\` on an SRV record`,
      whenNone: "set only the top-level `name`",
      confidence,
      suggestions: edits && name ? [{ messageId: "moveSrvFieldsToName", data: { name }, edits }] : [],
    });
  };

  // Literals: { type: 'SRV', data: { service, proto, name } }
  for (const object of ctx.program.objects) {
    const value = ctx.evaluator.object(ctx.program, object, null);
    if (staticText(value.get("type")) !== "SRV") continue;
    const dataProperty = ownProperty(object, "data");
    const data = dataProperty ? literalObject(ctx, dataProperty.value) : null;
    if (!data) continue;
    // No edit inside JSON text (its quotes and escapes are the literal's).
    const suggestion = ctx.program.jsonTextObjects.has(object) ? null : moveToNameSuggestion(ctx, object, data);
    for (const property of data.properties) {
      if (property.kind !== "property" || property.key === null) continue;
      const entry = byField.get(property.key);
      if (entry) report(entry, property.key, property.keyRange, suggestion?.edits ?? null, suggestion?.name ?? null);
    }
  }

  // Assignment: `rec.data = { service, proto, name, … }` where the record is known to be SRV
  // (`case 'SRV':`, `if (type === 'SRV')`).
  for (const object of ctx.program.objects) {
    const parent = ctx.program.parentOf(object);
    if (parent?.kind !== "assign" || parent.value !== object || parent.target.kind !== "expression-pattern") continue;
    const target = parent.target.expression;
    if (target.kind !== "member" || memberKey(target) !== "data") continue;
    // Or shaped as SRV data under a test that the type in hand is SRV, whatever holds that type
    // (`if ($_POST['type'] == 'SRV') { $options['data'] = [...] }`, the record built in another file).
    if (!isSrv(ctx, target.object, parent) && !(srvDataFields(ctx, object) && isNarrowedTo(ctx, target.object, parent, "SRV", true))) continue;
    for (const property of object.properties) {
      const entry = property.kind === "property" && property.key !== null ? byField.get(property.key) : undefined;
      if (entry && property.kind === "property") report(entry, property.key!, property.keyRange, null, null);
    }
  }

  // Member access: record.data.service (read or write) where the record is known to be SRV, also
  // through a name given the record's data (`const data = record.data as any; … data.service`).
  for (const member of ctx.program.members) {
    const entry = member.property === null ? undefined : byField.get(member.property);
    if (!entry) continue;
    const record = recordOfData(ctx, member.object);
    if (record && isSrv(ctx, record, member)) report(entry, member.property!, member.propertyRange, null, null);
  }

  // The shape of an SRV record's data, its record not seen: medium (the literals above are high).
  for (const object of ctx.program.objects) {
    for (const field of srvDataFields(ctx, object) ?? []) {
      const entry = byField.get(field.key);
      if (entry) report(entry, field.key, field.keyRange, null, null, "medium");
    }
  }

  // Destructuring: const { service, proto } = record.data
  for (const pattern of ctx.program.objectPatterns) {
    const parent = ctx.program.parentOf(pattern);
    const init = parent?.kind === "var" ? parent.declarations.find((d) => d.target === pattern)?.init : null;
    if (!init || init.kind !== "member" || memberKey(init) !== "data" || !isSrv(ctx, init.object, init)) continue;
    for (const property of pattern.properties) {
      const entry = property.key === null ? undefined : byField.get(property.key);
      if (entry) report(entry, property.key!, property.keyRange, null, null);
    }
  }
}

/**
 * The record whose `data` an expression is: `record.data`, or a name declared once with it
 * (`const data = record.data`, `'data' in record ? (record.data as any) : (record as any).data`,
 * `record.data ?? {}`: the same record in every branch that reads one); else null.
 */
function recordOfData(ctx: DetectorContext, expression: Expression): Expression | null {
  const bare = (value: Expression): Expression => (value.kind === "typed" ? bare(value.expression) : value);
  const empty = (value: Expression) => value.kind === "object" || value.kind === "null" || (value.kind === "identifier" && value.name === "undefined");
  const dataOf = (given: Expression | null, depth: number): Expression | null => {
    if (!given || depth > 4) return null;
    const value = bare(given);
    if (value.kind === "member") return memberKey(value) === "data" ? bare(value.object) : null;
    if (value.kind !== "conditional" && !(value.kind === "logical" && value.operator !== "&&")) return null;
    const branches = value.kind === "conditional" ? [value.consequent, value.alternate] : [value.left, value.right];
    const records = branches.map((branch) => dataOf(branch, depth + 1));
    const found = records.filter((record): record is Expression => record !== null);
    if (found.length === 0 || branches.some((branch, index) => records[index] === null && !empty(bare(branch)))) return null;
    const text = compact(ctx.program.text(found[0]!.range));
    return found.every((record) => compact(ctx.program.text(record.range)) === text) ? found[0]! : null;
  };
  const named = bare(expression);
  if (named.kind === "member") return memberKey(named) === "data" ? named.object : null;
  return named.kind === "identifier" ? dataOf(initOfConstant(ctx, named), 0) : null;
}

/** What a name declared once and never written again was given (`const data = record.data`), else null. */
function initOfConstant(ctx: DetectorContext, identifier: Identifier): Expression | null {
  const binding = ctx.program.resolve(identifier);
  if (!binding || binding.source.kind !== "init" || binding.source.steps.length > 0 || binding.writes.length > 0 || binding.writtenOtherwise) return null;
  return binding.source.init;
}

/** What an SRV record's `data` holds (spec 2: priority, weight, port, target; service, proto, name deprecated). */
const SRV_DATA_KEYS = ["service", "proto", "name", "priority", "weight", "port", "target"];
/**
 * What the `data` of the API's other structured record types holds (CAA, CERT, DNSKEY, DS, HTTPS,
 * LOC, NAPTR, SMIMEA, SSHFP, SVCB, TLSA, and URI's `content` in the API's first form of it), but
 * `type`, which a record has too: one builder of every type's data (`out["service"] = d.Service;
 * … out["flags"] = d.Flags`) fills an SRV record's with the rest.
 */
const OTHER_RECORD_DATA_KEYS = [
  "flags", "tag", "value", "key_tag", "algorithm", "certificate", "protocol", "public_key", "digest_type", "digest",
  "altitude", "lat_degrees", "lat_direction", "lat_minutes", "lat_seconds", "long_degrees", "long_direction", "long_minutes",
  "long_seconds", "precision_horz", "precision_vert", "size", "order", "preference", "regex", "replacement", "matching_type",
  "selector", "usage", "fingerprint", "content",
];
const RECORD_DATA_KEYS = new Set([...SRV_DATA_KEYS, ...OTHER_RECORD_DATA_KEYS]);

/**
 * The fields of an object that is an SRV record's `data` by its shape, its record not seen (built
 * apart, sent by a class that adds the type, put together by a builder or key by key: `d = {};
 * d["service"] = …`): `service` and `proto` beside `target`, no key a DNS record's data does not
 * hold (an SRV record's, or another type's in a builder for all of them), and `service` and
 * `proto` text (or not known), where their text is known written as SRV names are (`_sip`,
 * `_tcp`). A firewall rule's `{ service: "ssh", proto: "tcp", port: 22 }` is not one, nor a schema
 * describing the fields. Null for any other object.
 */
function srvDataFields(ctx: DetectorContext, object: ObjectLiteral): { key: string; keyRange: Range; value: Expression | null }[] | null {
  const fields: { key: string; keyRange: Range; value: Expression | null }[] = [];
  for (const property of object.properties) {
    if (property.kind !== "property" || property.key === null || !RECORD_DATA_KEYS.has(property.key)) return null;
    fields.push({ key: property.key, keyRange: property.keyRange, value: property.value });
  }
  for (const write of ctx.program.bindingOfObject(object)?.memberWrites ?? []) {
    if (write.key === null || !RECORD_DATA_KEYS.has(write.key)) return null;
    fields.push({ key: write.key, keyRange: write.keyRange, value: write.value });
  }
  const keys = new Set(fields.map((field) => field.key));
  if (!keys.has("service") || !keys.has("proto") || !keys.has("target")) return null;
  const namedAsSrv = fields.every((field) => {
    if (field.key !== "service" && field.key !== "proto") return true;
    if (field.value === null) return true;
    // Text, or a value not known: not a description of the field (`"proto": { "type": "string" }`).
    const value = ctx.evaluator.value(ctx.program, field.value);
    if (value.kind !== "string" && value.kind !== "unknown") return false;
    const text = staticText(value);
    return text === null || text.startsWith("_");
  });
  return namedAsSrv ? fields : null;
}

function ownProperty(object: ObjectLiteral, key: string): Property | null {
  for (const property of object.properties) if (property.kind === "property" && property.key === key) return property;
  return null;
}

/** An object literal, directly or through a `const`. */
function literalObject(ctx: DetectorContext, expression: Expression): ObjectLiteral | null {
  const value = ctx.evaluator.value(ctx.program, expression);
  return value.kind === "object" && value.node && value.program === ctx.program ? value.node : null;
}

/** Evidence that `record` is an SRV record at `at`: its value, its declared type, or a check around `at`. */
function isSrv(ctx: DetectorContext, record: Expression, at: Node): boolean {
  const value = ctx.evaluator.value(ctx.program, record);
  if ((value.kind === "record" || value.kind === "records") && value.srv) return true;
  if (value.kind === "object" && staticText(value.get("type")) === "SRV") return true;
  const typeText = ctx.evaluator.context.types?.typeTextOf(ctx.program, record) ?? null;
  const typed = dnsRecordOfNamedType(ctx.program, typeText, ctx.evaluator);
  if (typed && "srv" in typed && typed.srv) return true;
  return isNarrowedTo(ctx, record, at, "SRV");
}

/** `if (r.type === 'SRV') { …at… }`, `r.type === 'SRV' && …at…`, `switch (r.type) { case 'SRV': …at… }`. */
function isNarrowedTo(ctx: DetectorContext, record: Expression, at: Node, type: string, anyHolder = false): boolean {
  const recordText = compact(ctx.program.text(record.range));
  const testsRecord = (test: Expression): boolean => {
    if (test.kind === "logical" && test.operator === "&&") return testsRecord(test.left) || testsRecord(test.right);
    if (isTypeVariableComparison(ctx, test, type)) return true;
    if (!isTypeComparison(test, type) || test.kind !== "binary") return false;
    const side = test.left.kind === "member" ? test.left : (test.right as MemberExpression);
    return anyHolder || compact(ctx.program.text(side.object.range)) === recordText;
  };
  let child: Node = at;
  for (let parent = ctx.program.parentOf(at); parent; child = parent, parent = ctx.program.parentOf(parent)) {
    if (parent.kind === "if" && parent.consequent === child && testsRecord(parent.test)) return true;
    if (parent.kind === "logical" && parent.operator === "&&" && parent.right === child && testsRecord(parent.left)) return true;
    if (parent.kind === "conditional" && parent.consequent === child && testsRecord(parent.test)) return true;
    const switchesOnType = parent.kind === "switch" && (isTypeVariable(ctx, parent.discriminant) || (parent.discriminant.kind === "member" && parent.discriminant.property === "type"));
    if (parent.kind === "switch" && switchesOnType) {
      if (!anyHolder && parent.discriminant.kind === "member" && compact(ctx.program.text(parent.discriminant.object.range)) !== recordText) continue;
      // The case holding `at`, and the empty cases that fall through into it.
      const caseIndex = parent.cases.findIndex((c) => c.body.includes(child as never));
      for (let index = caseIndex; index >= 0; index--) {
        if (index < caseIndex && parent.cases[index]!.body.length > 0) break;
        const test = parent.cases[index]!.test;
        if (test?.kind === "string" && test.value === type) return true;
      }
    }
  }
  return false;
}

const compact = (text: string) => text.replace(/\s+/g, "").replace(/\?\./g, ".");

/**
 * A variable holding a record's type: named so (`type`, `recordType`, `record_type`, `rtype`,
 * `$type`), or declared once with a record's `type` (`const kind = record.type`). Compared with
 * `"SRV"`, nothing else is.
 */
function isTypeVariable(ctx: DetectorContext, expression: Expression): boolean {
  if (expression.kind !== "identifier") return false;
  if (/type$/i.test(expression.name)) return true;
  const init = initOfConstant(ctx, expression);
  return init?.kind === "member" && memberKey(init) === "type";
}

/** `type === 'SRV'` with the type in a variable (either side, `==` too). */
function isTypeVariableComparison(ctx: DetectorContext, expression: Expression, type: string): boolean {
  if (expression.kind !== "binary" || (expression.operator !== "===" && expression.operator !== "==")) return false;
  const isLiteral = (e: Expression) => e.kind === "string" && e.value === type;
  return (isTypeVariable(ctx, expression.left) && isLiteral(expression.right)) || (isTypeVariable(ctx, expression.right) && isLiteral(expression.left));
}

/**
 * When `service`, `proto` and `name` are all string literals, the suggestion removes them from
 * `data` and writes `name: "_sip._tcp.example.com"` at the top level.
 */
function moveToNameSuggestion(ctx: DetectorContext, record: ObjectLiteral, data: ObjectLiteral): { name: string; edits: TextEdit[] } | null {
  const fields = new Map<string, Property>();
  for (const property of data.properties) {
    if (property.kind === "property" && property.key !== null && ["service", "proto", "name"].includes(property.key)) fields.set(property.key, property);
  }
  const literal = (key: string) => {
    const property = fields.get(key);
    return property && property.value.kind === "string" ? property.value.value : null;
  };
  const service = literal("service");
  const proto = literal("proto");
  const host = literal("name");
  if (service === null || proto === null || host === null || fields.size !== 3) return null;
  const name = `${service}.${proto}.${host}`;
  const source = ctx.program.module.text;
  const quote = ctx.program.text(fields.get("name")!.value.range)[0] ?? '"';
  const nameLiteral = `${quote}${name.replaceAll("\\", "\\\\").replaceAll(quote, `\\${quote}`)}${quote}`;

  const edits: TextEdit[] = [];
  // Remove each field with the separator after it (or before it, for the last property).
  const remaining = data.properties.filter((property) => !(property.kind === "property" && property.key !== null && fields.has(property.key)));
  if (remaining.length === 0) {
    edits.push({ range: [data.range[0], data.range[1]], text: "{}" });
  } else {
    for (const property of fields.values()) edits.push(removalEdit(source, data, property));
  }
  const topName = ownProperty(record, "name");
  if (topName) edits.push({ range: topName.value.range, text: nameLiteral });
  else {
    const typeProperty = ownProperty(record, "type")!;
    edits.push({ range: [typeProperty.range[1], typeProperty.range[1]], text: `, name: ${nameLiteral}` });
  }
  return { name, edits: mergeOverlapping(edits) };
}

function removalEdit(source: string, data: ObjectLiteral, property: Property): TextEdit {
  const index = data.properties.indexOf(property);
  let end = property.range[1];
  const after = /^[ \t]*,[ \t]*(?:\r?\n)?/.exec(source.slice(end));
  if (after) return { range: [lineAwareStart(source, property.range[0]), end + after[0].length], text: "" };
  const previous = data.properties[index - 1];
  const start = previous ? previous.range[1] : property.range[0];
  end = property.range[1];
  return { range: [start, end], text: "" };
}

/** Extends a removal to the start of the line when only indentation precedes it. */
function lineAwareStart(source: string, start: number): number {
  let cursor = start;
  while (cursor > 0 && (source[cursor - 1] === " " || source[cursor - 1] === "\t")) cursor--;
  return cursor > 0 && source[cursor - 1] === "\n" ? cursor : start;
}

function mergeOverlapping(edits: TextEdit[]): TextEdit[] {
  const sorted = [...edits].sort((a, b) => a.range[0] - b.range[0]);
  const merged: TextEdit[] = [];
  for (const edit of sorted) {
    const last = merged.at(-1);
    if (last && edit.range[0] < last.range[1]) {
      merged[merged.length - 1] = { range: [last.range[0], Math.max(last.range[1], edit.range[1])], text: last.text + edit.text };
    } else merged.push(edit);
  }
  return merged;
}
