/**
 * What every detector receives: the bound program, the evaluator, the catalogue and options,
 * the string sites of the file and the requests it makes, and `report`, which builds a finding
 * with the entry's date, status and replacement in the one wording of messages.ts.
 */
import type { CatalogueIndex } from "../../catalogue/load.js";
import { status } from "../../catalogue/status.js";
import type { CatalogueEntry, RuleName } from "../../catalogue/types.js";
import type { Evaluator } from "../evaluator/index.js";
import type { Confidence, Finding, Suggestion, TextEdit } from "../finding.js";
import type { CallExpression, Expression, FunctionNode, Node, Range } from "../ir.js";
import { deprecationMessage, formatMessage, type MessageId } from "../messages.js";
import type { Program } from "../program.js";
import type { AnalysisOptions } from "../options.js";
import { isHole, type RequestInfo, type StringPart, type Value } from "../values.js";

/** Callers of a helper whose arguments are followed into it (see `valuesInCallers`). */
const MAX_CALLERS = 16;
/** An API's host written in a module (`https://api.luadns.com`). */
const API_HOST = /\bhttps?:\/\/(api\.[a-z0-9.-]+|[a-z0-9.-]*cloudflare\.com)/gi;

export type { AnalysisOptions, LogpushLimits } from "../options.js";
export { DEFAULT_LOGPUSH_LIMITS } from "../options.js";

export interface EntryReport {
  range: Range;
  subject: string;
  /** Advice when the entry has no replacement. */
  whenNone: string;
  confidence: Confidence;
  method?: string | null;
  path?: string | null;
  fix?: TextEdit[] | null;
  suggestions?: Omit<Suggestion, "message">[];
  related?: Finding["related"];
}

export class DetectorContext {
  readonly findings: Finding[] = [];
  private siteRootsCache: Expression[] | null = null;
  private requestsCache: RequestInfo[] | null = null;
  private inheritedRequestsCache: RequestInfo[] | null = null;
  readonly apiHosts: ReadonlySet<string>;
  private anotherApi: boolean | null = null;

  constructor(
    readonly program: Program,
    readonly evaluator: Evaluator,
    readonly catalogue: CatalogueIndex,
    readonly options: AnalysisOptions,
    apiHosts: readonly string[],
  ) {
    this.apiHosts = new Set(apiHosts);
  }

  /**
   * Whether the module addresses another provider's API and not this one: it writes an API host
   * (`https://api.luadns.com`), neither Cloudflare's nor one the user named as this API's
   * (`apiHosts`), and does not name Cloudflare (its SDK, its token's variable). Its records and
   * fields are that provider's: go-acme/lego's LuaDNS client reads `record.ZoneID` of its own
   * API's records; IBM's Cloud Internet Services SDKs send their own load balancer pools'
   * `notification_email`.
   */
  addressesAnotherApi(): boolean {
    if (this.anotherApi === null) {
      const text = this.program.module.text;
      const hosts = [...text.matchAll(API_HOST)].map((match) => match[1]!.toLowerCase());
      this.anotherApi = hosts.length > 0 && !hosts.some((host) => host.endsWith("cloudflare.com") || this.apiHosts.has(host)) && !/cloudflare/i.test(text);
    }
    return this.anotherApi;
  }

  entriesOf(rule: RuleName): CatalogueEntry[] {
    return this.catalogue.entries.filter((entry) => entry.rule === rule);
  }

  report(entry: CatalogueEntry, report: EntryReport): void {
    const message = deprecationMessage(entry, report.subject, report.whenNone, this.options.asOf);
    const state = status(entry, this.options.asOf).state;
    this.findings.push({
      ruleId: entry.rule,
      entryId: entry.id,
      item: entry.item,
      range: report.range,
      messageId: message.messageId,
      data: message.data,
      message: message.message,
      date: entry.date,
      status: state,
      replacement: entry.replacement,
      method: report.method ?? null,
      path: report.path ?? null,
      confidence: report.confidence,
      severity: state === "in-effect" ? "error" : "warning",
      fix: report.fix ?? null,
      suggestions: (report.suggestions ?? []).map((s) => ({ ...s, message: formatMessage(s.messageId as MessageId, s.data) })),
      related: report.related ?? null,
    });
  }

  reportLogpush(range: Range, messageId: MessageId, data: Record<string, string>, confidence: Confidence): void {
    this.findings.push({
      ruleId: "valid-logpush-filter",
      entryId: null,
      item: null,
      range,
      messageId,
      data,
      message: formatMessage(messageId, data),
      date: null,
      status: "in-effect",
      replacement: null,
      method: null,
      path: null,
      confidence,
      severity: "error",
      fix: null,
      suggestions: [],
      related: null,
    });
  }

  /** Every request the file makes (directly, or through a wrapper), computed once. */
  requests(): RequestInfo[] {
    this.requestsCache ??= [
      ...this.program.calls.flatMap((call) => this.evaluator.requestsOf(this.program, call)),
      ...this.program.news.flatMap((node) => this.evaluator.requestOfNew(this.program, node) ?? []),
    ];
    return this.requestsCache;
  }

  /**
   * The requests the file's classes make through methods they inherit, run as each class, where
   * the file writes part of the URL (a field the class overrides); computed once. The classes
   * considered set a field (not only methods): one that only adds methods changes no request.
   */
  inheritedRequests(): RequestInfo[] {
    this.inheritedRequestsCache ??= this.program.classes
      .filter((cls) => cls.superClass !== null && cls.members.some((member) => !member.isStatic && member.value !== null && member.value.kind !== "function"))
      .flatMap((cls) => this.evaluator.inheritedRequestsOf(this.program, cls))
      .filter((request) => this.sitesInRequest(request).length > 0);
    return this.inheritedRequestsCache;
  }

  /** The outermost string-building expression around a literal: where a string is "written". */
  siteOf(node: Expression): Expression {
    let current: Node = node;
    for (;;) {
      const parent = this.program.parentOf(current);
      if (!parent) break;
      const joins =
        (parent.kind === "binary" && parent.operator === "+") ||
        parent.kind === "typed" ||
        (parent.kind === "template" && parent.tag === null) ||
        (parent.kind === "logical" && parent.operator !== "&&");
      if (!joins) break;
      current = parent;
    }
    return current as Expression;
  }

  /** Each place in the file where a string is written, once. */
  siteRoots(): Expression[] {
    if (!this.siteRootsCache) {
      const roots = new Set<Expression>();
      for (const node of this.program.strings) roots.add(this.siteOf(node));
      this.siteRootsCache = [...roots];
    }
    return this.siteRootsCache;
  }

  /** The sites of this file whose text takes part in a request's URL. */
  sitesInRequest(request: RequestInfo): Expression[] {
    const sites = new Set<Expression>();
    const visit = (parts: readonly StringPart[]) => {
      for (const part of parts) {
        // A piece that takes each of several values (`legacy ? BROTLI_URL : SSL_URL`): each of theirs too.
        if (isHole(part)) for (const choice of part.choices ?? []) visit(choice);
        else if (part.origin?.program === this.program) sites.add(this.siteOf(part.origin.node));
      }
    };
    visit(request.url?.parts ?? []);
    return [...sites];
  }

  /** The calls of this file that run each function of it (a helper's callers), found once per file. */
  private callersCache: Map<FunctionNode, CallExpression[]> | null = null;

  private callersOf(fn: FunctionNode): CallExpression[] {
    if (!this.callersCache) {
      const callers = new Map<FunctionNode, CallExpression[]>();
      for (const call of this.program.calls) {
        const target = this.evaluator.callTarget(this.program, call, null);
        if (!target || target.fn.program !== this.program) continue;
        const list = callers.get(target.fn.fn);
        if (list) list.push(call);
        else callers.set(target.fn.fn, [call]);
      }
      this.callersCache = callers;
    }
    return this.callersCache.get(fn) ?? [];
  }

  /**
   * What `node`, written in a function, is when the function is run by each of its callers in this
   * file (`def view(r): return r.get("zone_name")` called with a DNS record): at most
   * `MAX_CALLERS` of them, one call deep.
   */
  valuesInCallers(node: Expression): Value[] {
    const fn = this.program.enclosingFunction(node);
    if (!fn) return [];
    const values: Value[] = [];
    for (const call of this.callersOf(fn).slice(0, MAX_CALLERS)) {
      const target = this.evaluator.callTarget(this.program, call, null);
      const env = target ? this.evaluator.callEnv(target.fn, target.args, null, target.self) : null;
      if (env) values.push(this.evaluator.value(this.program, node, env));
    }
    return values;
  }

  /** Whether `node` is the target of an assignment or a `delete`: a write, not a read. */
  isWritten(node: Expression): boolean {
    const parent = this.program.parentOf(node);
    if (parent?.kind === "expression-pattern") {
      const assignment = this.program.parentOf(parent);
      return assignment?.kind === "assign" || assignment?.kind === "for-of" || assignment?.kind === "object-pattern" || assignment?.kind === "array-pattern";
    }
    return parent?.kind === "unary" && parent.operator === "delete";
  }
}
