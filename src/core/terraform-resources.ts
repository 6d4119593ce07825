/**
 * The official Terraform provider (cloudflare/cloudflare, v4 and v5 names): its resources whose
 * create, read, update and delete call endpoints of the schedule, as data, like the TypeScript
 * SDK table. Names checked against the provider's public documentation (registry.terraform.io,
 * cloudflare/cloudflare). `:param` segments are holes. A managed resource is read as a request
 * of its endpoint with every method the endpoint has (the provider reads, creates, updates and
 * deletes through it); `data` sources as a GET.
 */
import type { HttpMethod } from "../catalogue/types.js";

export interface TerraformRoute {
  /** The method that creates (or, for a setting or an existing object, updates) the resource; data sources read with it. */
  method: HttpMethod;
  path: string;
}

const route = (method: HttpMethod, path: string): TerraformRoute => ({ method, path });
const WAF_PACKAGES = "/zones/:zone_id/firewall/waf/packages";

export const TERRAFORM_RESOURCES: Readonly<Record<string, TerraformRoute>> = {
  cloudflare_filter: route("POST", "/zones/:zone_id/filters"),
  cloudflare_firewall_rule: route("POST", "/zones/:zone_id/firewall/rules"),
  cloudflare_rate_limit: route("POST", "/zones/:zone_id/rate_limits"),
  cloudflare_waf_package: route("PATCH", `${WAF_PACKAGES}/:package_id`),
  cloudflare_waf_group: route("PATCH", `${WAF_PACKAGES}/:package_id/groups/:group_id`),
  cloudflare_waf_rule: route("PATCH", `${WAF_PACKAGES}/:package_id/rules/:rule_id`),
  cloudflare_waf_override: route("POST", "/zones/:zone_id/firewall/waf/overrides"),
  cloudflare_access_bookmark: route("POST", "/accounts/:account_id/access/bookmarks/:id"),
  cloudflare_argo_tunnel: route("POST", "/accounts/:account_id/tunnels"),
};

/** Data sources that read the same endpoints. */
export const TERRAFORM_DATA_SOURCES: Readonly<Record<string, TerraformRoute>> = {
  cloudflare_waf_packages: route("GET", WAF_PACKAGES),
  cloudflare_waf_groups: route("GET", `${WAF_PACKAGES}/:package_id/groups`),
  cloudflare_waf_rules: route("GET", `${WAF_PACKAGES}/:package_id/rules`),
  cloudflare_rate_limits: route("GET", "/zones/:zone_id/rate_limits"),
  cloudflare_filters: route("GET", "/zones/:zone_id/filters"),
  cloudflare_firewall_rules: route("GET", "/zones/:zone_id/firewall/rules"),
};

/**
 * Settings written by name: `cloudflare_zone_settings_override`'s `settings { minify { … } brotli = "on" }`
 * (v4: each attribute or block of `settings` is `PATCH /zones/:zone_id/settings/<name>`), and v5's
 * `cloudflare_zone_setting` with `setting_id = "<name>"`.
 */
export const TERRAFORM_SETTINGS_RESOURCE = "cloudflare_zone_settings_override";
export const TERRAFORM_SETTING_RESOURCE = "cloudflare_zone_setting";
