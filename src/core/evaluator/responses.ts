/**
 * What flows out of a request: the response, its parsed JSON envelope, the DNS records in its
 * `result`, and the array methods that keep them records. Also DNS records known from declared
 * types (`DnsRecord[]`), which stand in for a response the code does not show.
 */
import { ELEMENT_METHODS, SUBSET_METHODS } from "../libraries.js";
import { isHole, type RequestInfo, type StringValue, type Value } from "../values.js";
import { snakeCase } from "./providers.js";
import { isSrvPredicate } from "./hints.js";

const DNS_RECORD_TYPE = /\b(?:Dns|DNS)_?Records?\b|\b(?:Dns|DNS)Record(?:Response|Result|Row)?\b|\bRecord(?:Get|List|Create|Edit|Update)?Response\b|\b(?:A|AAAA|CNAME|MX|TXT|SRV|NS|CAA|PTR|NAPTR)Record\b|\bRecords\.[A-Z]\w*\b/;
const SRV_TYPE = /\bSRV(?:Record)?\b|\bSrvRecord\b/;

/** DNS records (one or many) named by a declared type, or `null`. */
export function dnsRecordValueOfType(typeText: string | null): Value | null {
  if (!typeText || !DNS_RECORD_TYPE.test(typeText)) return null;
  if (/Params\b|Input\b|Param\b/.test(typeText)) return null;
  const srv = SRV_TYPE.test(typeText);
  const many = /\[\]\s*$|^\s*(?:readonly\s+)?(?:Array|ReadonlyArray|Promise<\s*(?:Array|[\w.]+\[\]))|\[\]\s*>\s*$/.test(typeText) || /List|Page\b/.test(typeText);
  return { kind: many ? "records" : "record", srv, via: `declared type ${typeText}` };
}

/** A property of a response, a body or records; `null` when the value is none of these. */
export function responseProperty(object: Value, key: string): Value | null {
  switch (object.kind) {
    case "response": {
      const library = object.request.library;
      if (library === "axios" && key === "data") return { kind: "body", request: object.request };
      // got's and the request package's `body`: parsed when asked for (`json`), else the text, parsed with JSON.parse.
      if ((library === "got" || library === "request" || library === "request-promise") && key === "body") return { kind: "body", request: object.request };
      // undici's `body`, fetch's (a stream of the body; Go's `resp.Body` of `client.Do(req)`, read
      // with io.ReadAll or a JSON decoder, is lowered as fetch's).
      if ((library === "undici" || library === "fetch") && key === "body") return { kind: "stream", request: object.request };
      if (library === "cloudflare" && key === "result") return { kind: "body", request: object.request };
      // A client the evaluator does not know (`this.http.get(url)`, a project's own): its `data` is
      // the body, as axios and the clients built on it give (NestJS's HttpService); a `result`,
      // the body's own, as clients that give the parsed body give (Angular's HttpClient).
      if (library === "unknown" && key === "data") return { kind: "body", request: object.request };
      // Its `body`: the parsed body (superagent's and the clients like it), or a reader of its text
      // (Go's `resp.Body` of `http.Get(url)`, parsed by a JSON decoder): either reads as the body.
      if (library === "unknown" && key === "body") return { kind: "body", request: object.request };
      // ofetch (`$fetch`) gives the parsed body itself.
      // An axios instance whose response interceptor gives the body (`use((response) => response.data)`):
      // its response has no `result` of its own, so a `result` read is the body's.
      if ((library === "unknown" || library === "ofetch" || library === "axios") && key === "result") return responseProperty({ kind: "body", request: object.request }, key);
      // Python's `r.text` and `r.content` (requests, httpx), PowerShell's `$r.Content`: the body's text, parsed later.
      if (key === "text" || key === "content" || key === "Content") return { kind: "stream", request: object.request };
      return { kind: "unknown" };
    }
    case "body":
      if (key === "result" && object.request.dnsRecords) {
        return { kind: object.request.dnsRecords.single ? "record" : "records", srv: object.request.dnsRecords.srv, via: describeRequest(object.request) };
      }
      return { kind: "unknown" };
    case "records":
      if (/^\d+$/.test(key)) return { kind: "record", srv: object.srv, via: object.via };
      if (key === "result" || key === "records" || key === "items") return object;
      return { kind: "unknown" };
    default:
      return null;
  }
}

/**
 * A method called on a response, body, stream or records (`res.json()`, `records.filter(…)`);
 * `then` is left to the caller, which runs the callback. `null` when the receiver is none of these.
 */
export function responseMethod(receiver: Value, name: string, firstArgument: Parameters<typeof isSrvPredicate>[0]): Value | null {
  switch (receiver.kind) {
    // `res.json()` the parsed body; `res.text()` its text, parsed later with `JSON.parse`.
    case "response":
    case "stream":
      if (name === "json") return { kind: "body", request: receiver.request };
      return BODY_TEXT_METHODS.has(name) ? { kind: "stream", request: receiver.request } : { kind: "unknown" };
    case "body":
      return { kind: "unknown" };
    case "records":
      if (SUBSET_METHODS.has(name)) {
        const srv = receiver.srv || (name === "filter" && isSrvPredicate(firstArgument));
        return { kind: "records", srv, via: receiver.via };
      }
      if (ELEMENT_METHODS.has(name)) {
        const srv = receiver.srv || ((name === "find" || name === "findLast") && isSrvPredicate(firstArgument));
        return { kind: "record", srv, via: receiver.via };
      }
      return { kind: "unknown" };
    default:
      return null;
  }
}

/**
 * A response's methods that give its body's text, not parsed: `res.text()`, Python's
 * `resp.read()` (urllib) and `.decode("utf-8")` of what it gives, `toString()` of Node's chunks,
 * Java's `conn.getInputStream()` and a reader's `readLine()`/`readAllBytes()`.
 */
const BODY_TEXT_METHODS: ReadonlySet<string> = new Set(["text", "toString", "read", "decode", "getInputStream", "readLine", "readAllBytes"]);

/**
 * `JSON.parse(text)` of a response's text (`await res.text()`, got's `body`, the chunks of Node's
 * response put together): its parsed body; of a value's JSON text, the value. `null` for any other text.
 */
export function parsedResponseText(value: Value): Value | null {
  // (A response parsed whole: one that is its body's text, as Ruby's RestClient gives.)
  if (value.kind === "stream" || value.kind === "body" || value.kind === "response") return { kind: "body", request: value.request };
  // `JSON.parse(JSON.stringify(records))`: a deep copy, read as the value copied.
  if (value.kind === "stringified") return value.value;
  return null;
}

/**
 * The text of one response taken in pieces (`Buffer.concat(chunks)` of what `res.on("data")`
 * gave, `body += chunk`): that response's text when every piece known is of it; `null` otherwise.
 */
export function responseTextOfPieces(pieces: readonly Value[]): Value | null {
  const known = pieces.filter((piece) => piece.kind !== "unknown");
  const first = known[0];
  return first?.kind === "stream" && known.every((piece) => piece.kind === "stream" && piece.request.call === first.request.call) ? first : null;
}

/** `anything.filter(r => r.type === 'SRV')`: the predicate itself says these are SRV records. */
export function srvSelection(name: string, firstArgument: Parameters<typeof isSrvPredicate>[0]): Value | null {
  if (name === "filter" && isSrvPredicate(firstArgument)) return { kind: "records", srv: true, via: "records filtered on type SRV" };
  if ((name === "find" || name === "findLast") && isSrvPredicate(firstArgument)) return { kind: "record", srv: true, via: "a record found by type SRV" };
  return null;
}

export function describeRequest(request: RequestInfo): string {
  return `a response of ${request.method ?? "a request to"} ${request.url ? shortUrl(request.url) : "the DNS record endpoints"}`;
}

function shortUrl(url: StringValue): string {
  return url.parts.map((part) => (isHole(part) ? "…" : part.text)).join("");
}

/**
 * The field of the API's JSON that a read of `property` in `file` names: in C#, whose models bind
 * their PascalCase properties to the API's snake_case fields (by attributes, often in the model's
 * own file, or a naming policy), `Result` is `result` and `ZoneName` is `zone_name`; elsewhere the
 * property as written. For a value known to come from the API (a body or its records).
 */
export function apiFieldOfRead(file: string, property: string): string {
  return file.endsWith(".cs") && /^[A-Z][a-z]/.test(property) ? snakeCase(property) : property;
}
