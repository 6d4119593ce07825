/**
 * Python's Cloudflare clients, lowered to the requests they make: python-cloudflare
 * (`cf.zones.settings.minify.patch(zone_id)`, `getattr(cf.zones.settings, name)`), whose attribute
 * path is the URL, and the generated SDK of v3+ (`client.firewall.rules.list(zone_id=…)`), read
 * through the TypeScript SDK table.
 */
import type * as IR from "../core/ir.js";
import { SDK_CONTAINER_PARAMS, SDK_DNS_RECORD_METHODS } from "../core/libraries.js";
import { SDK_ROUTES, sdkResourcePath } from "../core/sdk-routes.js";
import { API_BASE, type TreeLowering } from "./lowering.js";
import type { SyntaxNode } from "./tree-sitter.js";
import { attributeChain, boundPrefix } from "./python-chains.js";

/** A parameter's type that is python-cloudflare's client (`CloudFlare.CloudFlare`, `CloudFlare`). */
export const PYTHON_CLOUDFLARE_TYPE = /^(?:CloudFlare\.)?CloudFlare$/;
/** python-cloudflare (`CloudFlare.CloudFlare()`): the attribute path after the client is the URL. */
export const PYTHON_CLOUDFLARE_ROOTS = new Set(["zones", "accounts", "user", "organizations", "memberships", "graphql", "ips", "certificates"]);

/**
 * A call of the generated SDK, read through the TypeScript SDK table (the same API description,
 * in snake_case: `rate_limits` is `rateLimits`); `{N}` in a route is the N-th positional argument.
 * `with_raw_response` and `with_streaming_response` are views of the same resource. `base`: the
 * API's address the path follows (null: a client whose address is not seen).
 */
export function generatedSdkRequest(
  lowering: TreeLowering,
  callee: SyntaxNode,
  resources: string[],
  method: string,
  positional: IR.Expression[],
  named: ReadonlyMap<string, IR.Expression>,
  range: IR.Range,
  options: IR.Expression[],
  base: string | null = API_BASE,
): IR.Expression | null {
  const path = resources.filter((segment) => segment !== "with_raw_response" && segment !== "with_streaming_response").map(camelCase).join(".");
  const route = SDK_ROUTES[path]?.[camelCase(method)];
  const at = lowering.range(callee.childForFieldName("attribute")!);
  // A method the table does not know, on a resource whose methods all call one path: that path, its method not known.
  const resourcePath = route ? null : sdkResourcePath(path);
  if (resourcePath) return lowering.request(range, lowering.routeUrl(resourcePath, at, routeArguments(resourcePath, positional, named), null), null, null, [...positional, ...options]);
  // `client.dns.records.list(zone_id=…)`, `.get(record_id, zone_id=…)`: DNS records, as the
  // SDK gives them (the envelope's `result`; a list's pages iterate over the records).
  const recordKind = !route && path === "dns.records" ? SDK_DNS_RECORD_METHODS[camelCase(method)] : undefined;
  if (recordKind) {
    const recordPath = recordKind === "record" && method !== "create" ? "/zones/:zone_id/dns_records/:dns_record_id" : "/zones/:zone_id/dns_records";
    // `type="SRV"`: SRV records only, as the API's `?type=SRV` asks.
    const type = named.get("type");
    const url = lowering.routeUrl(recordPath, at, [], base);
    const asked = type?.kind === "string" && type.value === "SRV" ? lowering.binary("+", url, lowering.string("?type=SRV", type.range), range) : url;
    const request = lowering.request(range, asked, recordKind === "records" || method === "get" ? "GET" : null, null, [...positional, ...options]);
    return lowering.resultOf(request, range);
  }
  if (!route) return null;
  return lowering.request(range, lowering.routeUrl(route.path, at, routeArguments(route.path, positional, named), base), route.method, null, [...positional, ...options]);
}

/**
 * `getattr(cf.zones.settings, name)` on a python-cloudflare client: its segments, the last one
 * the name's value (`zones`, `settings`, `name`); else null.
 */
export function getattrSegment(lowering: TreeLowering, node: SyntaxNode, cloudflareClients: ReadonlySet<string>): (string | IR.Expression)[] | null {
  if (node.type !== "call" || node.childForFieldName("function")?.text !== "getattr") return null;
  const [object, name, ...rest] = (node.childForFieldName("arguments")?.namedChildren ?? []).filter((argument) => argument !== null && argument.type !== "comment");
  if (!object || !name || rest.length > 0 || name.type === "keyword_argument") return null;
  const chain = attributeChain(object);
  const client = chain ? boundPrefix([...chain, ""], cloudflareClients) : 0;
  if (!chain || client === 0 || !PYTHON_CLOUDFLARE_ROOTS.has(chain[client] ?? "")) return null;
  return [...chain.slice(client), lowering.expression(name)];
}

/** The request of a python-cloudflare call: each attribute a segment, identifiers after the first and last. */
export function pythonCloudflareRequest(
  lowering: TreeLowering,
  callee: SyntaxNode,
  segments: (string | IR.Expression)[],
  verb: string,
  positional: IR.Expression[],
  named: ReadonlyMap<string, IR.Expression>,
  range: IR.Range,
  options: IR.Expression[],
  /** Where the segments are written: the callee's object (`cf.zones.filters` of `….get`), or the callee itself when the resource is called. */
  segmentNode: SyntaxNode = callee.childForFieldName("object")!,
): IR.Expression {
  const segmentRange = lowering.range(segmentNode);
  const pieces: (string | IR.Expression)[] = [API_BASE];
  segments.forEach((segment, index) => {
    if (typeof segment === "string") pieces.push(`/${segment}`);
    else pieces.push("/", segment);
    const id = index === 0 ? positional[0] : index === segments.length - 1 && segments.length > 1 ? positional[1] : undefined;
    if (id) pieces.push("/", id);
  });
  // The written segments are where the path is decided: the URL's literal text is located there.
  const url = lowering.template(pieces, segmentRange);
  const request = lowering.request(range, url, verb.toUpperCase(), named.get("data") ?? null, [...positional, ...options]);
  // The client returns the envelope's `result` itself: `request.json().result`.
  return lowering.resultOf(request, range);
}

/**
 * The arguments of a generated SDK route's `{N}` segments: the positional ones, or, where a route
 * has a single such segment and the call gives it by name as the SDK's own tests and examples do
 * (`client.zones.settings.edit(setting_id="minify", zone_id=…)`), the one `…_id` keyword that names
 * no container.
 */
function routeArguments(path: string, positional: readonly IR.Expression[], named: ReadonlyMap<string, IR.Expression>): readonly (IR.Expression | undefined)[] {
  if (positional.length > 0 || (path.match(/\{\d+\}/g) ?? []).length !== 1) return positional;
  const ids = [...named].filter(([name]) => name.endsWith("_id") && !SDK_CONTAINER_PARAMS.has(name));
  return ids.length === 1 ? [ids[0]![1]] : positional;
}

/** `rate_limits` → `rateLimits`. */
function camelCase(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}
