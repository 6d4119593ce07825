/**
 * Requests written down as data: a mapping with a `url` (or `uri`) string (placeholders allowed)
 * and a `method` that is an HTTP method (or none: the arguments of Ansible's `uri` module, a GET), as recorded HTTP interactions (go-vcr and VCR cassettes, HAR files) and
 * request collections write them. Such a mapping is read as that request, with its method, so
 * that a cassette's `GET …/filters` is the GET it records and not every method of the path.
 */
import type * as IR from "../core/ir.js";
import { REQUEST_FUNCTION, requestImport } from "./lowering.js";

const URL_KEYS = new Set(["url", "uri"]);
/** Ansible's `uri` module, whose `method` defaults to GET: its task's arguments are a request without one. */
const ANSIBLE_URI_MODULES = new Set(["uri", "ansible.builtin.uri", "ansible.legacy.uri"]);
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const MAX_DEPTH = 200;

/**
 * The document's statements, with each request mapping also stated as a `%request(url, {
 * method, body })` call (the mapping itself is kept, so that its other fields are still read).
 */
export function withDataRequests(body: IR.Statement[]): IR.Statement[] {
  const requests: IR.Statement[] = [];
  const visit = (expression: IR.Expression | null, depth: number, defaultMethod: string | null = null) => {
    if (!expression || depth > MAX_DEPTH) return;
    if (expression.kind === "array") {
      for (const element of expression.elements) visit(element, depth + 1);
      return;
    }
    if (expression.kind !== "object") return;
    const request = requestOf(expression, defaultMethod);
    if (request) requests.push({ kind: "expression", range: expression.range, expression: request });
    for (const property of expression.properties) if (property.kind === "property") visit(property.value, depth + 1, property.key !== null && ANSIBLE_URI_MODULES.has(property.key) ? "GET" : null);
  };
  for (const statement of body) if (statement.kind === "expression") visit(statement.expression, 0);
  return requests.length > 0 ? [requestImport(), ...body, ...requests] : body;
}

/**
 * The request a mapping states, or `null`. Its `url`, `method` and `body` values move into the
 * call (each node of the model has one place); the mapping keeps placeholders for them.
 */
function requestOf(object: IR.ObjectLiteral, defaultMethod: string | null): IR.CallExpression | null {
  let url: IR.Property | null = null;
  let methodProperty: IR.Property | null = null;
  let bodyProperty: IR.Property | null = null;
  for (const property of object.properties) {
    if (property.kind !== "property" || property.key === null) continue;
    const key = property.key.toLowerCase();
    if (URL_KEYS.has(key) && (property.value.kind === "string" || property.value.kind === "template")) url = property;
    else if (key === "method" && property.value.kind === "string" && METHODS.has(property.value.value.toUpperCase())) methodProperty = property;
    else if (key === "body") bodyProperty = property;
  }
  if (!url || (!methodProperty && defaultMethod === null)) return null;
  const method: IR.StringLiteral = methodProperty ? (methodProperty.value as IR.StringLiteral) : { kind: "string", range: url.keyRange, value: defaultMethod! };
  const payload = bodyProperty?.value ?? null;
  const urlValue = url.value;
  for (const moved of [url, methodProperty, bodyProperty]) if (moved) moved.value = { kind: "unknown", range: moved.value.range, children: [] };
  const range = object.range;
  const options: IR.ObjectLiteral = {
    kind: "object",
    range,
    properties: [
      { kind: "property", range: method.range, key: "method", keyRange: method.range, computedKey: null, value: { ...method, value: method.value.toUpperCase() }, shorthand: false },
      ...(payload ? [{ kind: "property" as const, range: payload.range, key: "body", keyRange: payload.range, computedKey: null, value: payload, shorthand: false }] : []),
    ],
  };
  return { kind: "call", range, callee: { kind: "identifier", range, name: REQUEST_FUNCTION }, args: [urlValue, options], optional: false };
}
