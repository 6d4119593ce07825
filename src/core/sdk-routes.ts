/**
 * The official TypeScript SDK's resource methods that call endpoints of the schedule. The table
 * itself is generated from the SDK's published packages (sdk-routes.generated.ts, written by
 * `npm run sdk-table`); this module makes it safe to index with any name and adds what the
 * packages cannot say.
 *
 * Declarative on purpose: a new SDK resource is a new row, never new logic.
 */
import type { HttpMethod } from "../catalogue/types.js";
import { nameTable } from "./name-table.js";
import { GENERATED_SDK_CLASSES, GENERATED_SDK_ROUTES } from "./sdk-routes.generated.js";

export interface SdkRoute {
  method: HttpMethod;
  /** `:param` segments are parameters; `{N}` is the method's N-th argument. */
  path: string;
  /** Said in the finding: why a call of the current SDK is reported. */
  note?: string;
}

/**
 * The 2.x package (`require("cloudflare")({ token })`, node-cloudflare), whose resources are
 * declared rather than generated: its rows for the schedule's endpoints, written from its
 * resource declarations (`path` and `includeBasic` of ArgoTunnels and ZoneSettings).
 */
const VERSION_2_ROUTES: Readonly<Record<string, Readonly<Record<string, SdkRoute>>>> = {
  argoTunnels: {
    browse: { method: "GET", path: "/accounts/:param/tunnels" },
    read: { method: "GET", path: "/accounts/:param/tunnels/:param" },
    add: { method: "POST", path: "/accounts/:param/tunnels" },
    del: { method: "DELETE", path: "/accounts/:param/tunnels/:param" },
  },
  zoneSettings: {
    read: { method: "GET", path: "/zones/:param/settings/{1}" },
    edit: { method: "PATCH", path: "/zones/:param/settings/{1}" },
  },
};

/** What the generated rows cannot say. */
const NOTES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  "zeroTrust.tunnels": {
    list: "the SDK's zeroTrust.tunnels.list() still calls this path, which the schedule lists as deprecated",
  },
};

/** Resource path (`firewall.rules`) → method name → route. */
export const SDK_ROUTES: Readonly<Record<string, Readonly<Record<string, SdkRoute>>>> = nameTable(
  Object.fromEntries(
    Object.entries({ ...VERSION_2_ROUTES, ...GENERATED_SDK_ROUTES }).map(([resource, methods]) => [
      resource,
      nameTable(
        Object.fromEntries(
          Object.entries(methods).map(([name, route]) => {
            const note = NOTES[resource]?.[name];
            return [name, note ? { ...route, note } : route];
          }),
        ),
      ),
    ]),
  ),
);

/**
 * The one path every method of an SDK resource calls (`zones.settings.minify`:
 * `/zones/:param/settings/minify`), or `null` when its methods call several.
 */
export function sdkResourcePath(resource: string): string | null {
  const routes = SDK_ROUTES[resource];
  if (!routes) return null;
  const paths = new Set(Object.values(routes).map((route) => route.path));
  return paths.size === 1 ? [...paths][0]! : null;
}

/** SDK class names (`BaseRateLimits`) → the resource path an instance of it serves. */
export const SDK_RESOURCE_OF_CLASS: Readonly<Record<string, string>> = nameTable(GENERATED_SDK_CLASSES);

/** Type names that are the SDK's client when nothing in the file says otherwise. */
export const SDK_CLIENT_TYPES = new Set(["Cloudflare", "PartialCloudflare"]);
