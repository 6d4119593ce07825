/**
 * Values known from a declared type when the code does not show where a value comes from: DNS
 * records (`DnsRecord[]`), and the SDK's client or one of its resources (`client: Cloudflare`,
 * `PartialCloudflare<{ rateLimits: BaseRateLimits }>`, `rules: BaseRules` imported from the
 * `cloudflare` package). The type's name is enough; a type checker is a bonus.
 */
import { API_BASE_URL } from "../libraries.js";
import type { Program } from "../program.js";
import { SDK_CLIENT_TYPES, SDK_RESOURCE_OF_CLASS } from "../sdk-routes.js";
import { text, type Value } from "../values.js";
import type { Evaluator } from "./evaluator.js";
import { isGuzzleClientClass } from "./library-calls.js";
import { loadModule } from "./modules.js";
import { dnsRecordValueOfType } from "./responses.js";

/** The name a type text leads with (`Promise<DnsRecord[]>`, Go's pointer `*Client`), and its member (`Cloudflare.RateLimits`). */
const TYPE_NAME = /^\s*\*?\s*(?:readonly\s+)?(?:(?:Promise|Array|ReadonlyArray)<\s*)*([A-Za-z_$][\w$]*)(?:\s*\.\s*([A-Za-z_$][\w$]*))?/;
const REQUEST_TYPE_NAME = /(?:Params?|Input|Query|Request|Options|Filters?|Args|Arguments|Body|Payload)$/;
const MANY = /\[\]\s*>*\s*$|^\s*(?:readonly\s+)?(?:Promise<\s*)?(?:Array|ReadonlyArray)</;

export function valueOfDeclaredType(program: Program, typeText: string | null, evaluator?: Evaluator): Value | null {
  if (!typeText) return null;
  return (
    dnsRecordOfNamedType(program, typeText, evaluator) ??
    sdkValueOfType(program, typeText) ??
    (evaluator ? (recordOfShape(evaluator, program, typeText) ?? instanceOfType(evaluator, program, typeText)) : null)
  );
}

/** Whether a type's members include one of the API's DNS record's own fields (`type`, `name`, `content`, `data`), as a type modelling one does. */
export const declaresDnsRecordField = (members: readonly string[]): boolean => ["type", "name", "content", "data"].some((field) => members.includes(field));

/**
 * DNS records named by a type (`DnsRecord[]`, see `dnsRecordValueOfType`), unless the project
 * declares a type of that name shaped otherwise: zonekeeper's own table row `interface DnsRecord
 * { id: number; zone_id: number; record_name: string; record_type: string; … }`, whose `zone_id`
 * is its own column, not the field the API removed. A type whose declaration is not in sight
 * (the SDK's, a checker's name) is taken by its name.
 */
export function dnsRecordOfNamedType(program: Program, typeText: string | null, evaluator?: Evaluator): Value | null {
  const named = dnsRecordValueOfType(typeText);
  if (!named || !evaluator) return named;
  const members = declaredMembers(evaluator, program, typeText!);
  return members === undefined || declaresDnsRecordField(members) ? named : null;
}

/**
 * The members of the interface or object type alias a type text names, declared in this module
 * or one it imports (by name or through a namespace: `types.HostRecord` after `import * as types
 * from "./types"`); `undefined` when not in sight (the SDK's types are not read).
 */
function declaredMembers(evaluator: Evaluator, program: Program, typeText: string): readonly string[] | undefined {
  const match = TYPE_NAME.exec(typeText);
  if (!match) return undefined;
  const [, first, member] = match as unknown as [string, string, string | undefined];
  const own = member === undefined ? program.typeDeclarations.get(first) : undefined;
  if (own) return own;
  const binding = program.moduleScope.lookup(first);
  if (binding?.source.kind !== "import" || isSdkModule(binding.source.source)) return undefined;
  const { source, imported } = binding.source;
  if (member !== undefined && imported !== "*") return undefined;
  return loadModule(evaluator, program, source, imported === "*" ? undefined : imported)?.typeDeclarations.get(member ?? imported);
}

/**
 * A type whose properties are a DNS record's, whatever it is called: `type`, `content` or
 * `name`, `proxied` or `ttl`, `zone_id` or `zone_name`, and one of `content`, `proxied`, `data` (an
 * interface, object type alias or Rust struct of
 * this module or one it imports, by name or through a namespace: `types.HostRecord` after
 * `import * as types from "./types"`).
 */
function recordOfShape(evaluator: Evaluator, program: Program, typeText: string): Value | null {
  const match = TYPE_NAME.exec(typeText);
  if (!match) return null;
  const name = match[2] ?? match[1]!;
  // What is sent (`RecordListParams`, `CreateRecordInput`) carries `zone_id` as a path parameter.
  if (REQUEST_TYPE_NAME.test(name)) return null;
  const members = declaredMembers(evaluator, program, typeText);
  if (!members) return null;
  const has = (...names: string[]) => names.some((member) => members!.includes(member));
  // `content`, `proxied` or `data` too: other providers' records have a type, a name, a TTL and a zone
  // id (Huawei Cloud's recordsets, `records` for the content), this API's have those.
  if (!(has("type") && has("content", "name") && has("proxied", "ttl") && has("zone_id", "zone_name") && has("content", "proxied", "data"))) return null;
  return { kind: MANY.test(typeText) ? "records" : "record", srv: false, via: `type ${name}, shaped as a DNS record` };
}

/** A PHP class named with its namespace (`\GuzzleHttp\Client`, `?Client`), as the PHP front end binds it. */
const PHP_QUALIFIED_TYPE = /^\s*\??(\\?[A-Za-z_][\w]*(?:\\[A-Za-z_]\w*)+)\s*$/;

/**
 * `api: ZonesApi` (Go: `c *Client`, PHP: `Client $http`) where `ZonesApi` is a class of the
 * project: an instance of it; Guzzle's `Client`: a client of it, its base address not known.
 */
function instanceOfType(evaluator: Evaluator, program: Program, typeText: string): Value | null {
  const qualified = PHP_QUALIFIED_TYPE.exec(typeText)?.[1];
  const match = qualified ? null : TYPE_NAME.exec(typeText);
  if (!qualified && (!match || match[2])) return null;
  const binding = program.moduleScope.lookup(qualified ?? match![1]!);
  if (!binding || (binding.source.kind !== "class" && binding.source.kind !== "import")) return null;
  const value = evaluator.binding(program, binding, null);
  if (isGuzzleClientClass(value)) {
    return { kind: "client", library: "guzzle", base: null, method: null, path: [] };
  }
  return value.kind === "class" ? { kind: "instance", cls: value.cls, program: value.program } : null;
}

export function isSdkModule(specifier: string): boolean {
  return specifier === "cloudflare" || specifier.startsWith("cloudflare/");
}

function sdkValueOfType(program: Program, typeText: string): Value | null {
  const match = TYPE_NAME.exec(typeText);
  if (!match) return null;
  const [, name, member] = match as unknown as [string, string, string | undefined];
  const binding = program.moduleScope.lookup(name);
  let typeName: string;
  if (binding) {
    // A name the file declares or imports from elsewhere is not the SDK's.
    if (binding.source.kind !== "import" || !isSdkModule(binding.source.source)) return null;
    const imported = binding.source.imported;
    // `import Cloudflare from "cloudflare"` then `Cloudflare.RateLimits`, or `import * as CF`
    typeName = member ?? (imported === "default" || imported === "*" ? "Cloudflare" : imported);
  } else {
    if (member || !SDK_CLIENT_TYPES.has(name)) return null;
    typeName = name;
  }
  if (SDK_CLIENT_TYPES.has(typeName)) return { kind: "client", library: "cloudflare", base: text(API_BASE_URL), method: null, path: [] };
  const resource = SDK_RESOURCE_OF_CLASS[typeName];
  return resource ? { kind: "client", library: "cloudflare", base: text(API_BASE_URL), method: null, path: resource.split(".") } : null;
}
