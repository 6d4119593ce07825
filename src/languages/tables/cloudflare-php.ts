/**
 * The PHP SDK, cloudflare/sdk (cloudflare-php: `new \Cloudflare\API\Endpoints\ZoneSettings($adapter)`):
 * its endpoint classes' methods that call endpoints of the schedule or give DNS records, as data,
 * like the Go table. `{N}` is the method's N-th argument. Written from the package's
 * `src/Endpoints` (DNS, Firewall, WAF, ZoneSettings).
 */
import type { HttpMethod } from "../../catalogue/types.js";

export interface PhpSdkRoute {
  method: HttpMethod;
  path: string;
  /**
   * What the method gives back: the parsed body (DNS::listRecords' `{ result, result_info }`), the
   * envelope's `result` (a record, a rule), or nothing the analysis reads.
   */
  gives: "body" | "result";
}

/** The SDK's namespace, and its endpoint classes'. */
export const PHP_SDK_NAMESPACE = "Cloudflare\\API\\";
export const PHP_SDK_ENDPOINTS_NAMESPACE = "Cloudflare\\API\\Endpoints\\";

const route = (method: HttpMethod, path: string, gives: PhpSdkRoute["gives"] = "result"): PhpSdkRoute => ({ method, path, gives });
const RECORDS = "/zones/{0}/dns_records";
const FIREWALL_RULES = "/zones/{0}/firewall/rules";
const WAF_PACKAGES = "/zones/{0}/firewall/waf/packages";

/** By endpoint class, then method. */
export const PHP_SDK_ROUTES: Readonly<Record<string, Readonly<Record<string, PhpSdkRoute>>>> = {
  DNS: {
    listRecords: route("GET", RECORDS, "body"),
    getRecordDetails: route("GET", `${RECORDS}/{1}`),
    addRecord: route("POST", RECORDS),
    updateRecordDetails: route("PUT", `${RECORDS}/{1}`),
  },
  Firewall: {
    createFirewallRules: route("POST", FIREWALL_RULES),
    createFirewallRule: route("POST", FIREWALL_RULES),
    listFirewallRules: route("GET", FIREWALL_RULES),
    deleteFirewallRule: route("DELETE", `${FIREWALL_RULES}/{1}`),
    updateFirewallRule: route("PUT", `${FIREWALL_RULES}/{1}`),
  },
  WAF: {
    getPackages: route("GET", WAF_PACKAGES),
    getPackageInfo: route("GET", `${WAF_PACKAGES}/{1}`),
    getRules: route("GET", `${WAF_PACKAGES}/{1}/rules`),
    getRuleInfo: route("GET", `${WAF_PACKAGES}/{1}/rules/{2}`),
    updateRule: route("PATCH", `${WAF_PACKAGES}/{1}/rules/{2}`),
    getGroups: route("GET", `${WAF_PACKAGES}/{1}/groups`),
    getGroupInfo: route("GET", `${WAF_PACKAGES}/{1}/groups/{2}`),
    updateGroup: route("PATCH", `${WAF_PACKAGES}/{1}/groups/{2}`),
  },
  ZoneSettings: {
    getMinifySetting: route("GET", "/zones/{0}/settings/minify"),
    updateMinifySetting: route("PATCH", "/zones/{0}/settings/minify"),
    getServerSideExcludeSetting: route("GET", "/zones/{0}/settings/server_side_exclude"),
    updateServerSideExcludeSetting: route("PATCH", "/zones/{0}/settings/server_side_exclude"),
  },
};
