/**
 * The official TypeScript SDK: a client's raw methods (`client.get(path)`), its resource
 * methods that call endpoints of the schedule (the table in sdk-routes.ts), its DNS record
 * methods, whose results are DNS records, and the clients `createClient()` makes.
 */
import { API_BASE_URL, METHOD_OF_NAME, SDK_CONTAINER_PARAMS, SDK_DNS_RECORD_METHODS, SDK_DNS_RECORD_PATHS } from "../libraries.js";
import { SDK_ROUTES, sdkResourcePath } from "../sdk-routes.js";
import type { CallExpression, Expression } from "../ir.js";
import type { Program } from "../program.js";
import { partsOf, staticText, stringValue, text, type Env, type StringPart, type StringValue } from "../values.js";
import type { Evaluator } from "./evaluator.js";
import { hintOf } from "./hints.js";
import { LibraryCallSite, NO_REQUEST, asString, bodyOf, get, type CallResult } from "./library-calls.js";
import { joinBase } from "./url-values.js";

const ARGUMENT_SEGMENT = /^\{(\d+)\}$/;

export function sdkCall(site: LibraryCallSite): CallResult {
  const { callee, path, last, base, first, second } = site;
  if (callee.kind === "library") {
    // `createClient({ resources: [...] })` from cloudflare/tree-shakable; `require("cloudflare")({ token })` in 2.x
    if ((last === "createClient" && path.length === 1) || path.length === 0) {
      const baseUrl = asString(get(first, "baseURL"));
      return { result: { kind: "client", library: "cloudflare", base: baseUrl ?? text(API_BASE_URL), method: null, path: [] }, request: null };
    }
    return NO_REQUEST;
  }
  if (path.length === 1 && last && METHOD_OF_NAME[last]) {
    const url = joinBase(base, asString(first));
    return site.respond({ library: "cloudflare", url, method: METHOD_OF_NAME[last]!, body: bodyOf(get(second, "body")), sdk: true });
  }
  const resource = path.slice(0, -1);
  const sdkRoute = last ? SDK_ROUTES[resource.join(".")]?.[last] : undefined;
  if (sdkRoute) {
    const url = joinBase(base, routePath(site, sdkRoute.path));
    return site.respond({ library: "cloudflare", url, method: sdkRoute.method, body: null, sdk: true, note: sdkRoute.note ?? null });
  }
  // A method the table does not know, on a resource whose methods all call one path
  // (`zones.settings.minify.update(…)`, written for an SDK that has no such method): that path,
  // its method not known, and the address not taken for granted (medium).
  const resourcePath = last && resource.length > 0 ? sdkResourcePath(resource.join(".")) : null;
  if (resourcePath) return site.respond({ library: "cloudflare", url: routePath(site, resourcePath), method: null, body: null });
  if (last && SDK_DNS_RECORD_PATHS.some((candidate) => sameArray(candidate, resource))) {
    const kind = SDK_DNS_RECORD_METHODS[last];
    // `client.dns.records.list({ zone_id, type: "SRV" })`: SRV records only.
    if (kind) return { result: { kind, srv: staticText(get(first, "type")) === "SRV", via: `the SDK's ${resource.join(".")}.${last}()` }, request: null };
  }
  return NO_REQUEST;
}

/** A route's path with its parameters as holes and `{N}` the N-th argument (so `settings.get("brotli")` is reported at "brotli"). */
function routePath(site: LibraryCallSite, path: string): StringValue {
  const { node, args } = site;
  const parts = path.split("/").flatMap((segment, index): StringPart[] => {
    const slash = index > 0 ? [{ text: "/", origin: null }] : [];
    if (segment.startsWith(":")) return [...slash, { hole: true as const, hint: segment.slice(1) }];
    const argument = ARGUMENT_SEGMENT.exec(segment);
    if (argument) {
      const position = Number(argument[1]);
      const written = node.args[position];
      return [...slash, ...partsOf(args[position] ?? { kind: "unknown" }, written ? hintOf(written) : null)];
    }
    return [...slash, { text: segment, origin: null }];
  });
  return stringValue(parts);
}

/** `settings.get`, `rules.list`: the last resource of every route of the SDK table and its method. */
const LAST_RESOURCE_AND_METHOD: ReadonlySet<string> = new Set(Object.entries(SDK_ROUTES).flatMap(([resource, methods]) => Object.keys(methods).map((method) => `${resource.split(".").at(-1)}.${method}`)));

/** A name that says it holds the API's client: `cloudflareClient`, `cloudflare`, `cf`, `cfApi`. */
const CLIENT_NAME = /cloudflare|^cf(?:client|api)?$/i;

/**
 * A call of the SDK through a client out of sight (a constructor's parameter, a field set
 * elsewhere): `this.cf.zones.settings.get("minify", { zone_id })` on a receiver the evaluator does
 * not know, whose chain ends in a resource and method of the SDK and which passes the SDK's own
 * `zone_id` or `account_id`, or whose receiver's name says it is the API's client. Its host is not
 * seen: the path alone (not the SDK's certainty).
 * Asked of calls on receivers the evaluator does not know, so a cheap test of the last resource
 * and the method comes first.
 */
export function sdkCallOutOfSight(evaluator: Evaluator, program: Program, node: CallExpression, env: Env | null): CallResult | null {
  const callee = node.callee;
  if (callee.kind !== "member" || callee.property === null || callee.object.kind !== "member" || callee.object.property === null) return null;
  if (!LAST_RESOURCE_AND_METHOD.has(`${callee.object.property}.${callee.property}`)) return null;
  const chain: string[] = [];
  let link: Expression = callee;
  while (link.kind === "member" && link.property !== null) {
    chain.unshift(link.property);
    link = link.object;
  }
  const method = chain.at(-1)!;
  for (let start = 0; start < chain.length - 1; start++) {
    const resource = chain.slice(start, -1).join(".");
    const route = SDK_ROUTES[resource]?.[method];
    if (!route) continue;
    const site = new LibraryCallSite(evaluator, program, node, { kind: "client", library: "cloudflare", base: null, method: null, path: [...chain.slice(start)] }, env);
    // The receiver's own name may say it (`this.cloudflareClient.zoneSettings.edit(zoneId, "minify", …)`:
    // the 2.x SDK takes the zone by position).
    const receiverName = start > 0 ? chain[start - 1]! : link.kind === "identifier" ? link.name : "";
    const named = CLIENT_NAME.test(receiverName) || site.args.some((arg) => arg.kind === "object" && [...SDK_CONTAINER_PARAMS].some((key) => arg.get(key) !== undefined));
    if (!named) return null;
    return site.respond({ library: "cloudflare", url: routePath(site, route.path), method: route.method, body: null, sdk: false, note: route.note ?? null });
  }
  return null;
}

function sameArray(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}
