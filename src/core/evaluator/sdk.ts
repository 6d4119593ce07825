/**
 * The official TypeScript SDK: a client's raw methods (`client.get(path)`), its resource
 * methods that call endpoints of the schedule (from the table in sdk-routes.ts), and its DNS
 * record methods, whose results are DNS records.
 */
import { METHOD_OF_NAME, SDK_DNS_RECORD_METHODS, SDK_DNS_RECORD_PATHS } from "../libraries.js";
import { SDK_ROUTES } from "../sdk-routes.js";
import { partsOf, stringValue, type StringPart } from "../values.js";
import { hintOf } from "./hints.js";
import { NO_REQUEST, asString, bodyOf, get, type CallResult, type LibraryCallSite } from "./library-calls.js";
import { joinBase } from "./url-values.js";

export function sdkCall(site: LibraryCallSite): CallResult {
  const { callee, path, last, base, first, second, node } = site;
  if (callee.kind !== "client") return NO_REQUEST;
  if (path.length === 1 && last && METHOD_OF_NAME[last]) {
    const url = joinBase(base, asString(first));
    return site.respond({ library: "cloudflare", url, method: METHOD_OF_NAME[last]!, body: bodyOf(get(second, "body")), sdk: true });
  }
  const resource = path.slice(0, -1);
  const sdkRoute = last ? SDK_ROUTES[resource.join(".")]?.[last] : undefined;
  if (sdkRoute) {
    // Parameters are holes; `{0}` is the first argument, so `settings.get("brotli")` is reported at "brotli".
    const parts = sdkRoute.path.split("/").flatMap((segment, index): StringPart[] => {
      const slash = index > 0 ? [{ text: "/", origin: null }] : [];
      if (segment.startsWith(":")) return [...slash, { hole: true as const, hint: segment.slice(1) }];
      if (segment === "{0}") return [...slash, ...partsOf(first, node.args[0] ? hintOf(node.args[0]) : null)];
      return [...slash, { text: segment, origin: null }];
    });
    const url = joinBase(base, stringValue(parts));
    return site.respond({ library: "cloudflare", url, method: sdkRoute.method, body: null, sdk: true });
  }
  if (last && SDK_DNS_RECORD_PATHS.some((candidate) => sameArray(candidate, resource))) {
    const kind = SDK_DNS_RECORD_METHODS[last];
    if (kind) return { result: { kind, srv: false, via: `the SDK's ${resource.join(".")}.${last}()` }, request: null };
  }
  return NO_REQUEST;
}

function sameArray(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}
