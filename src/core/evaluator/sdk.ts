/**
 * The official TypeScript SDK: a client's raw methods (`client.get(path)`), its resource
 * methods that call endpoints of the schedule (the table in sdk-routes.ts), its DNS record
 * methods, whose results are DNS records, and the clients `createClient()` makes.
 */
import { API_BASE_URL, METHOD_OF_NAME, SDK_DNS_RECORD_METHODS, SDK_DNS_RECORD_PATHS } from "../libraries.js";
import { SDK_ROUTES } from "../sdk-routes.js";
import { partsOf, staticText, stringValue, text, type StringPart } from "../values.js";
import { hintOf } from "./hints.js";
import { NO_REQUEST, asString, bodyOf, get, type CallResult, type LibraryCallSite } from "./library-calls.js";
import { joinBase } from "./url-values.js";

const ARGUMENT_SEGMENT = /^\{(\d+)\}$/;

export function sdkCall(site: LibraryCallSite): CallResult {
  const { callee, path, last, base, first, second, node, args } = site;
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
    // Parameters are holes; `{N}` is the N-th argument, so `settings.get("brotli")` is reported at "brotli".
    const parts = sdkRoute.path.split("/").flatMap((segment, index): StringPart[] => {
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
    const url = joinBase(base, stringValue(parts));
    return site.respond({ library: "cloudflare", url, method: sdkRoute.method, body: null, sdk: true, note: sdkRoute.note ?? null });
  }
  if (last && SDK_DNS_RECORD_PATHS.some((candidate) => sameArray(candidate, resource))) {
    const kind = SDK_DNS_RECORD_METHODS[last];
    // `client.dns.records.list({ zone_id, type: "SRV" })`: SRV records only.
    if (kind) return { result: { kind, srv: staticText(get(first, "type")) === "SRV", via: `the SDK's ${resource.join(".")}.${last}()` }, request: null };
  }
  return NO_REQUEST;
}

function sameArray(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}
