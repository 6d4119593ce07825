/**
 * The official Go SDK, cloudflare-go v0 (`api := cloudflare.New(…)`): its methods that call
 * endpoints of the schedule, as data, like the TypeScript SDK table. A Go call of one of these
 * names on any receiver, in a file that imports the SDK, is a request of that endpoint.
 * `:param` segments are holes. Names from the v0 API reference (pkg.go.dev cloudflare-go v0.x).
 */
import type { HttpMethod } from "../../catalogue/types.js";

export interface SdkRoute {
  method: HttpMethod;
  path: string;
}

const route = (method: HttpMethod, path: string): SdkRoute => ({ method, path });
const FIREWALL_RULES = "/zones/:zone_id/firewall/rules";
const FILTERS = "/zones/:zone_id/filters";
const RATE_LIMITS = "/zones/:zone_id/rate_limits";
const WAF_PACKAGES = "/zones/:zone_id/firewall/waf/packages";
const WAF_OVERRIDES = "/zones/:zone_id/firewall/waf/overrides";
const TUNNELS = "/accounts/:account_id/tunnels";
const BOOKMARKS = "/accounts/:account_id/access/bookmarks";

export const GO_SDK_ROUTES: Readonly<Record<string, SdkRoute>> = {
  FirewallRules: route("GET", FIREWALL_RULES),
  FirewallRule: route("GET", `${FIREWALL_RULES}/:id`),
  CreateFirewallRules: route("POST", FIREWALL_RULES),
  UpdateFirewallRules: route("PUT", FIREWALL_RULES),
  UpdateFirewallRule: route("PUT", `${FIREWALL_RULES}/:id`),
  DeleteFirewallRules: route("DELETE", FIREWALL_RULES),
  DeleteFirewallRule: route("DELETE", `${FIREWALL_RULES}/:id`),
  Filters: route("GET", FILTERS),
  Filter: route("GET", `${FILTERS}/:id`),
  CreateFilters: route("POST", FILTERS),
  UpdateFilters: route("PUT", FILTERS),
  UpdateFilter: route("PUT", `${FILTERS}/:id`),
  DeleteFilters: route("DELETE", FILTERS),
  DeleteFilter: route("DELETE", `${FILTERS}/:id`),
  ListRateLimits: route("GET", RATE_LIMITS),
  ListAllRateLimits: route("GET", RATE_LIMITS),
  RateLimit: route("GET", `${RATE_LIMITS}/:id`),
  CreateRateLimit: route("POST", RATE_LIMITS),
  UpdateRateLimit: route("PUT", `${RATE_LIMITS}/:id`),
  DeleteRateLimit: route("DELETE", `${RATE_LIMITS}/:id`),
  ListWAFPackages: route("GET", WAF_PACKAGES),
  WAFPackage: route("GET", `${WAF_PACKAGES}/:package_id`),
  UpdateWAFPackage: route("PATCH", `${WAF_PACKAGES}/:package_id`),
  ListWAFGroups: route("GET", `${WAF_PACKAGES}/:package_id/groups`),
  WAFGroup: route("GET", `${WAF_PACKAGES}/:package_id/groups/:group_id`),
  UpdateWAFGroup: route("PATCH", `${WAF_PACKAGES}/:package_id/groups/:group_id`),
  ListWAFRules: route("GET", `${WAF_PACKAGES}/:package_id/rules`),
  WAFRule: route("GET", `${WAF_PACKAGES}/:package_id/rules/:rule_id`),
  UpdateWAFRule: route("PATCH", `${WAF_PACKAGES}/:package_id/rules/:rule_id`),
  ListWAFOverrides: route("GET", WAF_OVERRIDES),
  WAFOverride: route("GET", `${WAF_OVERRIDES}/:override_id`),
  CreateWAFOverride: route("POST", WAF_OVERRIDES),
  UpdateWAFOverride: route("PUT", `${WAF_OVERRIDES}/:override_id`),
  DeleteWAFOverride: route("DELETE", `${WAF_OVERRIDES}/:override_id`),
  ListArgoTunnels: route("GET", TUNNELS),
  GetArgoTunnel: route("GET", `${TUNNELS}/:id`),
  CreateArgoTunnel: route("POST", TUNNELS),
  DeleteArgoTunnel: route("DELETE", `${TUNNELS}/:id`),
  ListAccessBookmarks: route("GET", BOOKMARKS),
  AccessBookmarks: route("GET", BOOKMARKS),
  AccessBookmark: route("GET", `${BOOKMARKS}/:id`),
  CreateAccessBookmark: route("POST", `${BOOKMARKS}/:id`),
  UpdateAccessBookmark: route("PUT", `${BOOKMARKS}/:id`),
  DeleteAccessBookmark: route("DELETE", `${BOOKMARKS}/:id`),
  ZoneAnalyticsDashboard: route("GET", "/zones/:zone_id/analytics/dashboard"),
  ZoneAnalyticsByColocation: route("GET", "/zones/:zone_id/analytics/colos"),
  UserBillingProfile: route("GET", "/user/billing/profile"),
  UserBillingHistory: route("GET", "/user/billing/history"),
  OrganizationDetails: route("GET", "/organizations/:id"),
  OrganizationInvites: route("GET", "/organizations/:id/invites"),
};

/**
 * Zone setting methods whose setting id is an argument: `UpdateZoneSettings(ctx, zoneID,
 * []ZoneSetting{{ID: "minify", …}})` (each `ID`), `UpdateZoneSetting`/`GetZoneSetting(ctx, rc,
 * …Params{Name: "brotli"})` (the `Name`), or the argument at `position` (the context is 0):
 * `UpdateZoneSingleSetting(ctx, zoneID, "brotli", setting)`, `ZoneSingleSetting(ctx, zoneID,
 * "minify")` (v0.13 to v0.81). Each id is a request of `/zones/:zone_id/settings/<id>`.
 */
export const GO_SDK_SETTING_METHODS: Readonly<Record<string, { method: HttpMethod; key: string } | { method: HttpMethod; position: number }>> = {
  UpdateZoneSettings: { method: "PATCH", key: "ID" },
  UpdateZoneSetting: { method: "PATCH", key: "Name" },
  GetZoneSetting: { method: "GET", key: "Name" },
  UpdateZoneSingleSetting: { method: "PATCH", position: 2 },
  ZoneSingleSetting: { method: "GET", position: 2 },
};

/** Methods whose first result is DNS records (a list, or one). */
export const GO_SDK_DNS_RECORD_RESULTS: Readonly<Record<string, "records" | "record">> = {
  ListDNSRecords: "records",
  DNSRecords: "records",
  GetDNSRecord: "record",
  DNSRecord: "record",
  CreateDNSRecord: "record",
  UpdateDNSRecord: "record",
};

/** cloudflare-go v0, whose methods are the rows above. */
export const GO_SDK_MODULE = /^github\.com\/cloudflare\/cloudflare-go$/;

/**
 * cloudflare-go v2 and later, generated from the same API description as the TypeScript SDK: its
 * resources and methods are the TypeScript SDK table's (src/core/sdk-routes.ts) in Go's spelling
 * (`client.Firewall.Rules.New(ctx, …)` is `client.firewall.rules.create(…)`), the context first.
 */
export const GO_GENERATED_SDK_MODULE = /^github\.com\/cloudflare\/cloudflare-go\/v\d+$/;

/** Go method names of the generated SDK that are spelt otherwise in TypeScript. */
export const GO_GENERATED_SDK_METHODS: Readonly<Record<string, string>> = {
  New: "create",
  ListAutoPaging: "list",
};
