// GENERATED — DO NOT EDIT. Written by `npm run sdk-table` (src/catalogue/sdk-table.ts) from the
// published `cloudflare` npm package, 23 versions (3.0.0 to 7.3.0).
/**
 * The official TypeScript SDK's resource methods that call endpoints of the schedule: resource
 * path → method name → the HTTP method and path it requests. A `{N}` segment is the method's
 * N-th argument; other parameters are `:param`. The comment on each row names the versions.
 */
import type { HttpMethod } from "../catalogue/types.js";

export const GENERATED_SDK_ROUTES: Readonly<Record<string, Readonly<Record<string, { method: HttpMethod; path: string }>>>> = {
  "billing.profiles": {
    "get": { method: "GET", path: "/accounts/:param/billing/profile" }, // all
  },
  "filters": {
    "bulkDelete": { method: "DELETE", path: "/zones/:param/filters" }, // 4.0.0–7.3.0
    "bulkUpdate": { method: "PUT", path: "/zones/:param/filters" }, // 4.0.0–7.3.0
    "create": { method: "POST", path: "/zones/:param/filters" }, // all
    "delete": { method: "DELETE", path: "/zones/:param/filters/:param" }, // all
    "get": { method: "GET", path: "/zones/:param/filters/:param" }, // all
    "list": { method: "GET", path: "/zones/:param/filters" }, // all
    "update": { method: "PUT", path: "/zones/:param/filters/:param" }, // all
  },
  "firewall.rules": {
    "bulkDelete": { method: "DELETE", path: "/zones/:param/firewall/rules" }, // 4.0.0–7.3.0
    "bulkEdit": { method: "PATCH", path: "/zones/:param/firewall/rules" }, // 4.0.0–7.3.0
    "bulkUpdate": { method: "PUT", path: "/zones/:param/firewall/rules" }, // 4.0.0–7.3.0
    "create": { method: "POST", path: "/zones/:param/firewall/rules" }, // all
    "delete": { method: "DELETE", path: "/zones/:param/firewall/rules/:param" }, // all
    "edit": { method: "PATCH", path: "/zones/:param/firewall/rules/:param" }, // all
    "get": { method: "GET", path: "/zones/:param/firewall/rules/:param" }, // all
    "list": { method: "GET", path: "/zones/:param/firewall/rules" }, // all
    "update": { method: "PUT", path: "/zones/:param/firewall/rules/:param" }, // all
  },
  "firewall.waf.overrides": {
    "create": { method: "POST", path: "/zones/:param/firewall/waf/overrides" }, // all
    "delete": { method: "DELETE", path: "/zones/:param/firewall/waf/overrides/:param" }, // all
    "get": { method: "GET", path: "/zones/:param/firewall/waf/overrides/:param" }, // all
    "list": { method: "GET", path: "/zones/:param/firewall/waf/overrides" }, // all
    "update": { method: "PUT", path: "/zones/:param/firewall/waf/overrides/:param" }, // all
  },
  "firewall.waf.packages": {
    "get": { method: "GET", path: "/zones/:param/firewall/waf/packages/:param" }, // all
    "list": { method: "GET", path: "/zones/:param/firewall/waf/packages" }, // all
  },
  "firewall.waf.packages.groups": {
    "edit": { method: "PATCH", path: "/zones/:param/firewall/waf/packages/:param/groups/:param" }, // all
    "get": { method: "GET", path: "/zones/:param/firewall/waf/packages/:param/groups/:param" }, // all
    "list": { method: "GET", path: "/zones/:param/firewall/waf/packages/:param/groups" }, // all
  },
  "firewall.waf.packages.rules": {
    "edit": { method: "PATCH", path: "/zones/:param/firewall/waf/packages/:param/rules/:param" }, // all
    "get": { method: "GET", path: "/zones/:param/firewall/waf/packages/:param/rules/:param" }, // all
    "list": { method: "GET", path: "/zones/:param/firewall/waf/packages/:param/rules" }, // all
  },
  "rateLimits": {
    "create": { method: "POST", path: "/zones/:param/rate_limits" }, // all
    "delete": { method: "DELETE", path: "/zones/:param/rate_limits/:param" }, // all
    "edit": { method: "PUT", path: "/zones/:param/rate_limits/:param" }, // all
    "get": { method: "GET", path: "/zones/:param/rate_limits/:param" }, // all
    "list": { method: "GET", path: "/zones/:param/rate_limits" }, // all
  },
  "user.billing.history": {
    "get": { method: "GET", path: "/user/billing/history" }, // 3.0.0–3.0.0
    "list": { method: "GET", path: "/user/billing/history" }, // 3.2.0–7.3.0
  },
  "user.billing.profile": {
    "get": { method: "GET", path: "/user/billing/profile" }, // all
  },
  "zeroTrust.access.bookmarks": {
    "create": { method: "POST", path: "/accounts/:param/access/bookmarks/:param" }, // all
    "delete": { method: "DELETE", path: "/accounts/:param/access/bookmarks/:param" }, // all
    "get": { method: "GET", path: "/accounts/:param/access/bookmarks/:param" }, // all
    "list": { method: "GET", path: "/accounts/:param/access/bookmarks" }, // all
    "update": { method: "PUT", path: "/accounts/:param/access/bookmarks/:param" }, // all
  },
  "zeroTrust.tunnels": {
    "create": { method: "POST", path: "/accounts/:param/tunnels" }, // 3.0.0–3.5.0
    "delete": { method: "DELETE", path: "/accounts/:param/tunnels/:param" }, // 3.0.0–3.5.0
    "get": { method: "GET", path: "/accounts/:param/tunnels/:param" }, // 3.0.0–3.5.0
    "list": { method: "GET", path: "/accounts/:param/tunnels" }, // 3.0.0–7.3.0
  },
  "zones.settings": {
    "edit": { method: "PATCH", path: "/zones/:param/settings/{0}" }, // 3.5.0–7.3.0
    "get": { method: "GET", path: "/zones/:param/settings/{0}" }, // 3.5.0–7.3.0
  },
  "zones.settings.brotli": {
    "edit": { method: "PATCH", path: "/zones/:param/settings/brotli" }, // 3.0.0–3.4.0
    "get": { method: "GET", path: "/zones/:param/settings/brotli" }, // 3.0.0–3.4.0
  },
  "zones.settings.minify": {
    "edit": { method: "PATCH", path: "/zones/:param/settings/minify" }, // 3.0.0–3.4.0
    "get": { method: "GET", path: "/zones/:param/settings/minify" }, // 3.0.0–3.4.0
  },
  "zones.settings.mobileRedirect": {
    "edit": { method: "PATCH", path: "/zones/:param/settings/mobile_redirect" }, // 3.0.0–3.4.0
    "get": { method: "GET", path: "/zones/:param/settings/mobile_redirect" }, // 3.0.0–3.4.0
  },
  "zones.settings.serverSideExcludes": {
    "edit": { method: "PATCH", path: "/zones/:param/settings/server_side_exclude" }, // 3.0.0–3.4.0
    "get": { method: "GET", path: "/zones/:param/settings/server_side_exclude" }, // 3.0.0–3.4.0
  },
};

/** SDK class names (for declared types such as `BaseRateLimits`) → the resource path they serve. */
export const GENERATED_SDK_CLASSES: Readonly<Record<string, string>> = {
  "BaseBookmarks": "zeroTrust.access.bookmarks",
  "BaseFilters": "filters",
  "BaseGroups": "firewall.waf.packages.groups",
  "BaseHistory": "user.billing.history",
  "BaseOverrides": "firewall.waf.overrides",
  "BasePackages": "firewall.waf.packages",
  "BaseProfile": "user.billing.profile",
  "BaseProfiles": "billing.profiles",
  "BaseRateLimits": "rateLimits",
  "BaseSettings": "zones.settings",
  "BaseTunnels": "zeroTrust.tunnels",
  "Bookmarks": "zeroTrust.access.bookmarks",
  "Brotli": "zones.settings.brotli",
  "BrotliResource": "zones.settings.brotli",
  "Filters": "filters",
  "Groups": "firewall.waf.packages.groups",
  "History": "user.billing.history",
  "Minify": "zones.settings.minify",
  "MinifyResource": "zones.settings.minify",
  "MobileRedirect": "zones.settings.mobileRedirect",
  "MobileRedirectResource": "zones.settings.mobileRedirect",
  "Overrides": "firewall.waf.overrides",
  "Packages": "firewall.waf.packages",
  "Profile": "user.billing.profile",
  "Profiles": "billing.profiles",
  "RateLimits": "rateLimits",
  "ServerSideExcludes": "zones.settings.serverSideExcludes",
  "Settings": "zones.settings",
  "Tunnels": "zeroTrust.tunnels",
};
