/**
 * valid-logpush-filter: wherever a Logpush job body is built (an object with `dataset` and
 * `filter`, or a body sent to /zones/:zone_id/logpush/jobs), its `filter` must be a JSON string
 * the API accepts (spec 2.1, 2.2, 4.1, 8); `output_options` values of another type than the spec
 * states are a low-confidence note. Problems are reported where they are written.
 */
import type { Confidence } from "../finding.js";
import type { Expression, ObjectLiteral, Property, Range } from "../ir.js";
import {
  OUTPUT_OPTION_TYPES,
  describeJson,
  serialisedSize,
  validateFilterText,
  validateFilterTree,
  type JsonTree,
} from "../logpush-filter.js";
import { LIST_ADDERS } from "../libraries.js";
import { parseUrl } from "../url.js";
import { isHole, staticText, UNKNOWN, type Value } from "../values.js";
import type { DetectorContext } from "./context.js";

const JOB_PATH = /^\/?zones\/[^/]+\/logpush\/jobs(?:\/[^/]+)?$/;
const MAX_RESOLVE_DEPTH = 6;
/**
 * The spec states the types of `output_options` values but not that the API rejects others (the
 * real API accepts `"CVE-2021-44228": false`): a type that differs is a note, not an error.
 */
const OUTPUT_OPTION_CONFIDENCE: Confidence = "low";
/**
 * The spec shows only `eq` and `contains` and says its table of operators is not shown (2.2): an
 * operator beyond those may well be accepted, so it is a note until the user lists it.
 */
const UNKNOWN_OPERATOR_CONFIDENCE: Confidence = "low";

export function detectLogpushFilters(ctx: DetectorContext): void {
  const jobs = new Map<ObjectLiteral, Confidence>();
  for (const object of ctx.program.objects) {
    const keys = new Set(object.properties.flatMap((p) => (p.kind === "property" && p.key ? [p.key] : [])));
    // `job.filter = JSON.stringify({ where })` after `const job = { dataset, destination_conf }`.
    for (const write of ctx.program.bindingOfObject(object)?.memberWrites ?? []) if (write.key) keys.add(write.key);
    if (!keys.has("filter") && !keys.has("output_options")) continue;
    if (keys.has("dataset") && keys.has("destination_conf")) jobs.set(object, "high");
    else if (keys.has("dataset")) jobs.set(object, "medium");
  }
  // Evaluating every call of a file for the one that sends a job is the costly part (a large test
  // file with `dataset` and `filter` keys in unrelated objects loaded 600 K of its imports for it):
  // not done where the prefilter saw no jobs path (see `AnalysisOptions.logpushJobRequests`).
  /** Requests to the jobs path: their bodies as sent, evaluated with the arguments of the call that reaches them. */
  const jobRequests: Value[] = [];
  for (const request of ctx.options.logpushJobRequests === false ? [] : ctx.requests()) {
    if (!request.url || !request.body) continue;
    const shape = parseUrl(request.url.parts, ctx.catalogue.deprecatedEndpoints.anchors);
    const path = shape?.segments.map((segment) => segment.value ?? "x").join("/");
    if (!path || !JOB_PATH.test(path)) continue;
    jobRequests.push(request.body);
    const node = jobBodyNode(ctx, request.body);
    if (node) jobs.set(node, "high");
  }

  /** Job literals whose filter was known where it is written (else it is a parameter's: see below). */
  const decided = new Set<ObjectLiteral>();
  for (const [job, confidence] of jobs) {
    for (const filter of valuesOf(ctx, job, "filter")) if (checkFilter(ctx, filter, confidence)) decided.add(job);
    for (const outputOptions of valuesOf(ctx, job, "output_options")) checkOutputOptions(ctx, outputOptions);
  }

  // A wrapper's body takes the filter from its caller (`createJob(zone, JSON.stringify({ where }))`):
  // the filter is the one the request sends through this file's call, reported where this file
  // writes it (each place once, however many calls lead there).
  const checked = new Set<string>();
  for (const body of jobRequests) {
    const sent = body.kind === "stringified" ? body.value : body;
    if (sent.kind !== "object") continue;
    if (sent.node && sent.program === ctx.program && decided.has(sent.node)) continue;
    const filter = sent.get("filter");
    const placed = filter ? filterWrittenHere(ctx, filter) : null;
    const key = placed ? `${placed.range[0]}:${placed.problems.map((problem) => `${problem.messageId}${problem.range[0]}`).join(",")}` : "";
    if (!placed || placed.problems.length === 0 || checked.has(key)) continue;
    checked.add(key);
    reportProblems(ctx, placed.problems, "high");
  }
}

/**
 * The problems of a filter value known as JSON or text, placed where this program writes it (the
 * object stringified, or the text); null when it is not known, or not written here.
 */
function filterWrittenHere(ctx: DetectorContext, filter: Value): { range: Range; problems: ReturnType<typeof validateFilterTree> } | null {
  const limits = ctx.options.logpush;
  if (filter.kind === "stringified") {
    // Placed at the first object of it this program writes (the caller's `{ or: [] }` inside a
    // wrapper's `JSON.stringify({ where })`): what this file's call decides.
    const written = objectWrittenIn(ctx, filter.value, 0);
    if (!written) return null;
    const range = ctx.siteOf(written).range;
    const tree = jsonTreeOfValue(ctx, filter.value, range, 0);
    return { range, problems: validateFilterTree(tree, serialisedSize(tree), limits) };
  }
  if (filter.kind === "string") {
    const text = staticText(filter);
    const origin = soleOrigin(filter);
    if (text === null || !text.trimStart().startsWith("{") || !origin || origin.program !== ctx.program) return null;
    const range = ctx.siteOf(origin.node).range;
    return { range, problems: validateFilterText(text, range, limits) };
  }
  return null;
}

/** The object literal of this program a request sends: written as one, or as JSON text (`'{"filter":"…"}'`). */
function jobBodyNode(ctx: DetectorContext, body: Value): ObjectLiteral | null {
  if (body.kind === "object") return body.node && body.program === ctx.program ? body.node : null;
  if (body.kind !== "string") return null;
  const first = body.parts[0];
  const origin = first && !isHole(first) ? first.origin : null;
  const model = origin?.program === ctx.program ? ctx.program.jsonTextAt(origin.node) : null;
  return model?.kind === "object" ? model : null;
}

/** What a job's property is given: in the literal, and set on it afterwards (`job.filter = …`). */
function valuesOf(ctx: DetectorContext, job: ObjectLiteral, key: string): Expression[] {
  const own = ownProperty(job, key);
  const written = (ctx.program.bindingOfObject(job)?.memberWrites ?? []).flatMap((write) => (write.key === key && write.value ? [write.value] : []));
  return own ? [own.value, ...written] : written;
}

function reportProblems(ctx: DetectorContext, problems: ReturnType<typeof validateFilterTree>, confidence: Confidence): void {
  for (const problem of problems) ctx.reportLogpush(problem.range, problem.messageId, problem.data, problem.messageId === "filterUnknownOperator" ? UNKNOWN_OPERATOR_CONFIDENCE : confidence);
}

type Program = DetectorContext["program"];
type Binding = NonNullable<ReturnType<Program["resolve"]>>;
const filledInPlace = new WeakMap<Program, ReadonlySet<Binding>>();
/**
 * The names whose lists this program adds to where they are held (`filter.where.or.push(…)`,
 * `where["and"].append(…)`): what they hold is not known from their literal (an `or` written empty
 * is filled before it is sent), and the evaluator does not follow it (a list kept in a name of its
 * own, `conditions.push(…)`, it does).
 */
function filledInPlaceOf(program: Program): ReadonlySet<Binding> {
  let names = filledInPlace.get(program);
  if (!names) {
    const found = new Set<Binding>();
    for (const call of program.calls) {
      const callee = call.callee;
      if (callee.kind !== "member" || callee.property === null || !LIST_ADDERS.has(callee.property) || callee.object.kind !== "member") continue;
      let root: Expression = callee.object;
      while (root.kind === "member") root = root.object;
      const binding = root.kind === "identifier" ? program.resolve(root) : null;
      if (binding) found.add(binding);
    }
    filledInPlace.set(program, (names = found));
  }
  return names;
}

/** Whether a name's value is filled in place (see `filledInPlaceOf`). */
const isFilledInPlace = (ctx: DetectorContext, binding: Binding | null) => binding !== null && filledInPlaceOf(ctx.program).has(binding);

/** Checks a job's filter as written; false when what it is cannot be known there (a parameter's value). */
function checkFilter(ctx: DetectorContext, filter: Expression, confidence: Confidence): boolean {
  const limits = ctx.options.logpush;
  const report = (problems: ReturnType<typeof validateFilterTree>) => reportProblems(ctx, problems, confidence);
  const stringified = findStringifyArgument(ctx, filter, 0);
  if (stringified) {
    const tree = jsonTree(ctx, stringified, 0);
    report(validateFilterTree(tree, serialisedSize(tree), limits));
    // `JSON.stringify({ where })` with `where` a parameter: what it holds is the caller's (see below).
    const where = tree.kind === "object" ? tree.entries.find(([key]) => key === "where")?.[1] : undefined;
    return tree.kind !== "unknown" && where?.kind !== "unknown";
  }
  // A literal too long to be kept as a string value (a URL never is) is still the filter as sent.
  // Without `destination_conf` or the jobs endpoint, `dataset` + `filter` may be another API's
  // (Log Explorer datasets take a plain `filter`): only a filter that is JSON is taken for Logpush's.
  const takenAsFilter = (text: string) => confidence === "high" || text.trimStart().startsWith("{");
  const literal = literalText(ctx, filter, 0);
  if (literal !== null) {
    if (takenAsFilter(literal.text)) report(validateFilterText(literal.text, ctx.siteOf(literal.node).range, limits));
    return true;
  }
  const value = ctx.evaluator.value(ctx.program, filter);
  if (value.kind === "string") {
    const text = staticText(value);
    if (text === null) return false;
    if (!takenAsFilter(text)) return true;
    const origin = soleOrigin(value);
    const range = origin && origin.program === ctx.program ? ctx.siteOf(origin.node).range : filter.range;
    report(validateFilterText(text, range, limits));
    return true;
  }
  if (value.kind === "stringified") {
    // `JSON.stringify(…)` in another module (or out of a call): what it stringifies, as the
    // evaluator knows it; problems are reported on the job's `filter` here, where it is used.
    const tree = jsonTreeOfValue(ctx, value.value, filter.range, 0);
    if (tree.kind === "unknown") return false;
    report(validateFilterTree(tree, serialisedSize(tree), limits));
    return true;
  }
  // Not known to be anything but text: an instance of a class (Python's `NOT_GIVEN` sentinel as a
  // parameter's default, a `str` subclass), or what a response holds (a job's `filter` read back).
  if (value.kind === "unknown" || value.kind === "null" || MAYBE_TEXT.has(value.kind)) return false;
  const looksLikeFilter = value.kind === "object" && value.get("where") !== undefined;
  if (confidence === "high" || looksLikeFilter) {
    const tree = jsonTree(ctx, filter, 0);
    ctx.reportLogpush(filter.range, "filterNotString", { found: tree.kind === "unknown" ? value.kind : describeJson(tree) }, confidence);
  }
  return true;
}

/**
 * The innermost object literal of this program a value is built of, along its first objects (the
 * caller's `{ or: [] }` rather than the wrapper's `{ where }` around it), a few levels deep.
 */
function objectWrittenIn(ctx: DetectorContext, value: Value, depth: number): ObjectLiteral | null {
  if (value.kind !== "object" || depth > MAX_RESOLVE_DEPTH) return null;
  for (const key of value.keys()) {
    const found = objectWrittenIn(ctx, value.get(key) ?? UNKNOWN, depth + 1);
    if (found) return found;
  }
  return value.node && value.program === ctx.program ? value.node : null;
}

/** Where a text is written, when all of it is written in one place. */
function soleOrigin(value: Extract<Value, { kind: "string" }>) {
  const origins = new Set(value.parts.flatMap((part) => (!isHole(part) && part.origin ? [part.origin] : [])));
  return origins.size === 1 ? [...origins][0]! : null;
}

/** Kinds of value that may be a filter's text for all the evaluator knows. */
const MAYBE_TEXT: ReadonlySet<Value["kind"]> = new Set(["instance", "response", "stream", "body"]);

/** A value the evaluator knows as JSON, every part of it placed at `range`. */
function jsonTreeOfValue(ctx: DetectorContext, value: Value, range: Range, depth: number): JsonTree {
  if (depth > MAX_RESOLVE_DEPTH * 4) return { kind: "unknown", range, truncated: true };
  switch (value.kind) {
    case "object":
      // An object of this program held in a name whose lists are filled in place: not what its literal says.
      if (value.node && value.program === ctx.program && isFilledInPlace(ctx, ctx.program.bindingOfObject(value.node))) return { kind: "unknown", range };
      return { kind: "object", entries: value.keys().map((key) => [key, jsonTreeOfValue(ctx, value.get(key) ?? UNKNOWN, range, depth + 1)]), open: value.open, range };
    case "array":
      return { kind: "array", items: value.elements().map((element) => jsonTreeOfValue(ctx, element, range, depth + 1)), range };
    case "string": {
      const text = staticText(value);
      return text === null ? { kind: "unknown", range } : { kind: "string", value: text, range };
    }
    case "number":
      return { kind: "number", value: value.value, range };
    case "boolean":
      return { kind: "boolean", value: value.value, range };
    case "null":
      return { kind: "null", range };
    default:
      return { kind: "unknown", range };
  }
}

function checkOutputOptions(ctx: DetectorContext, expression: Expression): void {
  const tree = jsonTree(ctx, expression, 0);
  if (tree.kind !== "object") return;
  for (const [key, value] of tree.entries) {
    const type = OUTPUT_OPTION_TYPES[key];
    if (!type || value.kind === "unknown") continue;
    if (value.kind === "array" && key === "field_names") {
      const bad = value.items.find((item) => item.kind !== "string" && item.kind !== "unknown");
      if (bad) ctx.reportLogpush(bad.range, "outputOptionType", { key, expected: type.expected, found: `a list holding ${describeJson(bad)}` }, OUTPUT_OPTION_CONFIDENCE);
      continue;
    }
    if (!type.accepts(value)) ctx.reportLogpush(value.range, "outputOptionType", { key, expected: type.expected, found: describeJson(value) }, OUTPUT_OPTION_CONFIDENCE);
  }
}

function ownProperty(object: ObjectLiteral, key: string): Property | null {
  for (const property of object.properties) if (property.kind === "property" && property.key === key) return property;
  return null;
}

/** The text of a string literal (or a template without holes), directly or through constants. */
function literalText(ctx: DetectorContext, expression: Expression, depth: number): { text: string; node: Expression } | null {
  if (depth > MAX_RESOLVE_DEPTH) return null;
  if (expression.kind === "string") return { text: expression.value, node: expression };
  if (expression.kind === "template" && expression.tag === null && expression.expressions.length === 0) return { text: expression.quasis[0]?.value ?? "", node: expression };
  if (expression.kind === "typed") return literalText(ctx, expression.expression, depth + 1);
  const init = constantInit(ctx, expression);
  return init ? literalText(ctx, init, depth + 1) : null;
}

/** Follows constants to a `JSON.stringify(x)` call and returns `x`. */
function findStringifyArgument(ctx: DetectorContext, expression: Expression, depth: number): Expression | null {
  if (depth > MAX_RESOLVE_DEPTH) return null;
  if (expression.kind === "typed") return findStringifyArgument(ctx, expression.expression, depth + 1);
  if (expression.kind === "call") {
    const callee = expression.callee;
    const isStringify = callee.kind === "member" && callee.property === "stringify" && callee.object.kind === "identifier" && callee.object.name === "JSON" && !ctx.program.resolve(callee.object);
    return isStringify ? (expression.args[0] ?? null) : null;
  }
  const init = constantInit(ctx, expression);
  return init ? findStringifyArgument(ctx, init, depth + 1) : null;
}

/**
 * What a name was given, when that is all its value is: not reassigned, and nothing added to it
 * afterwards (`const conditions = []; conditions.push({ … })`, `const filter = {}; filter.where =
 * …`), whose value the evaluator works out (see `valueTree`).
 */
function constantInit(ctx: DetectorContext, expression: Expression): Expression | null {
  if (expression.kind !== "identifier") return null;
  const binding = ctx.program.resolve(expression);
  if (!binding || binding.source.kind !== "init" || binding.source.steps.length > 0) return null;
  if (binding.source.declarationKind !== "const" && (binding.writes.length > 0 || binding.loopWrites.length > 0 || binding.appends.length > 0 || binding.writtenOtherwise)) return null;
  if (binding.pushed.length > 0 || binding.memberWrites.length > 0) return null;
  return binding.source.init;
}

/** The JSON an expression builds, as far as it is written in this file, each node with its range. */
function jsonTree(ctx: DetectorContext, expression: Expression, depth: number): JsonTree {
  const range = expression.range;
  if (depth > MAX_RESOLVE_DEPTH * 4) return { kind: "unknown", range };
  switch (expression.kind) {
    case "object": {
      const entries: [string, JsonTree][] = [];
      let open = false;
      for (const property of expression.properties) {
        if (property.kind === "spread" || property.key === null) {
          open = true;
          continue;
        }
        if (property.value.kind === "function") continue;
        entries.push([property.key, jsonTree(ctx, property.value, depth + 1)]);
      }
      return { kind: "object", entries, open, range };
    }
    case "array":
      return { kind: "array", items: expression.elements.map((element) => (element && element.kind !== "spread" ? jsonTree(ctx, element, depth + 1) : { kind: "unknown", range })), range };
    case "string":
      return { kind: "string", value: expression.value, range };
    case "number":
      return { kind: "number", value: expression.value, range };
    case "boolean":
      return { kind: "boolean", value: expression.value, range };
    case "null":
      return { kind: "null", range };
    case "typed":
      return jsonTree(ctx, expression.expression, depth + 1);
    case "unary":
      if (expression.operator === "-" && expression.argument.kind === "number") return { kind: "number", value: -expression.argument.value, range };
      return { kind: "unknown", range };
    case "template": {
      const text = staticText(ctx.evaluator.value(ctx.program, expression));
      return text === null ? { kind: "unknown", range } : { kind: "string", value: text, range };
    }
    case "identifier": {
      if (isFilledInPlace(ctx, ctx.program.resolve(expression))) return { kind: "unknown", range };
      const init = constantInit(ctx, expression);
      return init ? jsonTree(ctx, init, depth + 1) : valueTree(ctx, expression, depth);
    }
    default:
      return valueTree(ctx, expression, depth);
  }
}

/**
 * What the evaluator knows of an expression written neither as JSON nor as a constant's literal
 * (`hosts.map((value) => ({ key: "ClientRequestHost", operator: "eq", value }))`), placed where
 * the expression is.
 */
function valueTree(ctx: DetectorContext, expression: Expression, depth: number): JsonTree {
  return jsonTreeOfValue(ctx, ctx.evaluator.value(ctx.program, expression), expression.range, depth + 1);
}
