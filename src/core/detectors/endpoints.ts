/**
 * no-deprecated-endpoint (items 1 2 3 6 7 8 10 11 13 14 17 19 21 22 23).
 *
 * Every request the file makes is matched with its whole URL and known method; every place a
 * string is written that takes part in no request is matched on its own. A finding is reported
 * where the deciding part of the path (its last literal segment) is written; when that is in
 * another file or nowhere (the SDK), at the call.
 */
import type { PathMatch } from "../../catalogue/path-index.js";
import type { HttpMethod } from "../../catalogue/types.js";
import type { Confidence } from "../finding.js";
import type { Expression, Node, Range } from "../ir.js";
import { isAssertionName } from "../libraries.js";
import { parseUrl, type UrlSegment, type UrlShape } from "../url.js";
import { concat, expandChoices, isHole, staticText, text, type Origin, type RequestInfo, type StringValue, type TextPart } from "../values.js";
import type { DetectorContext } from "./context.js";

const STRONG_ANCHOR = "zones";
const COMPARISON_OPERATORS = new Set(["===", "==", "!==", "!="]);
const COMPARISON_METHODS = new Set(["includes", "startsWith", "endsWith", "indexOf", "match", "test", "search", "replace", "split"]);

interface Candidate {
  range: Range;
  match: PathMatch;
  methods: Set<string>;
  methodUnknown: boolean;
  confidence: Confidence;
  related: { file: string; range: Range; text: string } | null;
}

export interface UrlMatch {
  shape: UrlShape;
  match: PathMatch;
  confidence: Confidence;
  /** The text piece that wrote the last literal segment of the template. */
  deciding: TextPart | null;
  /** Matched with the URL's unknown end taken as one more segment (see `gluedTail`). */
  longer?: true;
  /** The sides the URL's pieces took of the tests that chose them (see `expandChoices`). */
  picks?: Readonly<Record<string, number>>;
}

/**
 * `…/firewall/waf/packages${rest}`, `…/rate_limits${query}`: a URL that ends with an unknown piece
 * glued to its last segment, which may be a query string or more segments (`/1e33…/groups/…`).
 * Its segments with the last one as written and the unknown piece as one more segment of its
 * own; `null` for any other URL.
 */
function gluedTail(url: StringValue, shape: UrlShape): (string | null)[] | null {
  const last = url.parts.at(-1);
  const glued = shape.segments.at(-1);
  if (!last || !isHole(last) || !glued || glued.routeParameter) return null;
  // The last segment must be text only, up to the unknown piece (`packages${rest}`, not `${a}packages${b}`).
  let written = "";
  for (let index = url.parts.length - 2; index >= 0; index--) {
    const part = url.parts[index]!;
    if (isHole(part) || /[?#]/.test(part.text)) return null;
    const slash = part.text.lastIndexOf("/");
    written = part.text.slice(slash + 1) + written;
    if (slash !== -1) break;
  }
  if (written === "" || written !== glued.pieces.map((piece) => piece.text).join("")) return null;
  return [...shape.segments.slice(0, -1).map((segment) => segment.value), written, null];
}

/**
 * `…/analytics/dashboard/${query}`: a URL that ends with a segment of one unknown piece after a
 * slash. Its segments before that one; `null` for any other URL.
 */
function slashTail(url: StringValue, shape: UrlShape): (string | null)[] | null {
  const last = shape.segments.at(-1);
  const end = url.parts.at(-1);
  if (shape.segments.length < 2 || !last || last.routeParameter || last.pieces.length > 0 || !end || !isHole(end)) return null;
  return shape.segments.slice(0, -1).map((segment) => segment.value);
}

/** Matches a URL value against the deprecated endpoints, with the confidence the URL itself gives. */
export function matchDeprecatedEndpoints(ctx: DetectorContext, url: StringValue, context: { sdk: boolean }): UrlMatch[] {
  // A hole that is an element of a known list (`settings/${id}` over `["brotli", "minify"]`) is each element in turn.
  const expansions = expandChoices(url);
  if (expansions.length === 1 && !expansions[0]!.picks) return matchOne(ctx, expansions[0]!, context);
  return expansions.flatMap((expansion) => {
    const matches = matchOne(ctx, expansion, context);
    return expansion.picks ? matches.map((found) => ({ ...found, picks: expansion.picks })) : matches;
  });
}

/**
 * The methods a request sends to a URL it may make: those chosen on the same side of the test that
 * chose the URL's pieces (`$id ? 'PUT' : 'POST'` with `$id ? ".../rules/$id" : ".../rules"`: PUT to
 * one rule, POST to the collection), else all it may send.
 */
function methodsFor(request: RequestInfo, methods: readonly string[] | null, found: UrlMatch): readonly string[] | null {
  const by = request.methodsBy;
  const side = by && found.picks ? found.picks[by.test] : undefined;
  if (methods === null || !by || side === undefined) return methods;
  return methods.filter((method) => (by.sidesOf[method as HttpMethod] ?? []).includes(side));
}

function matchOne(ctx: DetectorContext, url: StringValue, context: { sdk: boolean }): UrlMatch[] {
  const index = ctx.catalogue.deprecatedEndpoints;
  const shape = parseUrl(url.parts, index.anchors);
  if (!shape) return [];
  const base = baseConfidence(ctx, shape, context.sdk);
  if (base === null) return [];
  let matches = index.match(shape.segments.map((segment) => segment.value));
  // `…/rate_limits${query}`, `…/waf/packages${rest}`: the unknown end is nothing (a query string), or more
  // segments. Both are matched; the request's method chooses (see `withoutLongerTails`).
  const tail = matches.length === 0 ? gluedTail(url, shape) : null;
  const longer = new Set<PathMatch>();
  if (tail) {
    const more = index.match(tail);
    for (const match of more) longer.add(match);
    matches = [...index.match(tail.slice(0, -1)), ...more];
  }
  // `…/analytics/dashboard/` + query: an unknown last segment that names nothing under the path
  // before it, most likely a query string after a trailing slash.
  const trailing = matches.length === 0 && !tail ? slashTail(url, shape) : null;
  // Only an endpoint named by its last word: after an id (`organizations/:identifier/…`) the unknown is a resource under it.
  if (trailing) matches = index.match(trailing).filter((match) => !match.path.split("/").at(-1)!.startsWith(":"));
  return matches.filter((match) => !holdsFileName(match.path, shape.segments)).map((match) => {
    const template = match.path.split("/").filter(Boolean);
    // The rest of the path was guessed: never more than medium.
    let confidence = (tail || trailing) && base === "high" ? "medium" : base;
    const literalCount = template.filter((segment) => !segment.startsWith(":")).length;
    if (confidence === "medium" && template[0] !== STRONG_ANCHOR && literalCount < 3 && !namesParametersAsTheApi(template, shape.segments)) confidence = "low";
    // `zones` guessed from the name of the id before the path: never high, and low unless two words of it were written.
    if (shape.zonesGuessed) confidence = confidence === "high" || (confidence === "medium" && literalCount >= 3) ? "medium" : "low";
    let decidingIndex = template.length - 1;
    while (decidingIndex > 0 && template[decidingIndex]!.startsWith(":")) decidingIndex--;
    const deciding = shape.segments[decidingIndex]?.pieces.at(-1) ?? null;
    return { shape, match, confidence, deciding, ...(longer.has(match) ? { longer: true as const } : {}) };
  });
}

/** Parameter names any API's paths use (`:identifier`, `:id`): no sign of this API's. */
const GENERIC_PARAMETERS: ReadonlySet<string> = new Set(["id", "identifier", "uuid", "name", "key", "slug"]);
const bareName = (name: string) => name.replace(/_/g, "").toLowerCase();

/**
 * Whether each parameter of the template stands in the code under the name this API's own
 * reference gives it (`organization_identifier`, `organizationIdentifier`, an OpenAPI-generated
 * client's `{account_identifier}` placeholder): a path of few words (`organizations/…/invites`,
 * which other APIs have too) then is this API's. Names any API uses (`:identifier`) count neither
 * way; at least one other must be there.
 */
function namesParametersAsTheApi(template: readonly string[], segments: readonly UrlSegment[]): boolean {
  let named = 0;
  for (let index = 0; index < template.length; index++) {
    const segment = template[index]!;
    if (!segment.startsWith(":")) continue;
    const name = segment.slice(1);
    if (GENERIC_PARAMETERS.has(name) || !name.includes("_")) continue;
    const hint = segments[index]?.holeHint;
    if (!hint || bareName(hint) !== bareName(name)) return false;
    named++;
  }
  return named > 0;
}

/** A file name of code or data (`organization_test.go`, `index.ts`): never an id in an API path. */
const FILE_NAME = /\.(?:go|[cm]?[jt]sx?|py|rb|php|java|kt|rs|cs|swift|json|ya?ml|toml|lock)$/i;

/**
 * Whether a template's parameter takes a file name (`organizations/organization_test.go`, a list of
 * test files in a script, read as `organizations/:identifier`).
 */
function holdsFileName(path: string, segments: readonly { value: string | null }[]): boolean {
  return path.split("/").filter(Boolean).some((segment, index) => segment.startsWith(":") && FILE_NAME.test(segments[index]?.value ?? ""));
}

/** Of the matches a request's method allows, those with the URL's unknown end taken as more segments only where the URL as written matches none of the same change. */
function withoutLongerTails(matches: UrlMatch[]): UrlMatch[] {
  const exact = new Set(matches.filter((found) => !found.longer).map((found) => found.match.entry.id));
  return matches.filter((found) => !found.longer || !exact.has(found.match.entry.id));
}

function baseConfidence(ctx: DetectorContext, shape: UrlShape, sdk: boolean): Confidence | null {
  if (shape.host !== undefined) {
    if (shape.host === null) return shape.apiPrefix ? "high" : "medium";
    if (ctx.apiHosts.has(shape.host) || shape.apiPrefix) return "high";
    return null;
  }
  if (shape.apiPrefix || sdk) return "high";
  return "medium";
}

export function detectDeprecatedEndpoints(ctx: DetectorContext): void {
  const candidates = new Map<string, Candidate>();
  const sitesInRequests = new Set<Expression>();
  /** The calls a name written in this file (a bare segment: `"brotli"`) is reported at, by where it is written (see below). */
  const callsOfWrittenName = new Map<string, { key: string; candidate: Omit<Candidate, "methods" | "methodUnknown">; methods: readonly string[] | null; inner: boolean }[]>();
  /** Of those places, the ones written in the request that uses them (`client.zones.settings.get("brotli", …)`). */
  const writtenInRequest = new Set<string>();

  /**
   * The calls a path decided elsewhere (another file, the SDK) is reported at, by that path and the
   * place it is written: a call of this file's own function that reaches it through another such
   * call is reported there only (see below).
   */
  const callsOfForeignPath = new Map<string, { key: string; call: RequestInfo["call"]; origin: Origin | null; candidate: Omit<Candidate, "methods" | "methodUnknown">; methods: readonly string[] | null }[]>();

  /** `methods`: those the request may send (one, or a choice), `null` when not known. */
  const add = (key: string, candidate: Omit<Candidate, "methods" | "methodUnknown">, methods: readonly string[] | null) => {
    const existing = candidates.get(key);
    const target = existing ?? { ...candidate, methods: new Set<string>(), methodUnknown: false };
    if (methods === null) target.methodUnknown = true;
    else for (const method of methods) target.methods.add(method);
    if (existing && rank(candidate.confidence) > rank(existing.confidence)) existing.confidence = candidate.confidence;
    candidates.set(key, target);
  };

  const requests = [...ctx.requests(), ...ctx.inheritedRequests()];
  for (const request of [...requests, ...requests.flatMap((request) => bulkSettingRequests(ctx, request))]) {
    if (!request.url) continue;
    for (const site of ctx.sitesInRequest(request)) sitesInRequests.add(site);
    // A route definition or mock (`router.post('/zones/…', handler)`) serves the path; it requests nothing.
    if (request.routeDefinition) continue;
    // The method sent, or the methods it may be (`{ method: id ? "PUT" : "POST" }`): matches any of them allow.
    const methods: readonly string[] | null = request.method !== null ? [request.method] : (request.methodChoices ?? null);
    const allowed = matchDeprecatedEndpoints(ctx, request.url, request).filter((found) => {
      const sent = methodsFor(request, methods, found);
      return sent === null || sent.some((method) => found.match.methods.includes(method as HttpMethod));
    });
    // One request reports a change once where it is written, whichever of its paths (`url += "/" + id` in one branch) matched.
    const reported = new Set<string>();
    for (const found of withoutLongerTails(allowed)) {
      const confidence: Confidence = found.confidence;
      const sent = methodsFor(request, methods, found);
      const origin = found.deciding?.origin ?? null;
      const site = origin && origin.program === ctx.program ? ctx.siteOf(origin.node) : null;
      // A request of an inherited method is this file's only where this file decides the path.
      if (request.inherited && !site) continue;
      const place = `${(site ?? request.call).range[0]}:${found.match.entry.id}`;
      if (reported.has(place)) continue;
      reported.add(place);
      if (site && (request.inherited || within(site.range, request.call.range) || !isBareName(ctx, site))) {
        const written = `${site.range[0]}:${found.match.entry.id}:${found.match.path}`;
        if (within(site.range, request.call.range)) writtenInRequest.add(written);
        add(written, { range: site.range, match: found.match, confidence, related: null }, sent);
      } else {
        // Written in another file, by the SDK, or a name kept in a constant (`const BROTLI = "brotli"`):
        // the call is what uses it, with its own method; the written place is related.
        const related = origin
          ? { file: origin.program.module.file, range: origin.program === ctx.program ? site!.range : ctx.siteOf(origin.node).range, text: origin.program.text(origin.node.range) }
          : null;
        const key = `${request.call.range[0]}:${found.match.entry.id}:${found.match.path}`;
        const candidate = { range: request.call.range, match: found.match, confidence, related };
        if (!site) {
          // An element whose props decide nothing of the path (a router's `element: <ZoneSettingsPage />`):
          // what the component sends is reported where it is decided (its module, the SDK's call in
          // it), not again at each place that renders it.
          if (request.call.kind === "call" && request.call.jsx) continue;
          const group = `${found.match.entry.id}:${found.match.path}:${related ? `${related.file}:${related.range[0]}` : ""}`;
          const calls = callsOfForeignPath.get(group) ?? [];
          calls.push({ key, call: request.call, origin, candidate, methods: sent });
          callsOfForeignPath.set(group, calls);
        } else {
          const written = `${site.range[0]}:${found.match.entry.id}:${found.match.path}`;
          // Inner: in a function (or one around it: a comprehension's, a callback's) where the name is written.
          let fn = ctx.program.enclosingFunction(request.call);
          while (fn && !within(site.range, fn.range)) fn = ctx.program.enclosingFunction(fn);
          const atCalls = callsOfWrittenName.get(written) ?? [];
          atCalls.push({ key, candidate, methods: sent, inner: fn !== null });
          callsOfWrittenName.set(written, atCalls);
        }
      }
    }
  }
  // A name written in a function (`for (const id of ["ssl", "brotli"]) this.one(zone, id)`) is
  // reported at the call there that uses it, not again at each call of that function from
  // elsewhere in the file (`zone.settings = this.loop(zone.id)`), which decides nothing. Nor when
  // it is written in the request itself (`client.zones.settings.get("brotli", …)`), and reported
  // there: a script's `main()` around that request decides nothing either.
  for (const [written, calls] of callsOfWrittenName) {
    if (writtenInRequest.has(written)) continue;
    const inner = calls.some((call) => call.inner);
    for (const call of calls) if (call.inner || !inner) add(call.key, call.candidate, call.methods);
  }

  // A path written in another file is reported at the call of this file that reaches it
  // (`await cloudflare.getFirewallRules(zone)`), not again at each call of the function around that
  // call (`await this.backupZone(zone)`, `main()`), which reaches the same request through it.
  for (const calls of callsOfForeignPath.values()) {
    const reachesAnother = new Set<(typeof calls)[number]>();
    for (const outer of calls) {
      const target = outer.call.kind === "call" ? ctx.evaluator.callTarget(ctx.program, outer.call, null) : null;
      if (!target || target.fn.program !== ctx.program) continue;
      const body = target.fn.fn.range;
      if (calls.some((other) => other.call !== outer.call && within(other.call.range, body))) reachesAnother.add(outer);
    }
    for (const call of calls) if (!reachesAnother.has(call) && !reachesThroughAnother(ctx, call.call, call.origin)) add(call.key, call.candidate, call.methods);
  }

  for (const site of ctx.siteRoots()) {
    if (sitesInRequests.has(site)) continue;
    const value = ctx.evaluator.value(ctx.program, site);
    if (value.kind !== "string") continue;
    for (const found of withoutLongerTails(matchDeprecatedEndpoints(ctx, value, { sdk: false }))) {
      const origin = found.deciding?.origin;
      if (!origin || origin.program !== ctx.program || ctx.siteOf(origin.node) !== site) continue;
      let confidence = found.confidence;
      if (found.shape.segments.some((segment) => segment.routeParameter) || isComparedOrSearched(ctx, site)) confidence = "low";
      add(`${site.range[0]}:${found.match.entry.id}:${found.match.path}`, { range: site.range, match: found.match, confidence, related: null }, null);
    }
  }

  for (const candidate of candidates.values()) {
    const { match } = candidate;
    const methods = candidate.methodUnknown ? match.methods : match.methods.filter((method) => candidate.methods.has(method));
    const known = !candidate.methodUnknown && methods.length === 1 ? methods[0]! : null;
    ctx.report(match.entry, {
      range: candidate.range,
      subject: `\`${methods.join(", ")} ${match.spelling}\``,
      whenNone: "remove the call",
      confidence: candidate.confidence,
      method: known,
      path: match.path,
      related: candidate.related,
    });
  }
}

/** The zone settings endpoint that edits several at once (`PATCH zones/:zone_id/settings`). */
const BULK_SETTINGS_PATH = /^zones\/[^/]+\/settings$/;

/**
 * The settings a bulk edit sends, each as the request of its own setting's path (`PATCH
 * zones/:zone_id/settings` with `{ items: [{ id: "brotli", value: "on" }] }` edits `settings/brotli`),
 * so that a deprecated one is reported where its id is written, as cloudflare-go's
 * `UpdateZoneSettings` is. Ids that are not known are left out.
 */
function bulkSettingRequests(ctx: DetectorContext, request: RequestInfo): RequestInfo[] {
  if (!request.url || !request.body || (request.method !== null && request.method !== "PATCH")) return [];
  const shape = parseUrl(request.url.parts, ctx.catalogue.deprecatedEndpoints.anchors);
  const path = shape?.segments.map((segment) => segment.value ?? "x").join("/").replace(/^\//, "");
  if (!path || !BULK_SETTINGS_PATH.test(path)) return [];
  const body = request.body.kind === "stringified" ? request.body.value : request.body;
  if (body.kind !== "object") return [];
  const items = body.get("items");
  if (items?.kind !== "array") return [];
  return items.elements().flatMap((item) => {
    const id = item.kind === "object" ? item.get("id") : undefined;
    if (id?.kind !== "string" || staticText(id) === null) return [];
    return [{ ...request, url: concat(request.url!, text("/"), id), method: "PATCH" as const, methodChoices: undefined, body: item }];
  });
}

/**
 * A call of this file that reaches a path written in a function of another file only through
 * other calls (`app.run()` running a scheduler that runs the function writing the path): that
 * file reports the path where its function uses it, and this call decides nothing of it. A call
 * that runs the function writing the path itself (`cloudflare.getFirewallRules(zone)`, or
 * `cf(routes.firewallRules(zone))` in its arguments), or that uses a path written outside
 * functions (a routes module's constant), is this file's use of it.
 */
function reachesThroughAnother(ctx: DetectorContext, call: RequestInfo["call"], origin: Origin | null): boolean {
  if (!origin || origin.program === ctx.program || call.kind !== "call") return false;
  const writer = origin.program.enclosingFunction(origin.node);
  if (!writer) return false;
  const runsWriter = (node: RequestInfo["call"]): boolean => {
    if (node.kind !== "call") return false;
    const target = ctx.evaluator.callTarget(ctx.program, node, null);
    return target === null || (target.fn.program === origin.program && within(origin.node.range, target.fn.fn.range));
  };
  return !ctx.program.calls.some((inner) => within(inner.range, call.range) && runsWriter(inner));
}

const rank = (confidence: Confidence) => ["low", "medium", "high"].indexOf(confidence);

const within = (inner: Range, outer: Range) => inner[0] >= outer[0] && inner[1] <= outer[1];

/** A string written alone as one path segment (`"brotli"`), not a path (`"/zones/…/settings/brotli"`). */
function isBareName(ctx: DetectorContext, site: Expression): boolean {
  const value = ctx.evaluator.value(ctx.program, site);
  if (value.kind !== "string") return false;
  return value.parts.every((part) => isHole(part) || !part.text.includes("/"));
}

/**
 * `req.path === '/zones/…'`, `url.startsWith('/zones/…')`: the string is looked for, not requested;
 * and a value a test expects (`assert.deepEqual(calls, [["/zones/…/settings/minify", …]])`,
 * `expect(fetch).toHaveBeenCalledWith("/zones/…")`, `$this->assertEquals('/zones/…', $path)`),
 * however deep in the lists and objects it is given.
 */
function isComparedOrSearched(ctx: DetectorContext, site: Expression): boolean {
  const parent = ctx.program.meaningfulParent(site);
  if (!parent) return false;
  if (parent.kind === "binary" && COMPARISON_OPERATORS.has(parent.operator)) return true;
  if (parent.kind === "call" && parent.callee.kind === "member" && parent.callee.property && COMPARISON_METHODS.has(parent.callee.property)) return true;
  if (parent.kind === "switch") return true;
  let holder: Node | null = parent;
  while (holder && (holder.kind === "array" || holder.kind === "object" || holder.kind === "typed")) holder = ctx.program.parentOf(holder);
  return holder?.kind === "call" && isAssertion(holder);
}

/** A test's assertion (`assert.deepEqual`, `expect(…).toEqual`, `$this->assertEquals`). */
function isAssertion(call: Extract<Node, { kind: "call" }>): boolean {
  const callee = call.callee;
  const name = callee.kind === "member" ? callee.property : callee.kind === "identifier" ? callee.name : null;
  return name !== null && isAssertionName(name);
}
