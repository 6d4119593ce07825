/**
 * Which calls make requests: directly through a library, through a project's own wrapper (a
 * function whose body makes the request with the call's arguments, followed a few levels deep),
 * or as a call we do not know that is given a path (a project's client, or a route definition).
 */
import type { HttpMethod } from "../../catalogue/types.js";
import type { CallExpression, ClassNode, Expression, FunctionNode, JsxElement, NewExpression, Node } from "../ir.js";
import { MESSAGE_CALLEES, ROUTE_METHOD_NAMES, isAssertionName, methodChoicesOf, methodFromText, type MethodChoices } from "../libraries.js";
import type { Program } from "../program.js";
import { parseUrl } from "../url.js";
import { UNKNOWN, isHole, partsOf, staticText, stringValue, type Env, type LibraryName, type ObjectValue, type RequestInfo, type StringValue, type Value } from "../values.js";
import { forEachChild } from "../walk.js";
import { MAX_CALL_DEPTH, type Evaluator } from "./evaluator.js";
import { writtenProperty } from "./library-calls.js";
import { mayRun } from "./conditions.js";
import { inheritedMethods } from "./classes.js";

const HTTP_METHOD_TEXT = /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|get|post|put|patch|delete|head|options)$/;

export interface RequestFields {
  library: RequestInfo["library"];
  url: StringValue | null;
  method: HttpMethod | null;
  /** The methods it may send when the code gives a choice of them (see `RequestInfo.methodChoices`). */
  methodChoices?: MethodChoices | null;
  body: Value | null;
  sdk?: boolean;
  routeDefinition?: boolean;
  note?: string | null;
}

export function makeRequest(evaluator: Evaluator, program: Program, call: CallExpression | NewExpression, fields: RequestFields): RequestInfo {
  return {
    library: fields.library,
    url: fields.url,
    method: fields.method,
    ...(fields.method === null && fields.methodChoices ? { methodChoices: fields.methodChoices.methods, ...(fields.methodChoices.by ? { methodsBy: fields.methodChoices.by } : {}) } : {}),
    body: fields.body,
    call,
    program,
    sdk: fields.sdk ?? false,
    routeDefinition: fields.routeDefinition ?? false,
    note: fields.note ?? null,
    dnsRecords: fields.url ? dnsRecordsOf(evaluator, fields.url) : null,
  };
}

function dnsRecordsOf(evaluator: Evaluator, url: StringValue): { single: boolean; srv: boolean } | null {
  const endpoints = evaluator.context.catalogue.dnsRecordEndpoints;
  const shape = parseUrl(url.parts, endpoints.anchors);
  if (!shape) return null;
  const matches = endpoints.match(shape.segments.map((segment) => segment.value));
  if (matches.length === 0) return null;
  return { single: matches[0]!.path.split("/").length > 4, srv: SRV_QUERY.test(url.parts.map((part) => (isHole(part) ? "\0" : part.text)).join("")) };
}

/** A query string that asks for SRV records only (`…/dns_records?type=SRV&per_page=100`). */
const SRV_QUERY = /[?&]type=SRV(?:&|$)/;

/** Libraries whose functions put strings together (see `computesString`). */
const STRING_LIBRARIES: ReadonlySet<LibraryName> = new Set(["path", "url", "util"]);
/**
 * Global functions that give a value and request nothing (those `globalFunctionCall` answers; a
 * name test, not that call: it would load the module a `require` names just to say no), and
 * `super(…)`, a superclass's constructor (see `classMember`).
 */
const GLOBAL_VALUE_FUNCTIONS: ReadonlySet<string> = new Set(["String", "structuredClone", "encodeURIComponent", "encodeURI", "escape", "decodeURIComponent", "decodeURI", "require", "import", "super"]);

export class RequestFinder {
  private readonly callsInFunction = new WeakMap<FunctionNode, CallExpression[]>();
  private readonly requestCalls = new WeakMap<FunctionNode, CallExpression[] | null>();

  constructor(private readonly evaluator: Evaluator) {}

  /**
   * The requests a call makes: directly through a library, or through a project's own wrapper
   * (a function whose body makes the request with this call's arguments). Route definitions and
   * bare calls with a path argument come back with `library: "unknown"`.
   */
  requestsOf(program: Program, node: CallExpression, env: Env | null = null, depth = 0): RequestInfo[] {
    const evaluator = this.evaluator;
    // A function run where it is written, given nothing (`(async () => { … })()`, a Python
    // comprehension): its requests are found where they are written, with the same values. (A
    // wrapper followed from its caller still follows it.)
    if (depth === 0 && node.callee.kind === "function" && node.args.length === 0) return [];
    const called = evaluator.call(program, node, env);
    if (called.request) return [called.request];
    // A step that builds a client (`axios.create(…)`, wretch's `.url(path)`, Laravel's `Http::baseUrl(…)`) requests nothing yet.
    if (called.result.kind === "client") return [];
    const target = evaluator.callTarget(program, node, env);
    if (target && depth < MAX_CALL_DEPTH - 1) {
      const { fn: callee, args, self } = target;
      if (!this.makesRequests(callee.program, callee.fn)) {
        // A function that shows no request is no request (`buildUrl(path)`), unless its name says
        // it is one (`client.get(path)` of a client whose transport is out of sight).
        const generic = methodOfCalleeName(calleeNameOf(node)) !== null ? this.genericRequest(program, node, env) : null;
        return generic ? [generic] : [];
      }
      const inner = evaluator.callEnv(callee, args, env, self)!;
      const found: RequestInfo[] = [];
      // A wrapper named for its verb (`$client->patch($path)`, `getZones()`): its requests whose method
      // is not seen inside (set on a property array, `$this->args['method'] = …`) use that verb. Not
      // one whose body chooses among methods it shows (`let method = "GET"; if (body) method = "POST"`
      // in a function named `post`): those are what it may send.
      const named = methodOfCalleeName(calleeNameOf(node));
      for (const innerCall of this.requestCallsIn(callee.program, callee.fn)) {
        // Not one behind a branch these arguments rule out (`match ($method) { 'GET' => $http->get($url), … }`).
        if (!mayRun(evaluator, callee.program, callee.fn, innerCall, inner)) continue;
        for (const request of this.requestsOf(callee.program, innerCall, inner, depth + 1)) {
          if (request.library === "unknown" && !isClientCallRequest(request)) continue;
          found.push({ ...request, ...(request.method === null && !request.methodChoices && named !== null ? { method: named } : {}), call: node, program });
        }
      }
      // A wrapper too deep to follow to its URL (an SDK's own client core): read the call as given.
      if (found.length > 0 && found.every((request) => request.url === null)) {
        const generic = this.genericRequest(program, node, env);
        if (generic) return [generic];
      }
      // Followed to nothing with these arguments (its transport out of sight): as a function that
      // shows no request, the call as given when its name says it is one (`$this->getRequest($uri)`).
      if (found.length === 0 && methodOfCalleeName(calleeNameOf(node)) !== null) {
        const generic = this.genericRequest(program, node, env);
        return generic ? [generic] : [];
      }
      return found;
    }
    // `util.format("/zones/%s/…", zone)`, `path.join(…)`: a string put together, not a request.
    if (this.computesString(program, node, env)) return [];
    const generic = this.genericRequest(program, node, env);
    return generic ? [generic] : [];
  }

  /**
   * The response of a call on a client the evaluator does not know (`this.http.get(url)`, an
   * injected `api.get(url)`), when it is a call named for its verb that asks for DNS records: what
   * is read from it is read from DNS records. Null for any other call (asked of many: a cheap test
   * of the path first).
   */
  unknownClientResponse(program: Program, node: CallExpression, env: Env | null): Value | null {
    const first = node.args[0];
    if (!first || methodOfCalleeName(calleeNameOf(node)) === null) return null;
    const path = this.evaluator.value(program, first, env);
    if (path.kind !== "string" || !path.parts.some((part) => !isHole(part) && part.text.includes("dns_records"))) return null;
    const request = this.genericRequest(program, node, env);
    return request?.dnsRecords && !request.routeDefinition ? { kind: "response", request } : null;
  }

  /**
   * Whether the callee only computes a value: a function of a library that puts strings together
   * (`path`, `url`, `util`), or a global one (`String(…)`, `encodeURIComponent(…)`, `require(…)`).
   */
  private computesString(program: Program, node: CallExpression, env: Env | null): boolean {
    if (node.callee.kind === "identifier" && GLOBAL_VALUE_FUNCTIONS.has(node.callee.name) && !program.resolve(node.callee)) return true;
    const callee = this.evaluator.value(program, node.callee, env);
    return callee.kind === "library" && STRING_LIBRARIES.has(callee.library);
  }

  /**
   * The requests the methods `cls` inherits make when run on one of its instances (a base class's
   * `getValue()` reading `$this->_endpoint`, which the class sets: `protected $_endpoint =
   * "settings/brotli"`), with no arguments known.
   */
  inheritedRequests(program: Program, cls: ClassNode): RequestInfo[] {
    const self: Value = { kind: "instance", cls, program };
    const found: RequestInfo[] = [];
    for (const method of inheritedMethods(this.evaluator, program, cls)) {
      const env: Env = { values: new Map([[method.fn, []]]), parent: null, depth: 1, self };
      for (const call of this.requestCallsIn(method.program, method.fn)) {
        if (!mayRun(this.evaluator, method.program, method.fn, call, env)) continue;
        for (const request of this.requestsOf(method.program, call, env, 1)) found.push({ ...request, inherited: true });
      }
    }
    return found;
  }

  /**
   * The calls inside a function that make requests: through a library, or through another
   * function that does. Computed once per function, without arguments, so that following
   * wrappers costs the number of request paths, not the size of the call graph.
   */
  private requestCallsIn(program: Program, fn: FunctionNode): CallExpression[] {
    const known = this.requestCalls.get(fn);
    if (known !== undefined) return known ?? [];
    this.requestCalls.set(fn, null); // recursion guard: a cycle makes no requests of its own
    const found = this.callsIn(fn).filter((call) => {
      if (this.evaluator.call(program, call, null).request) return true;
      // `RestClient.get(API + path)`, `this.http.post(url, body)`: a client out of sight, given a URL.
      if (call.callee.kind === "member" && saysItRequests(call)) {
        const generic = this.genericRequest(program, call, null);
        if (generic && isClientCallRequest(generic)) return true;
      }
      const callee = this.evaluator.callTarget(program, call, null)?.fn;
      return callee !== undefined && callee.fn !== fn && this.makesRequests(callee.program, callee.fn);
    });
    this.requestCalls.set(fn, found);
    return found;
  }

  private makesRequests(program: Program, fn: FunctionNode): boolean {
    return this.requestCallsIn(program, fn).length > 0;
  }

  private callsIn(fn: FunctionNode): CallExpression[] {
    let calls = this.callsInFunction.get(fn);
    if (!calls) {
      const found: CallExpression[] = [];
      /** Functions given to JSX elements (`onClick={() => …}`): the framework calls them, with what this function gave them. */
      const handlers = new Set<Node>();
      const collect = (node: Node, parent: Node) => {
        if (node.kind === "call") found.push(node);
        if ((node.kind === "call" && node.jsx) || node.kind === "jsx") for (const handler of jsxHandlers(node)) handlers.add(handler);
        if (node.kind === "call") for (const handler of fetchingOptions(node)) handlers.add(handler);
        // A function written inside runs when something calls it: given to a call as a callback
        // (`ids.forEach((id) => fetch(…))`, `.then(…)`, `new Promise(…)`), called where it is
        // written, given to a JSX element, or a query library's `queryFn`. One stored in an
        // object or returned (an MCP tool's `handler`, a route table) runs later, when whoever
        // holds it calls it (followed from there), not when this runs.
        if (node.kind === "function" && !runsWhereWritten(node, parent) && !handlers.has(node)) return;
        forEachChild(node, collect, node);
      };
      forEachChild(fn, collect, fn as Node);
      this.callsInFunction.set(fn, (calls = found));
    }
    return calls;
  }

  /**
   * A call we do not know that is given a path: a project's own client, or a route definition.
   * The path is a string argument, a list of segments (`api.patch(['zones', id, 'settings',
   * name])`), or the `url`/`path`/`uriPath`/`endpoint` of an options object; the method is a
   * method-name argument, the options' `method`, or the callee's name.
   */
  private genericRequest(program: Program, node: CallExpression, env: Env | null): RequestInfo | null {
    const evaluator = this.evaluator;
    const calleeName = calleeNameOf(node);
    if (calleeName !== null && (MESSAGE_CALLEES.has(calleeName) || isAssertionName(calleeName))) return null;
    // `request("GET", "/zones/…")`: a method name given as a string is the method, not the URL.
    const values = node.args.map((arg) => (arg.kind === "function" ? UNKNOWN : evaluator.value(program, arg, env)));
    const methodArgument = values.findIndex((value) => HTTP_METHOD_TEXT.test(staticText(value) ?? ""));
    // Of several texts (`invoke(account, "FIREWALL", "LIST_RULE", HttpMethod.GET, "/zones/" + id + "/firewall/rules")`), the one written as a path.
    const texts = values.flatMap((value, index) => (value.kind === "string" && index !== methodArgument ? [index] : []));
    let urlIndex = texts.find((index) => writesPath(values[index] as StringValue)) ?? texts[0] ?? -1;
    let url: StringValue | null = urlIndex === -1 ? null : (values[urlIndex] as StringValue);
    let options = values.slice(urlIndex + 1).find((value) => value.kind === "object");
    if (!url) {
      urlIndex = values.findIndex((value) => value.kind === "array" || value.kind === "object");
      const container = values[urlIndex];
      // A list of segments is a path only for a call that names its method (`api.patch([...])`),
      // not for `Object.freeze(['user', 'billing', 'history'])`.
      if (container?.kind === "array" && (methodArgument !== -1 || methodOfCalleeName(calleeName) !== null)) url = joinedSegments(container);
      else if (container?.kind === "object") {
        // `{ method: "put", uriPath: … }`; or, for a call that names its method, the path alone (`cf_get(path: …)`).
        url = urlOfOptions(container, calleeName === "ajax") ?? (methodOfCalleeName(calleeName) !== null ? urlOfKeys(container) : null);
        options = container;
      }
      if (!url) return null;
    }
    const routeDefinition =
      calleeName !== null &&
      ROUTE_METHOD_NAMES.has(calleeName.toLowerCase()) &&
      node.args.slice(urlIndex + 1).some((arg) => arg.kind === "function" || (arg.kind === "identifier" && evaluator.value(program, arg, env).kind === "function"));
    let methodValue = methodArgument === -1 ? undefined : values[methodArgument];
    let method = methodArgument === -1 ? methodOfCalleeName(calleeName) : methodFromText(staticText(methodValue));
    if (options?.kind === "object") {
      // jQuery names the method `type` (`$.ajax({ url, type: "PATCH" })`).
      const written = writtenProperty(evaluator, options, "method") ?? (calleeName === "ajax" ? options.get("type") : undefined);
      if (written) [method, methodValue] = [methodFromText(staticText(written)), written];
    }
    return makeRequest(evaluator, program, node, { library: "unknown", url, method, methodChoices: methodChoicesOf(methodValue), body: null, routeDefinition });
  }
}

const URL_OPTION_KEYS = ["url", "uri", "uriPath", "path", "pathname", "endpoint", "resource"];

/** Whether a text's written parts hold a `/` (a path or an address), not a word (`"FIREWALL"`). */
function writesPath(value: StringValue): boolean {
  return value.parts.some((part) => !isHole(part) && part.text.includes("/"));
}

/**
 * A call of a client we cannot see that says it sends a request: by its name (`RestClient.get(url)`,
 * `http.post(url, body)`) or with an options object that names the method (`execute(method: verb,
 * url: …)`), given a URL. Inside a wrapper, a request made with the wrapper's arguments.
 */
function isClientCallRequest(request: RequestInfo): boolean {
  return request.library === "unknown" && !request.routeDefinition && request.url !== null && saysItRequests(request.call);
}

/** A call named for its verb or jQuery's `ajax`, or given an options object that names a `method`: read from the code alone. */
function saysItRequests(call: { callee: Expression; args: Expression[] }): boolean {
  const name = calleeNameOf(call);
  return methodOfCalleeName(name) !== null || name === "ajax" || call.args.some((arg) => arg.kind === "object" && arg.properties.some((property) => property.kind === "property" && property.key === "method"));
}

/**
 * The URL of an options object that names one beside a `method` (`{ method: "put", uriPath: "…" }`),
 * or, given to jQuery's `$.ajax`, beside its `type` (`{ url, type: "PATCH" }`).
 */
function urlOfOptions(options: ObjectValue, ajax: boolean): StringValue | null {
  return options.get("method") !== undefined || (ajax && options.get("type") !== undefined) ? urlOfKeys(options) : null;
}

/** The text under one of the keys that name a URL (`url`, `path`, `endpoint`…). */
function urlOfKeys(options: ObjectValue): StringValue | null {
  for (const key of URL_OPTION_KEYS) {
    const value = options.get(key);
    if (value?.kind === "string") return value;
  }
  return null;
}

/** `['zones', zoneId, 'settings', 'minify']` as the path `zones/…/settings/minify`, when it names a segment. */
function joinedSegments(list: Extract<Value, { kind: "array" }>): StringValue | null {
  const elements = list.elements();
  if (elements.length < 2 || elements.length > 16) return null;
  if (!elements.some((element) => element.kind === "string")) return null;
  if (!elements.every((element) => element.kind === "string" || element.kind === "number" || element.kind === "unknown")) return null;
  return stringValue(elements.flatMap((element, index) => [...(index > 0 ? [{ text: "/", origin: null }] : []), ...partsOf(element, null)]));
}

function calleeNameOf(node: { callee: Expression }): string | null {
  return node.callee.kind === "member" ? node.callee.property : node.callee.kind === "identifier" ? node.callee.name : null;
}

/**
 * `get`, `post` … or a name that starts with one (`getAPIList`, `postJson`, `delete_record`) or
 * ends with one after a word (`cf_get`, `api_patch`, `httpGet`; not `budget` or `widget`), after
 * the underscores that mark a helper private (`_get_api_list`, the generated Python SDK's lists).
 */
function methodOfCalleeName(written: string | null): HttpMethod | null {
  if (written === null) return null;
  const name = written.replace(/^_+/, "");
  const exact = methodFromText(name);
  if (exact) return exact;
  const verb = /^(get|post|put|patch|delete)(?=[A-Z_])|_(get|post|put|patch|delete)$|[a-z0-9](Get|Post|Put|Patch|Delete)$/.exec(name);
  return verb ? methodFromText((verb[1] ?? verb[2] ?? verb[3])!.toLowerCase()) : null;
}

/**
 * The options of a query library whose functions it calls with what the caller gave them
 * (TanStack Query's and RTK Query's `queryFn`, `mutationFn`: `useQuery({ queryKey, queryFn: () =>
 * fetch(…) })`), written in an object given to the call.
 */
const FETCHING_OPTIONS: ReadonlySet<string> = new Set(["queryFn", "mutationFn"]);

function fetchingOptions(call: CallExpression): Node[] {
  return call.args.flatMap((arg) =>
    arg.kind === "object" ? arg.properties.flatMap((property) => (property.kind === "property" && property.key !== null && FETCHING_OPTIONS.has(property.key) && property.value.kind === "function" ? [property.value] : [])) : [],
  );
}

/** The functions a JSX element is given: its attributes' (props') values and its children. */
function jsxHandlers(element: CallExpression | JsxElement): Node[] {
  const values =
    element.kind === "jsx"
      ? [...element.attributes.map((attribute) => attribute.value), ...element.children]
      : element.args[0]?.kind === "object"
        ? element.args[0].properties.map((property) => (property.kind === "property" ? property.value : property.argument))
        : [];
  return values.filter((value): value is Expression => value?.kind === "function");
}

/** Whether a function written inside another runs when that one does: a callback given to a call or `new`, or called where it is written. */
function runsWhereWritten(fn: Node, parent: Node): boolean {
  if (parent.kind === "call") return parent.callee === fn || parent.args.includes(fn as Expression);
  if (parent.kind === "new") return parent.args.includes(fn as Expression);
  return false;
}
