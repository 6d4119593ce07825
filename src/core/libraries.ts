/**
 * Declarative knowledge of request libraries: which module names they come from, which method
 * names mean which HTTP method, and where each takes its URL, options and body.
 */
import type { HttpMethod } from "../catalogue/types.js";
import { nameTable } from "./name-table.js";
import { staticText, type LibraryName, type RequestInfo, type Value } from "./values.js";

/** The API's own base URL, used when the SDK makes the request. */
export const API_BASE_URL = "https://api.cloudflare.com/client/v4";
export const DEFAULT_API_HOSTS: readonly string[] = ["api.cloudflare.com"];

export const LIBRARY_OF_MODULE: Readonly<Record<string, LibraryName>> = nameTable({
  axios: "axios",
  got: "got",
  ky: "ky",
  "ky-universal": "ky",
  undici: "undici",
  "node-fetch": "fetch",
  "cross-fetch": "fetch",
  "isomorphic-fetch": "fetch",
  "isomorphic-unfetch": "fetch",
  unfetch: "fetch",
  "make-fetch-happen": "fetch",
  http: "http",
  https: "http",
  "node:http": "http",
  "node:https": "http",
  superagent: "superagent",
  // The `request` package (deprecated, still in much older code) and its forks; the promise
  // wrappers give the body itself.
  request: "request",
  "postman-request": "request",
  "@cypress/request": "request",
  requestretry: "request",
  "request-promise": "request-promise",
  "request-promise-native": "request-promise",
  "request-promise-any": "request-promise",
  ofetch: "ofetch",
  ohmyfetch: "ofetch",
  wretch: "wretch",
  cloudflare: "cloudflare",
  "cloudflare/tree-shakable": "cloudflare",
  // PHP's HTTP clients, imported as classes (`use GuzzleHttp\Client;`, Laravel's `Http` facade).
  "php:GuzzleHttp\\Client": "guzzle",
  "php:Illuminate\\Support\\Facades\\Http": "laravel-http",
  "php:Http": "laravel-http",
  // The Terraform provider made into packages (see evaluator/providers.ts): Pulumi's, CDK for Terraform's.
  "@pulumi/cloudflare": "terraform-provider",
  "@cdktf/provider-cloudflare": "terraform-provider",
  "python:pulumi_cloudflare": "terraform-provider",
  "python:cdktf_cdktf_provider_cloudflare": "terraform-provider",
  path: "path",
  "node:path": "path",
  "path/posix": "path",
  "node:path/posix": "path",
  url: "url",
  "node:url": "url",
  util: "util",
  "node:util": "util",
  // Not a request library: its wrappers of components and callbacks (`memo(Card)`, `useCallback(fn, deps)`) are the function they wrap.
  react: "react",
  "preact/compat": "react",
  // Not a request library either: its hooks call the fetcher they are given with the key (`useSWR(key, fetcher)`).
  swr: "swr",
  "swr/immutable": "swr",
  "swr/mutation": "swr",
  // Programs run by Node (curl among them: `execFileSync("curl", ["-X", "PATCH", url])`).
  child_process: "child-process",
  "node:child_process": "child-process",
});

/** The library a module specifier names: the table's, or a module inside CDK for Terraform's package (`@cdktf/provider-cloudflare/lib/record`). */
/**
 * The import source a PHP file names a class of another file by: its fully qualified name after
 * this prefix (`php:CF\API\Client`), found through the project's autoload map.
 */
export const PHP_CLASS_SOURCE = "php:";

/**
 * The import source a C# file names a type of another file by (`cs:ZoneEndpoints@…`): the type's
 * name with the namespaces in scope where it is named (see `csharpTypeImports`).
 */
export const CSHARP_TYPE_SOURCE = "cs:";

/**
 * The import source a Python file names a module by (`python:.client`, `python:cloudflare_consts`):
 * a module of the project when one is found there, else a package (unknown, or a library).
 */
export const PYTHON_MODULE_SOURCE = "python:";

/**
 * The import source a Ruby file loads a file by (`ruby:cloudflare/http_client` for `require`,
 * `ruby:./client` for `require_relative`): a file of the project when one is found there (see
 * `RubyFeatureResolver`), else a gem (unknown).
 */
export const RUBY_FEATURE_SOURCE = "ruby:";

/**
 * The import source a Go file names a declaration of another file of its package by
 * (`go-package:Client@main`): the name, and the package it is declared in (see `goPackageImports`).
 */
export const GO_PACKAGE_SOURCE = "go-package:";

/** Whether an import may name a file of the project: a relative path, a PHP class, a C# type, a Python module, a Ruby file or a Go package's declaration. */
export const isProjectSource = (specifier: string) =>
  specifier.startsWith(GO_PACKAGE_SOURCE) ||
  specifier.startsWith(".") ||
  specifier.startsWith("/") ||
  specifier.startsWith(PHP_CLASS_SOURCE) ||
  specifier.startsWith(CSHARP_TYPE_SOURCE) ||
  specifier.startsWith(PYTHON_MODULE_SOURCE) ||
  specifier.startsWith(RUBY_FEATURE_SOURCE);

export function libraryOfModule(specifier: string): LibraryName | undefined {
  return LIBRARY_OF_MODULE[specifier] ?? (/^(?:@cdktf\/provider-cloudflare|python:cdktf_cdktf_provider_cloudflare|python:pulumi_cloudflare)[/.]/.test(specifier) ? "terraform-provider" : undefined);
}

/** Global names that are request libraries when nothing in the file declares them. */
export const GLOBAL_LIBRARIES: Readonly<Record<string, LibraryName>> = nameTable({
  fetch: "fetch",
  axios: "axios",
  ky: "ky",
  // Nuxt's and Nitro's, made with ofetch: `$fetch(url, { baseURL, method })`, `useFetch(url, …)`.
  $fetch: "ofetch",
  useFetch: "ofetch",
  useLazyFetch: "ofetch",
});

/**
 * The containers of this API's paths that the generated SDKs take by name (`{ zone_id }` in
 * TypeScript, `zone_id=…` in Python): in every call of a zone's or account's resource, and never a
 * route's own argument.
 */
export const SDK_CONTAINER_PARAMS: ReadonlySet<string> = new Set(["zone_id", "account_id", "organization_id", "user_id"]);

/** Objects whose `fetch` member is the global fetch. */
export const GLOBAL_OBJECTS = new Set(["window", "globalThis", "self", "global"]);

export const METHOD_OF_NAME: Readonly<Record<string, HttpMethod>> = nameTable({
  get: "GET",
  post: "POST",
  put: "PUT",
  patch: "PATCH",
  delete: "DELETE",
  del: "DELETE",
  head: "HEAD",
  options: "OPTIONS",
});

/** Methods whose second argument is the body (axios and the SDK's raw methods). */
export const BODY_SECOND = new Set(["post", "put", "patch"]);

export function methodFromText(text: string | null): HttpMethod | null {
  if (text === null) return null;
  return METHOD_OF_NAME[text.toLowerCase()] ?? null;
}

/**
 * The methods a value may be when it is one of several texts each naming one (`$id ? 'PUT' :
 * 'POST'`), two or more; `null` otherwise (one method, or not all known).
 */
export function methodChoicesOf(value: Value | undefined): MethodChoices | null {
  if (value?.kind !== "choice") return null;
  const methods = new Set<HttpMethod>();
  const sidesOf: Partial<Record<HttpMethod, number[]>> = {};
  for (const [index, option] of value.options.entries()) {
    const method = methodFromText(staticText(option));
    if (method === null) return null;
    methods.add(method);
    if (value.by) (sidesOf[method] ??= []).push(value.by.sides[index]!);
  }
  return methods.size > 1 ? { methods: [...methods], by: value.by ? { test: value.by.test, sidesOf } : null } : null;
}

/** The methods a request may send (`{ method: id ? "PUT" : "POST" }`), and the test that chose, if one did. */
export interface MethodChoices {
  methods: HttpMethod[];
  by: NonNullable<RequestInfo["methodsBy"]> | null;
}

/** Names of functions that define server routes or test mocks when given a handler. */
export const ROUTE_METHOD_NAMES = new Set([...Object.keys(METHOD_OF_NAME), "all", "use", "route", "on", "intercept", "reply"]);

/** Methods that add their arguments to a list (JavaScript's `push`/`unshift`, Python's and Ruby's `append`). */
export const LIST_ADDERS: ReadonlySet<string> = new Set(["push", "unshift", "append"]);

/** A test's assertion (Jest/Vitest/Chai matchers, Node's, PHPUnit's and unittest's `assert*`): what it is given is expected, never requested. */
const ASSERTION_NAME = /^(?:to(?:Equal|StrictEqual|MatchObject|Be|Contain|ContainEqual|Match|HaveBeenCalledWith|HaveBeenLastCalledWith|HaveBeenNthCalledWith|BeCalledWith|HaveProperty)|(?:deep|strict|notDeep|notStrict)?(?:Strict)?Equal|eql|equals?|equalTo|identicalTo|assert[A-Z_]\w*|assert_\w+)$/;
export const isAssertionName = (name: string): boolean => ASSERTION_NAME.test(name);

/** Calls whose string arguments are messages, not requests. */
export const MESSAGE_CALLEES = new Set([
  ...["log", "info", "warn", "error", "debug", "trace", "fatal", "assert", "describe", "it", "test"],
  // the same in the other languages the scanner reads (Python, Go, PHP, Ruby)
  ...["print", "println", "printf", "Println", "Printf", "Print", "Fprintf", "Fprintln", "Errorf", "Fatalf", "Panicf", "Infof", "Warnf", "Debugf", "Logf"],
  ...["warning", "exception", "critical", "puts", "error_log", "var_dump", "print_r"],
  // adding to a list (`paths.append(f"/zones/{z}/rate_limits")`): the list is followed to where it is used
  ...LIST_ADDERS,
]);

/**
 * Array methods that pass elements to their callback, and which parameter receives the element.
 */
export const ELEMENT_CALLBACKS: Readonly<Record<string, number>> = nameTable({
  map: 0,
  forEach: 0,
  filter: 0,
  find: 0,
  findLast: 0,
  findIndex: 0,
  some: 0,
  every: 0,
  flatMap: 0,
  sort: 0,
  toSorted: 0,
  reduce: 1,
  reduceRight: 1,
});

/** Array methods that return some of the same elements. */
export const SUBSET_METHODS = new Set(["filter", "slice", "sort", "toSorted", "concat", "reverse", "toReversed", "splice"]);
/** Array methods that return one element (Ruby's `first`/`last` among them). */
export const ELEMENT_METHODS = new Set(["find", "findLast", "at", "pop", "shift", "first", "last"]);

/**
 * The Cloudflare SDK's DNS record methods (`client.dns.records.*`, and `dnsRecords.*` of the
 * older package) and what they return.
 */
export const SDK_DNS_RECORD_METHODS: Readonly<Record<string, "records" | "record">> = nameTable({
  list: "records",
  browse: "records",
  get: "record",
  read: "record",
  create: "record",
  add: "record",
  update: "record",
  edit: "record",
});

export const SDK_DNS_RECORD_PATHS: readonly (readonly string[])[] = [["dns", "records"], ["dnsRecords"]];
