/**
 * The Cloudflare TypeScript SDK's resource methods that call endpoints of the schedule, with the
 * HTTP method and path each calls (as the SDK's own generated metadata states them). A `{0}`
 * segment is the method's first argument (`client.zones.settings.get("brotli", …)`).
 *
 * Declarative on purpose: a new SDK resource is a new row, never new logic.
 */
import type { HttpMethod } from "../catalogue/types.js";
import { nameTable } from "./name-table.js";

export interface SdkRoute {
  method: HttpMethod;
  path: string;
}

const route = (method: HttpMethod, path: string): SdkRoute => ({ method, path });
const RULES = "/zones/:zone_id/firewall/rules";
const FILTERS = "/zones/:zone_id/filters";
const RATE_LIMITS = "/zones/:zone_id/rate_limits";
const WAF = "/zones/:zone_id/firewall/waf";

const ROUTES_BY_RESOURCE: Record<string, Record<string, SdkRoute>> = {
  "firewall.rules": {
    list: route("GET", RULES),
    create: route("POST", RULES),
    bulkEdit: route("PATCH", RULES),
    bulkUpdate: route("PUT", RULES),
    bulkDelete: route("DELETE", RULES),
    get: route("GET", `${RULES}/:rule_id`),
    edit: route("PATCH", `${RULES}/:rule_id`),
    update: route("PUT", `${RULES}/:rule_id`),
    delete: route("DELETE", `${RULES}/:rule_id`),
  },
  filters: {
    list: route("GET", FILTERS),
    create: route("POST", FILTERS),
    bulkUpdate: route("PUT", FILTERS),
    bulkDelete: route("DELETE", FILTERS),
    get: route("GET", `${FILTERS}/:filter_id`),
    update: route("PUT", `${FILTERS}/:filter_id`),
    delete: route("DELETE", `${FILTERS}/:filter_id`),
  },
  rateLimits: {
    list: route("GET", RATE_LIMITS),
    create: route("POST", RATE_LIMITS),
    get: route("GET", `${RATE_LIMITS}/:rate_limit_id`),
    edit: route("PUT", `${RATE_LIMITS}/:rate_limit_id`),
    delete: route("DELETE", `${RATE_LIMITS}/:rate_limit_id`),
  },
  "firewall.waf.packages": {
    list: route("GET", `${WAF}/packages`),
    get: route("GET", `${WAF}/packages/:package_id`),
  },
  "firewall.waf.packages.groups": {
    list: route("GET", `${WAF}/packages/:package_id/groups`),
    get: route("GET", `${WAF}/packages/:package_id/groups/:group_id`),
    edit: route("PATCH", `${WAF}/packages/:package_id/groups/:group_id`),
  },
  "firewall.waf.packages.rules": {
    list: route("GET", `${WAF}/packages/:package_id/rules`),
    get: route("GET", `${WAF}/packages/:package_id/rules/:rule_id`),
    edit: route("PATCH", `${WAF}/packages/:package_id/rules/:rule_id`),
  },
  "firewall.waf.overrides": {
    list: route("GET", `${WAF}/overrides`),
    create: route("POST", `${WAF}/overrides`),
    get: route("GET", `${WAF}/overrides/:override_id`),
    update: route("PUT", `${WAF}/overrides/:override_id`),
    delete: route("DELETE", `${WAF}/overrides/:override_id`),
  },
  "user.billing.profile": { get: route("GET", "/user/billing/profile") },
  "user.billing.history": { list: route("GET", "/user/billing/history") },
  "zones.settings": {
    get: route("GET", "/zones/:zone_id/settings/{0}"),
    edit: route("PATCH", "/zones/:zone_id/settings/{0}"),
  },
};

/** Resource path (`firewall.rules`) → method name → route, safe to index with any name. */
export const SDK_ROUTES: Readonly<Record<string, Readonly<Record<string, SdkRoute>>>> = nameTable(
  Object.fromEntries(Object.entries(ROUTES_BY_RESOURCE).map(([resource, methods]) => [resource, nameTable(methods)])),
);
