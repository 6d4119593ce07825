/**
 * Calls of request libraries and their clients: fetch, axios, got, ky, undici, node's http(s),
 * superagent, plus node's `path` and `url` helpers that build URLs. Each says where the library
 * takes its URL, base, method and body; the SDK has its own module (sdk.ts).
 */
import type { HttpMethod } from "../../catalogue/types.js";
import type { CallExpression } from "../ir.js";
import { isCurl, readCurlWords } from "../curl-command.js";
import { BODY_SECOND, METHOD_OF_NAME, methodChoicesOf, methodFromText, type MethodChoices } from "../libraries.js";
import type { Program } from "../program.js";
import { UNKNOWN, concat, isHole, partsOf, staticText, stringValue, text, type Env, type ObjectValue, type RequestInfo, type StringPart, type StringValue, type Value } from "../values.js";
import type { Evaluator } from "./evaluator.js";
import { mergedObject } from "./builtins.js";
import { makeRequest } from "./requests.js";
import { providerCall } from "./providers.js";
import { sdkCall } from "./sdk.js";
import { directoryOf, joinBase, joinUrl, substituted } from "./url-values.js";

export type LibraryValue = Extract<Value, { kind: "library" | "client" }>;
export interface CallResult {
  result: Value;
  request: RequestInfo | null;
}

const EMPTY_OBJECT: ObjectValue = { kind: "object", get: () => undefined, keys: () => [], open: false, node: null, program: null };
export const NO_REQUEST: CallResult = { result: UNKNOWN, request: null };

/** Guzzle's client class (`GuzzleHttp\Client`, imported or named whole): what `new` or a typed parameter makes a client of. */
export const isGuzzleClientClass = (value: Value): boolean => value.kind === "library" && value.library === "guzzle" && (value.path.length === 0 || (value.path.length === 1 && value.path[0] === "Client"));

/**
 * The name given to a member of a library or client whose name is computed and not known where it
 * is read (`axios[method](url)`, PHP's `Http::withToken($t)->{$method}($url)`): a verb, not known
 * there. Each caller's argument may make it known (the request is read again for each call).
 */
export const UNKNOWN_VERB = "%verb";

/** The method a verb names (null: a verb not known; undefined: no verb). PHP's method names are read in any case (`->POST(…)`). */
function verbMethod(name: string | null, anyCase = false): HttpMethod | null | undefined {
  if (name === UNKNOWN_VERB) return null;
  return name === null ? undefined : METHOD_OF_NAME[anyCase ? name.toLowerCase() : name];
}

/** What a library call needs to know about its arguments, computed once. */
export class LibraryCallSite {
  readonly args: Value[];
  readonly first: Value;
  readonly second: Value;
  readonly path: string[];
  readonly last: string | null;
  readonly base: StringValue | null;

  constructor(
    readonly evaluator: Evaluator,
    readonly program: Program,
    readonly node: CallExpression,
    readonly callee: LibraryValue,
    env: Env | null,
  ) {
    this.args = evaluator.args(program, node, env);
    this.first = this.args[0] ?? UNKNOWN;
    this.second = this.args[1] ?? UNKNOWN;
    this.path = callee.path;
    this.last = callee.path.at(-1) ?? null;
    this.base = callee.kind === "client" ? callee.base : null;
  }

  respond(fields: Parameters<typeof makeRequest>[3]): CallResult {
    const request = makeRequest(this.evaluator, this.program, this.node, fields);
    return { result: { kind: "response", request }, request };
  }

  /** Options passed at `index`: absent options are empty, unknown options stay unknown. */
  options(index: number): Value {
    return this.node.args[index] ? (this.args[index] ?? UNKNOWN) : EMPTY_OBJECT;
  }
}

/**
 * A value as a URL or path string; one of several strings (`legacy ? BROTLI_URL : SSL_URL`) is a
 * piece that takes each in turn (see `expandChoices`).
 */
export function asString(value: Value | undefined): StringValue | null {
  if (value?.kind === "string") return value;
  if (value?.kind === "choice" && value.options.every((option) => option.kind === "string")) return stringValue(partsOf(value, null));
  return null;
}
export const get = (options: Value, key: string): Value | undefined => (options.kind === "object" ? options.get(key) : undefined);

/** The `method` an options object gives; the library's default when it names none. */
export function methodOf(evaluator: Evaluator, options: Value, fallback: HttpMethod): HttpMethod | null {
  if (options.kind !== "object") return null;
  const written = writtenProperty(evaluator, options, "method");
  if (written === undefined) return options.open ? null : fallback;
  return methodFromText(staticText(written));
}

/** The methods an options object's `method` may be, when it is one of several (`{ method: id ? "PUT" : "POST" }`). */
export function methodChoicesIn(evaluator: Evaluator, options: Value): MethodChoices | null {
  return options.kind === "object" ? methodChoicesOf(writtenProperty(evaluator, options, "method")) : null;
}

/**
 * A property as the object shows it; where a spread of unknown options would hide it, what the
 * literal writes (`{ method: 'post', ...options }`), or nothing when it writes none (`{ query,
 * ...options }`): options passed through are request settings, not a new method.
 */
export function writtenProperty(evaluator: Evaluator, options: ObjectValue, key: string): Value | undefined {
  const value = options.get(key);
  if (value?.kind !== "unknown" || !options.node || !options.program) return value;
  const property = options.node.properties.find((candidate) => candidate.kind === "property" && candidate.key === key);
  return property?.kind === "property" ? evaluator.value(options.program, property.value, options.env ?? null) : undefined;
}


export function bodyOf(value: Value | undefined): Value | null {
  if (!value) return null;
  return value.kind === "stringified" ? value.value : value;
}

export function libraryCall(evaluator: Evaluator, program: Program, node: CallExpression, callee: LibraryValue, env: Env | null): CallResult {
  const site = new LibraryCallSite(evaluator, program, node, callee, env);
  switch (callee.library) {
    case "fetch":
      return fetchCall(site);
    case "axios":
      return axiosCall(site);
    case "got":
    case "ky":
      return gotOrKyCall(site, callee.library);
    case "undici":
      return undiciCall(site);
    case "ofetch":
      return ofetchCall(site);
    case "wretch":
      return wretchCall(site);
    case "http":
      return httpCall(site);
    case "child-process":
      return childProcessCall(site);
    case "superagent": {
      const method = verbMethod(site.last);
      if (method === undefined || site.path.length !== 1) return NO_REQUEST;
      return site.respond({ library: "superagent", url: asString(site.first), method, body: null });
    }
    case "request":
    case "request-promise":
      return requestPackageCall(site, callee.library);
    case "guzzle":
      return guzzleCall(site);
    case "laravel-http":
      return laravelHttpCall(site);
    case "cloudflare":
      return sdkCall(site);
    case "terraform-provider":
      return providerCall(evaluator, program, node, callee.path, env);
    case "path": {
      if (site.last !== "join" && site.last !== "resolve") return NO_REQUEST;
      const parts = site.args.flatMap((arg, index) => [...(index > 0 ? [{ text: "/", origin: null }] : []), ...partsOf(arg, null)]);
      return { result: stringValue(parts), request: null };
    }
    case "url": {
      if (site.last === "resolve" && site.args.length === 2 && site.first.kind === "string" && site.second.kind === "string") {
        return { result: joinUrl(directoryOf(site.first), site.second), request: null };
      }
      return NO_REQUEST;
    }
    case "util":
      return site.last === "format" && site.path.length === 1 ? { result: formatted(site.args), request: null } : NO_REQUEST;
    case "swr":
      // `useSWR(key, fetcher)` requests nothing itself: it calls the fetcher (see `Evaluator.callTarget`).
      return NO_REQUEST;
    case "react":
      // `memo(Card)`, `forwardRef(render)`, `useCallback(update, deps)`: the component or callback
      // itself, called as the element or the handler is (what it sends is then followed from there).
      return site.path.length === 1 && site.last !== null && REACT_WRAPPERS.has(site.last) ? { result: site.first, request: null } : NO_REQUEST;
  }
}

/** React's functions that return the function they are given. */
const REACT_WRAPPERS = new Set(["memo", "forwardRef", "useCallback"]);

/** Placeholders of `util.format`: each takes the next argument, `%%` is a percent sign. */
const FORMAT_PLACEHOLDER = /%[sdifjoOc%]/g;

/**
 * `util.format("/zones/%s/firewall/rules", zone)`: the format's text with each `%s`, `%d`, `%i`,
 * `%f` replaced by its argument (`%j`, `%o`, `%O` by what is not known, `%c` by nothing), the
 * arguments left over after a space each, as Node does. The text keeps where the format wrote it.
 */
function formatted(args: readonly Value[]): Value {
  const [format, ...rest] = args;
  if (format?.kind !== "string") return UNKNOWN;
  let next = 0;
  const parts = substituted(format, FORMAT_PLACEHOLDER, (match, origin) => {
    if (match[0] === "%%") return [{ text: "%", origin }];
    if (next >= rest.length) return [{ text: match[0], origin }];
    const arg = rest[next++]!;
    if (match[0] === "%c") return [];
    return /%[sdif]/.test(match[0]) ? partsOf(arg, null) : [{ hole: true, hint: null }];
  });
  for (const arg of rest.slice(next)) parts.push({ text: " ", origin: null }, ...partsOf(arg, null));
  return stringValue(parts);
}

function fetchCall(site: LibraryCallSite): CallResult {
  if (site.path.length > 0 && site.last !== "fetch") return NO_REQUEST;
  // `fetch(new Request(url, init))`: the request's fields, under any options given beside it.
  const request = site.first.kind === "object" ? asString(site.first.get("url")) : null;
  const init = request === null ? site.options(1) : site.node.args[1] ? mergedObject([site.first, site.options(1)]) : site.first;
  return site.respond({ library: "fetch", url: request ?? asString(site.first), method: methodOf(site.evaluator, init, "GET"), methodChoices: methodChoicesIn(site.evaluator, init), body: bodyOf(get(init, "body")) });
}

function axiosCall(site: LibraryCallSite): CallResult {
  const { first, second, last, path, base } = site;
  if (last === "create") {
    return { result: { kind: "client", library: "axios", base: asString(get(first, "baseURL")) ?? base, method: null, path: [] }, request: null };
  }
  let url: StringValue | null;
  let config: Value;
  let method: HttpMethod | null;
  let body: Value | null = null;
  if (last === null || last === "request") {
    if (first.kind === "string") {
      url = first;
      config = site.options(1);
    } else {
      config = first;
      url = asString(get(config, "url"));
    }
    method = methodOf(site.evaluator, config, "GET");
    body = bodyOf(get(config, "data"));
  } else if (verbMethod(last) !== undefined && path.length === 1) {
    url = asString(first);
    method = verbMethod(last)!;
    // A verb not known: whether data or a config comes second is not known either.
    config = method === null ? EMPTY_OBJECT : site.options(BODY_SECOND.has(last) ? 2 : 1);
    if (BODY_SECOND.has(last)) body = bodyOf(second);
  } else return NO_REQUEST;
  const relativeTo = asString(get(config, "baseURL")) ?? base;
  return site.respond({ library: "axios", url: joinBase(relativeTo, url), method, methodChoices: methodChoicesIn(site.evaluator, config), body });
}

/**
 * The `request` package: `request(url | options, [options], callback)`, its verbs
 * (`request.patch(…)`, `del`), and clients made with `request.defaults({ baseUrl })`. The URL is
 * `url` or `uri` (under `baseUrl`), the body `json` (when an object), `body` or `form`. The promise
 * wrappers (`request-promise`) give the body, unless `resolveWithFullResponse` asks for the response.
 */
function requestPackageCall(site: LibraryCallSite, library: "request" | "request-promise"): CallResult {
  const { first, second, last, path, base } = site;
  if (last === "defaults" && path.length === 1) {
    return { result: { kind: "client", library, base: asString(get(first, "baseUrl")) ?? base, method: null, path: [] }, request: null };
  }
  const verb = path.length === 0 ? undefined : path.length === 1 ? verbMethod(last) : undefined;
  if (path.length > 0 && verb === undefined) return NO_REQUEST;
  const options = first.kind === "string" ? (second.kind === "object" ? second : EMPTY_OBJECT) : first;
  const url = first.kind === "string" ? first : asString(get(options, "url") ?? get(options, "uri"));
  const json = get(options, "json");
  const made = site.respond({
    library,
    url: joinBase(asString(get(options, "baseUrl")) ?? base, url),
    method: verb ?? methodOf(site.evaluator, options, "GET"),
    methodChoices: verb === undefined ? methodChoicesIn(site.evaluator, options) : null,
    body: bodyOf(json?.kind === "object" ? json : (get(options, "body") ?? get(options, "form"))),
  });
  const fullResponse = get(options, "resolveWithFullResponse");
  if (library === "request" || (fullResponse?.kind === "boolean" && fullResponse.value)) return made;
  return { result: { kind: "body", request: made.request! }, request: made.request };
}

/**
 * Guzzle, on a client made with `new Client(['base_uri' => …])`: `request('PATCH', $uri,
 * $options)`, `patch($uri, $options)` and their `…Async` forms; the body is the options' `json`,
 * `form_params` or `body`.
 */
function guzzleCall(site: LibraryCallSite): CallResult {
  const { first, second, path, base } = site;
  if (site.callee.kind !== "client" || path.length !== 1) return NO_REQUEST;
  const name = path[0]!.replace(/Async$/, "");
  const explicit = name === "request";
  const method = explicit ? methodFromText(staticText(first)) : verbMethod(name, true);
  if (!explicit && method === undefined) return NO_REQUEST;
  const options = site.options(explicit ? 2 : 1);
  return site.respond({ library: "guzzle", url: joinBase(base, asString(explicit ? second : first)), method: method ?? null, body: bodyOf(get(options, "json") ?? get(options, "form_params") ?? get(options, "body")) });
}

/**
 * Laravel's `Http` facade: `Http::withToken($t)->baseUrl($api)->patch($path, $data)`. Every
 * other method builds the same client (headers, timeouts, retries); `baseUrl` sets its base;
 * the verbs and `send($method, $url, $options)` make requests (data second for the verbs that send it).
 */
function laravelHttpCall(site: LibraryCallSite): CallResult {
  const { first, second, last, base } = site;
  if (last === null) return NO_REQUEST;
  const method = last === "send" ? methodFromText(staticText(first)) : verbMethod(last, true);
  if (method !== undefined || last === "send") {
    const url = asString(last === "send" ? second : first);
    const body = last === "send" ? bodyOf(get(site.options(2), "json") ?? get(site.options(2), "body")) : method === "GET" || method === "HEAD" || method === null ? null : bodyOf(second);
    return site.respond({ library: "laravel-http", url: joinBase(base, url), method: method ?? null, body });
  }
  return { result: { kind: "client", library: "laravel-http", base: last === "baseUrl" ? asString(first) : base, method: null, path: [] }, request: null };
}

function gotOrKyCall(site: LibraryCallSite, library: "got" | "ky"): CallResult {
  const { first, last, path, base } = site;
  if (last === "extend" || last === "create") {
    const prefix = asString(get(first, "prefixUrl"));
    return { result: { kind: "client", library, base: prefix ?? base, method: null, path: [] }, request: null };
  }
  let url: StringValue | null;
  let settings: Value;
  let method: HttpMethod | null;
  if (last === null) {
    if (first.kind === "string" || first.kind === "unknown") {
      url = asString(first);
      settings = site.options(1);
    } else {
      settings = first;
      url = asString(get(settings, "url"));
    }
    method = methodOf(site.evaluator, settings, "GET");
  } else if (verbMethod(last) !== undefined && path.length === 1) {
    url = asString(first);
    settings = site.options(1);
    method = verbMethod(last)!;
  } else return NO_REQUEST;
  const prefix = asString(get(settings, "prefixUrl")) ?? base;
  const body = bodyOf(get(settings, "json") ?? get(settings, "body"));
  return site.respond({ library, url: joinBase(prefix, url), method, methodChoices: methodChoicesIn(site.evaluator, settings), body });
}

/** wretch's verbs that send a body, given first (`.post(body)`), and those that send none. */
const WRETCH_VERBS: Readonly<Record<string, { method: HttpMethod; body: boolean }>> = {
  get: { method: "GET", body: false },
  delete: { method: "DELETE", body: false },
  head: { method: "HEAD", body: false },
  opts: { method: "OPTIONS", body: false },
  post: { method: "POST", body: true },
  put: { method: "PUT", body: true },
  patch: { method: "PATCH", body: true },
};

/**
 * wretch: `wretch(base)` is a request being built; `url(path)` adds to its URL (`url(u, true)`
 * replaces it), every other builder (`auth`, `headers`, `addon`, `json`, `formData`, `resolve`…)
 * keeps it; a verb sends it (`.get()`, `.post(body)`).
 */
function wretchCall(site: LibraryCallSite): CallResult {
  const { first, last, base, path } = site;
  const building = (url: StringValue | null): CallResult => ({ result: { kind: "client", library: "wretch", base: url, method: null, path: [] }, request: null });
  if (site.callee.kind === "library") return path.length === 0 ? building(asString(first)) : NO_REQUEST;
  if (path.length !== 1 || last === null) return NO_REQUEST;
  const verb = WRETCH_VERBS[last];
  if (verb) return site.respond({ library: "wretch", url: base, method: verb.method, body: verb.body && site.node.args[0] ? bodyOf(first) : null });
  if (last === "url") {
    const replace = site.second.kind === "boolean" && site.second.value;
    const added = asString(first);
    return building(replace || !base ? added : added ? concat(base, added) : null);
  }
  return building(base);
}

/**
 * ofetch (and Nuxt's `$fetch`, `useFetch`): `ofetch(url, { method, baseURL, body })`, its `raw`,
 * and clients made with `ofetch.create({ baseURL })`. GET unless a method is given.
 */
function ofetchCall(site: LibraryCallSite): CallResult {
  const { first, base } = site;
  // The module's named exports are the function itself: `import { ofetch } from "ofetch"`.
  const path = site.path[0] === "ofetch" || site.path[0] === "$fetch" ? site.path.slice(1) : site.path;
  if (path.length === 1 && path[0] === "create") {
    return { result: { kind: "client", library: "ofetch", base: asString(get(first, "baseURL")) ?? base, method: null, path: [] }, request: null };
  }
  if (!(path.length === 0 || (path.length === 1 && path[0] === "raw"))) return NO_REQUEST;
  const options = site.options(1);
  const prefix = asString(get(options, "baseURL")) ?? base;
  return site.respond({ library: "ofetch", url: joinBase(prefix, asString(first)), method: methodOf(site.evaluator, options, "GET"), methodChoices: methodChoicesIn(site.evaluator, options), body: bodyOf(get(options, "body")) });
}

function undiciCall(site: LibraryCallSite): CallResult {
  const { first, second, last, path, base } = site;
  if (last === "fetch" && path.length === 1) {
    return site.respond({ library: "fetch", url: asString(first), method: methodOf(site.evaluator, site.options(1), "GET"), methodChoices: methodChoicesIn(site.evaluator, site.options(1)), body: bodyOf(get(second, "body")) });
  }
  if (last === "request" && path.length === 1) {
    if (site.callee.kind === "client") {
      const url = joinBase(base, asString(get(first, "path")));
      return site.respond({ library: "undici", url, method: methodOf(site.evaluator, first, "GET"), methodChoices: methodChoicesIn(site.evaluator, first), body: bodyOf(get(first, "body")) });
    }
    return site.respond({ library: "undici", url: asString(first), method: methodOf(site.evaluator, site.options(1), "GET"), methodChoices: methodChoicesIn(site.evaluator, site.options(1)), body: bodyOf(get(second, "body")) });
  }
  return NO_REQUEST;
}

/**
 * curl run by Node: `execFileSync("curl", ["-X", "PATCH", url])` (also `execFile`, `spawn`,
 * `spawnSync`), or a command line `execSync(\`curl -s -X PATCH "${url}"\`)` (also `exec`), read
 * as curl reads its words (core/curl-command.ts).
 */
function childProcessCall(site: LibraryCallSite): CallResult {
  const { first, second, last, path } = site;
  if (path.length !== 1 || last === null) return NO_REQUEST;
  let words: Value[];
  if (last === "execFile" || last === "execFileSync" || last === "spawn" || last === "spawnSync") {
    if (!isCurl(staticText(first)) || second.kind !== "array") return NO_REQUEST;
    words = second.elements();
  } else if (last === "exec" || last === "execSync") {
    const line = first.kind === "string" ? commandLineWords(first) : null;
    if (!line || !isCurl(staticText(line[0]))) return NO_REQUEST;
    words = line.slice(1);
  } else return NO_REQUEST;
  const read = readCurlWords(words.map((word) => staticText(word)));
  const method = "text" in read.method ? methodFromText(read.method.text) : methodFromText(staticText(words[read.method.word]));
  const methodChoices = "word" in read.method ? methodChoicesOf(words[read.method.word]) : null;
  return site.respond({ library: "child-process", url: read.url === null ? null : asString(words[read.url]), method, methodChoices, body: read.data[0] === undefined ? null : bodyOf(words[read.data[0]]) });
}

/**
 * A command line's words, as a shell splits it: at spaces outside quotes, the quotes dropped, a
 * hole staying inside the word it is written in (`"${base}/zones/${id}"` is one word).
 */
function commandLineWords(line: StringValue): StringValue[] {
  const words: StringValue[] = [];
  let current: StringPart[] = [];
  let started = false;
  let quote: string | null = null;
  const end = () => {
    if (started) words.push(stringValue(current));
    current = [];
    started = false;
  };
  for (const part of line.parts) {
    if (isHole(part)) {
      current.push(part);
      started = true;
      continue;
    }
    let piece = "";
    const flush = () => {
      if (piece) current.push({ text: piece, origin: part.origin });
      piece = "";
    };
    for (let index = 0; index < part.text.length; index++) {
      const char = part.text[index]!;
      if (quote !== null) {
        if (char === quote) quote = null;
        else piece += char;
      } else if (char === "'" || char === '"') {
        quote = char;
        started = true;
      } else if (char === "\\" && part.text[index + 1] === "\n") {
        index++;
        flush();
        end();
      } else if (/\s/.test(char)) {
        flush();
        end();
      } else {
        piece += char;
        started = true;
      }
    }
    flush();
  }
  end();
  return words;
}

function httpCall(site: LibraryCallSite): CallResult {
  const { first, last, path } = site;
  if ((last !== "request" && last !== "get") || path.length !== 1) return NO_REQUEST;
  let url = asString(first);
  const settings = url ? site.options(1) : first;
  if (!url && settings.kind === "object") {
    const host = asString(get(settings, "hostname") ?? get(settings, "host"));
    const pathValue = asString(get(settings, "path"));
    const protocol = staticText(get(settings, "protocol")) ?? "https:";
    url = pathValue ? concat(text(`${protocol}//`), host ?? stringValue([{ hole: true, hint: "host" }]), pathValue) : null;
  }
  const method = last === "get" ? "GET" : methodOf(site.evaluator, settings, "GET");
  return site.respond({ library: "http", url, method, body: null });
}
