/**
 * The Terraform provider driven from a general-purpose language: Pulumi's Cloudflare package
 * (`new cloudflare.ZoneSettingsOverride("zone", { settings: { minify: … } })`; in Python
 * `cloudflare.ZoneSettingsOverride("zone", settings=…)`) and CDK for Terraform's (`new
 * ZoneSettingsOverride(this, "zone", { … })`). Both are generated from the Terraform provider: a
 * resource class is the Terraform resource of the same name in snake case (`RateLimit` is
 * `cloudflare_rate_limit`), its arguments are the resource's attributes (in camel case in
 * JavaScript), and a `get…` (`get_…`) function is its data source. Each makes the requests the Terraform
 * resource makes (terraform-resources.ts).
 */
import type { HttpMethod } from "../../catalogue/types.js";
import type { CallExpression, Expression, NewExpression, StringLiteral } from "../ir.js";
import { API_BASE_URL } from "../libraries.js";
import type { Program } from "../program.js";
import { TERRAFORM_DATA_SOURCES, TERRAFORM_RESOURCES, TERRAFORM_SETTING_RESOURCE, TERRAFORM_SETTINGS_RESOURCE } from "../terraform-resources.js";
import { UNKNOWN, partsOf, stringValue, type Env, type ObjectValue, type RequestInfo, type StringPart, type Value } from "../values.js";
import type { Evaluator } from "./evaluator.js";
import { makeRequest } from "./requests.js";

/** What a call or `new` of the provider's package gives: the request a resource makes, or what an `…Args` class holds. */
export function providerCall(evaluator: Evaluator, program: Program, node: CallExpression | NewExpression, path: readonly string[], env: Env | null): { result: Value; request: RequestInfo | null } {
  const name = path.at(-1);
  if (!name || !/^[A-Za-z]/.test(name)) return { result: UNKNOWN, request: null };
  const args = evaluator.args(program, node, env);
  // `ZoneSettingsOverrideSettingsArgs(minify=…)`: the attributes it is given (Python's keywords).
  if (name.endsWith("Args")) return { result: args.find(isRecordOf) ?? UNKNOWN, request: null };
  // `getWafPackages(…)`, Python's `get_waf_packages(…)`: a data source.
  const dataSource = node.kind === "call" && /^get(?:[A-Z]|_[a-z])/.test(name);
  const type = `cloudflare_${snakeCase(dataSource ? name.slice(3).replace(/^_/, "") : name)}`;
  const config = args.find(isRecordOf) ?? null;
  let url: Value | null = null;
  let method: HttpMethod | null = null;
  if (!dataSource && type === TERRAFORM_SETTINGS_RESOURCE) {
    const settings = config ? attribute(config, "settings") : undefined;
    url = settings?.kind === "object" ? settingsUrl(settings) : null;
  } else if (!dataSource && type === TERRAFORM_SETTING_RESOURCE) {
    const id = config ? attribute(config, "settingId") : undefined;
    url = id ? stringValue([...routeParts("/zones/:zone_id/settings/"), ...partsOf(id, "settingId")]) : null;
  } else {
    const route = (dataSource ? TERRAFORM_DATA_SOURCES : TERRAFORM_RESOURCES)[type];
    if (route) {
      url = stringValue(routeParts(route.path));
      // A resource is created, read, updated and deleted through its endpoint: every method it has.
      method = dataSource ? route.method : null;
    }
  }
  if (url?.kind !== "string") return { result: UNKNOWN, request: null };
  return { result: UNKNOWN, request: makeRequest(evaluator, program, node, { library: "terraform-provider", url, method, body: null, sdk: true }) };
}

const isRecordOf = (value: Value): value is ObjectValue => value.kind === "object" && !value.map;

/** An attribute given in camel case (JavaScript) or snake case (Python). */
function attribute(config: ObjectValue, camel: string): Value | undefined {
  return config.get(camel) ?? config.get(snakeCase(camel));
}

/**
 * `settings: { minify: {…}, mobileRedirect: {…} }`: a settings endpoint for each setting, written
 * where its name is written (the name in snake case, as the API spells it).
 */
function settingsUrl(settings: ObjectValue): Value | null {
  const choices: StringPart[][] = settings.keys().map((key) => [{ text: snakeCase(key), origin: keyOrigin(settings, key) }]);
  if (choices.length === 0) return null;
  return stringValue([...routeParts("/zones/:zone_id/settings/"), { hole: true, hint: "setting", choices }]);
}

/** Where a key of an object literal is written, as a string of its own (the finding's place). */
function keyOrigin(object: ObjectValue, key: string): { program: Program; node: Expression } | null {
  if (!object.node || !object.program) return null;
  const property = object.node.properties.find((candidate) => candidate.kind === "property" && candidate.key === key);
  if (!property || property.kind !== "property") return null;
  const node: StringLiteral = { kind: "string", range: property.keyRange, value: snakeCase(key) };
  return { program: object.program, node };
}

/** The API's URL of a route, its `:params` unknown. */
function routeParts(path: string): StringPart[] {
  const parts: StringPart[] = [{ text: API_BASE_URL, origin: null }];
  for (const piece of path.split(/(:[a-z_]+)/)) {
    if (piece.startsWith(":")) parts.push({ hole: true, hint: piece.slice(1) });
    else if (piece) parts.push({ text: piece, origin: null });
  }
  return parts;
}

/** `ZoneSettingsOverride` → `zone_settings_override`, `mobileRedirect` → `mobile_redirect`; snake case stays. */
export function snakeCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/([A-Z])([A-Z][a-z])/g, "$1_$2").toLowerCase();
}
