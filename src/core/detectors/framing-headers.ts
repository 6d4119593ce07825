/**
 * no-conflicting-framing-headers (item 16): one request whose headers hold both
 * `Transfer-Encoding` and `Content-Length` (any case): in one object literal (its own keys and
 * those of objects it spreads, `{ ...CHUNKED, "Content-Length": n }`, from this module or another),
 * or set one by one on the same headers object (`headers.set`, `append`, `setHeader`,
 * `headers[name] = …`), beside those it was made with (`new Headers({ "Content-Length": n })`),
 * unless one of them is removed from it (`headers.delete(…)`).
 * Server responses (`res.writeHead`, `new Response`) are not requests to the API.
 */
import type { CatalogueEntry } from "../../catalogue/types.js";
import type { Expression, Node, Range } from "../ir.js";
import { staticText } from "../values.js";
import type { DetectorContext } from "./context.js";

const SETTERS = new Set(["set", "append", "setHeader", "header"]);
const REMOVERS = new Set(["delete", "removeHeader"]);
const SERVER_RESPONSE_NAMES = /^(?:res|resp|response|reply|ctx|context|h)$/;
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
      for (const property of object.properties) {
        if (property.kind === "property" && property.key !== null && wanted.includes(property.key.toLowerCase())) {
          seen.set(property.key.toLowerCase(), property.keyRange);
        } else if (property.kind === "spread") {
          // Keys later in the literal win, as in JavaScript; the spread is where the others are written.
          const spread = ctx.evaluator.value(ctx.program, property.argument);
          if (spread.kind !== "object") continue;
          for (const key of spread.keys()) if (wanted.includes(key.toLowerCase())) seen.set(key.toLowerCase(), property.range);
        }
      }
      if (wanted.every((field) => seen.has(field))) report(latest(wanted.map((field) => seen.get(field)!)));
    }

    // Headers set one at a time on the same receiver.
    const byReceiver = new Map<string, Map<string, Range>>();
    const note = (receiver: Expression, name: string | null, range: Range) => {
      if (name === null || !wanted.includes(name.toLowerCase())) return;
      const key = receiverKey(ctx, receiver);
      if (key === null) return;
      const names = byReceiver.get(key) ?? new Map<string, Range>();
      names.set(name.toLowerCase(), range);
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
      note(callee.object, staticText(ctx.evaluator.value(ctx.program, call.args[0])), call.range);
    }
    for (const member of ctx.program.members) {
      const parent = ctx.program.parentOf(member);
      if (parent?.kind !== "expression-pattern" || !ctx.isWritten(member)) continue;
      note(member.object, member.property, ctx.program.parentOf(parent)!.range);
    }
    for (const [key, names] of byReceiver) {
      if (!dropped.has(key) && wanted.every((field) => names.has(field))) report(latest(wanted.map((field) => names.get(field)!)));
    }
  }
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
function initialKeys(ctx: DetectorContext, receiver: Expression, entry: CatalogueEntry, names: Map<string, Range>): void {
  const value = ctx.evaluator.value(ctx.program, receiver);
  if (value.kind !== "object" || !value.node || value.program !== ctx.program) return;
  for (const property of value.node.properties) {
    if (property.kind !== "property" || property.key === null) continue;
    const name = property.key.toLowerCase();
    if (entry.fields.some((field) => field.toLowerCase() === name) && !names.has(name)) names.set(name, property.keyRange);
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
