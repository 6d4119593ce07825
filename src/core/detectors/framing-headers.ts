/**
 * no-conflicting-framing-headers (item 16): one request whose headers hold both
 * `Transfer-Encoding` and `Content-Length` (any case): in one object literal (its own keys and
 * those of objects it spreads, `{ ...CHUNKED, "Content-Length": n }`, from this module or another),
 * or set one by one on the same headers object (`headers.set`, `append`, `setHeader`,
 * `headers[name] = …`), beside those it was made with (`new Headers({ "Content-Length": n })`),
 * unless one of them is removed from it (`headers.delete(…)`), or they are set in branches of which
 * only one runs (`if (size !== null) h["Content-Length"] = size; else h["Transfer-Encoding"] =
 * "chunked"`: how HTTP clients choose one of the two, guzzle's and requests' among them).
 * Server responses (`res.writeHead`, `new Response`, Hono's `c.header(…)`) are not requests to the
 * API, nor is a table keyed by header names whose values are not headers' (see `mayBeHeaderValue`).
 */
import type { CatalogueEntry } from "../../catalogue/types.js";
import type { Expression, Node, Range } from "../ir.js";
import type { Program } from "../program.js";
import { staticText, type Value } from "../values.js";
import type { DetectorContext } from "./context.js";

const SETTERS = new Set(["set", "append", "setHeader", "header"]);
const REMOVERS = new Set(["delete", "removeHeader"]);
const SERVER_RESPONSE_NAMES = /^(?:res|resp|response|reply|ctx|context|c|h)$/;
const SERVER_RESPONSE_METHODS = new Set(["writeHead", "setHeaders", "headers", "code", "status"]);

export function detectConflictingFramingHeaders(ctx: DetectorContext): void {
  for (const entry of ctx.entriesOf("no-conflicting-framing-headers")) {
    const wanted = entry.fields.map((field) => field.toLowerCase());
    if (wanted.length < 2) continue;
    const report = (range: Range) =>
      ctx.report(entry, {
        range,
        subject: `Sending both ${entry.fields.map((field) => `\`${field}\``).join(" and ")}`,
        whenNone: "send only one of them",
        confidence: "medium",
      });

    for (const object of ctx.program.objects) {
      if (isServerResponse(ctx, object)) continue;
      const seen = new Map<string, Range>();
      let notHeaders = false;
      for (const property of object.properties) {
        if (property.kind === "property" && property.key !== null && wanted.includes(property.key.toLowerCase())) {
          // A table keyed by header names, not headers.
          if (namesTheHeader(property.key, property.value) || !mayBeHeaderValue(property.key, ctx.evaluator.value(ctx.program, property.value))) {
            notHeaders = true;
            break;
          }
          seen.set(property.key.toLowerCase(), property.keyRange);
        } else if (property.kind === "spread") {
          // Keys later in the literal win, as in JavaScript; the spread is where the others are written.
          const spread = ctx.evaluator.value(ctx.program, property.argument);
          if (spread.kind !== "object") continue;
          for (const key of spread.keys()) if (wanted.includes(key.toLowerCase())) seen.set(key.toLowerCase(), property.range);
        }
      }
      if (!notHeaders && wanted.every((field) => seen.has(field))) report(latest(wanted.map((field) => seen.get(field)!)));
    }

    // Headers set one at a time on the same receiver: every place each is set.
    const byReceiver = new Map<string, Map<string, HeaderSet[]>>();
    const note = (receiver: Expression, name: string | null, site: HeaderSet) => {
      if (name === null || !wanted.includes(name.toLowerCase())) return;
      const key = receiverKey(ctx, receiver);
      if (key === null) return;
      const names = byReceiver.get(key) ?? new Map<string, HeaderSet[]>();
      names.set(name.toLowerCase(), [...(names.get(name.toLowerCase()) ?? []), site]);
      byReceiver.set(key, names);
      initialKeys(ctx, receiver, entry, names);
    };
    /** Receivers that drop one of the headers (`headers.delete("Content-Length")`): not reported. */
    const dropped = new Set<string>();
    for (const call of ctx.program.calls) {
      const callee = call.callee;
      if (callee.kind !== "member" || callee.property === null || !call.args[0]) continue;
      if (REMOVERS.has(callee.property)) {
        const name = staticText(ctx.evaluator.value(ctx.program, call.args[0]));
        const key = name !== null && wanted.includes(name.toLowerCase()) ? receiverKey(ctx, callee.object) : null;
        if (key !== null) dropped.add(key);
        continue;
      }
      // A name alone reads the header (Express's `req.header("content-length")`): only a name and a value sets it.
      if (!SETTERS.has(callee.property) || call.args.length < 2) continue;
      note(callee.object, staticText(ctx.evaluator.value(ctx.program, call.args[0])), { node: call, range: call.range });
    }
    for (const member of ctx.program.members) {
      const parent = ctx.program.parentOf(member);
      if (parent?.kind !== "expression-pattern" || !ctx.isWritten(member)) continue;
      const assignment = ctx.program.parentOf(parent)!;
      note(member.object, member.property, { node: assignment, range: assignment.range });
    }
    for (const [key, names] of byReceiver) {
      if (dropped.has(key)) continue;
      const together = setTogether(ctx.program, wanted.map((field) => names.get(field) ?? []));
      if (together) report(latest(together.map((site) => site.range)));
    }
  }
}

/** Where a header is set: the call or assignment (or the literal it was made with), and what is reported. */
interface HeaderSet {
  node: Node;
  range: Range;
}

/**
 * One place each header is set (`sites`: the places of each), no two of them in branches of
 * which only one runs; null if there is no such choice.
 */
function setTogether(program: Program, sites: readonly (readonly HeaderSet[])[], chosen: HeaderSet[] = []): HeaderSet[] | null {
  if (chosen.length === sites.length) return chosen;
  for (const site of sites[chosen.length]!) {
    if (chosen.some((other) => inExclusiveBranches(program, site.node, other.node))) continue;
    const found = setTogether(program, sites, [...chosen, site]);
    if (found) return found;
  }
  return null;
}

/** Whether `a` and `b` are in different branches of one `if … else` or `… ? … : …`. */
function inExclusiveBranches(program: Program, a: Node, b: Node): boolean {
  const branchesOf = (node: Node) => {
    const branches = new Map<Node, Node>();
    for (let child = node, parent = program.parentOf(node); parent; child = parent, parent = program.parentOf(parent)) {
      if (parent.kind === "if" || parent.kind === "conditional") branches.set(parent, child);
    }
    return branches;
  };
  const ofA = branchesOf(a);
  for (const [choice, branch] of branchesOf(b)) {
    const other = ofA.get(choice);
    // Not the test: a header set while testing is set before either branch runs.
    if (other !== undefined && other !== branch && other !== testOf(choice) && branch !== testOf(choice)) return true;
  }
  return false;
}

const testOf = (choice: Node) => (choice.kind === "if" || choice.kind === "conditional" ? choice.test : null);

/**
 * Whether a value is a constant named after the header (`'transfer-encoding':
 * HEADER_STATE.TRANSFER_ENCODING`): a table keyed by header names, undici's parser's among them.
 */
function namesTheHeader(name: string, value: Expression): boolean {
  const constant = value.kind === "member" ? value.property : value.kind === "identifier" ? value.name : null;
  return constant !== null && /^[A-Z][A-Z0-9_]*$/.test(constant) && constant.replace(/_/g, "").toLowerCase() === name.replace(/-/g, "").toLowerCase();
}

/**
 * Whether a value can be a header's: text, a number (not for `Transfer-Encoding`, whose value is a
 * coding's name), or not known. A flag, a record, a list or a function is not one.
 */
function mayBeHeaderValue(name: string, value: Value): boolean {
  if (value.kind === "number") return name.toLowerCase() !== "transfer-encoding";
  return !["boolean", "null", "object", "array", "function", "class"].includes(value.kind);
}

function latest(ranges: Range[]): Range {
  return ranges.reduce((a, b) => (b[0] > a[0] ? b : a));
}

/** A stable key for the object headers are set on: its binding, or its source text. */
function receiverKey(ctx: DetectorContext, receiver: Expression): string | null {
  const root = rootIdentifier(receiver);
  if (root && SERVER_RESPONSE_NAMES.test(root.name)) return null;
  if (receiver.kind === "identifier") {
    const binding = ctx.program.resolve(receiver);
    return binding ? `binding:${binding.range[0]}` : `global:${receiver.name}`;
  }
  const fn = ctx.program.enclosingFunction(receiver);
  return `text:${fn?.range[0] ?? -1}:${ctx.program.text(receiver.range).replace(/\s+/g, "")}`;
}

function rootIdentifier(expression: Expression): Extract<Expression, { kind: "identifier" }> | null {
  let current = expression;
  while (current.kind === "member" || current.kind === "typed") current = current.kind === "member" ? current.object : current.expression;
  return current.kind === "identifier" ? current : null;
}

/** `const headers = { 'Content-Length': n }` and later `headers['Transfer-Encoding'] = …` */
function initialKeys(ctx: DetectorContext, receiver: Expression, entry: CatalogueEntry, names: Map<string, HeaderSet[]>): void {
  const value = ctx.evaluator.value(ctx.program, receiver);
  if (value.kind !== "object" || !value.node || value.program !== ctx.program) return;
  for (const property of value.node.properties) {
    if (property.kind !== "property" || property.key === null) continue;
    const name = property.key.toLowerCase();
    if (entry.fields.some((field) => field.toLowerCase() === name) && !names.has(name)) names.set(name, [{ node: value.node, range: property.keyRange }]);
  }
}

function isServerResponse(ctx: DetectorContext, node: Node): boolean {
  for (let current: Node | null = ctx.program.parentOf(node), depth = 0; current && depth < 4; current = ctx.program.parentOf(current), depth++) {
    if (current.kind === "call" && current.callee.kind === "member" && current.callee.property && SERVER_RESPONSE_METHODS.has(current.callee.property)) {
      const root = rootIdentifier(current.callee.object);
      if (current.callee.property === "writeHead" || (root && SERVER_RESPONSE_NAMES.test(root.name))) return true;
    }
    if (current.kind === "new" && current.callee.kind === "identifier" && current.callee.name === "Response") return true;
  }
  return false;
}
