/**
 * What a function handed to another receives: an element of the list whose method it is given to
 * (`records.map((r) => …)`), a promise's value (`then`), what an RxJS operator is given, Node's
 * response in an `https.get` callback, the request package's response and body; and what a
 * function is called with where it is given to one the project defines: a `new Promise`
 * executor's `resolve(value)`, a callback (`getRecords(zone, (error, records) => …)` where the
 * function calls `callback(null, body.result)`, or passes it on: `.then(done)`).
 */
import type { CallExpression, FunctionNode, Identifier, Node } from "../ir.js";
import { ELEMENT_CALLBACKS } from "../libraries.js";
import type { Program } from "../program.js";
import { forEachChild } from "../walk.js";
import { UNKNOWN, choiceOf, staticText, type Env, type Value } from "../values.js";
import type { Evaluator } from "./evaluator.js";
import { turnOf } from "./loops.js";

/** RxJS's functions that turn an observable into a promise of what it gives. */
const OBSERVABLE_TO_PROMISE: ReadonlySet<string> = new Set(["firstValueFrom", "lastValueFrom"]);
/** RxJS operators whose callback receives what the observable gives. */
const RX_OPERATORS: ReadonlySet<string> = new Set(["map", "tap", "filter", "switchMap", "mergeMap", "concatMap", "exhaustMap"]);
/** Of those, the ones that pass it on unchanged. */
const PASSING_OPERATORS: ReadonlySet<string> = new Set(["tap", "filter"]);
/** A name imported from RxJS (`rxjs`, `rxjs/operators`). */
function isRxjsImport(program: Program, identifier: Identifier): boolean {
  const source = program.resolve(identifier)?.source;
  return source?.kind === "import" && (source.source === "rxjs" || source.source === "rxjs/operators");
}

/** `firstValueFrom`/`lastValueFrom` imported from RxJS: a promise of what the observable it is given gives. */
export const isObservableToPromise = (program: Program, identifier: Identifier): boolean => OBSERVABLE_TO_PROMISE.has(identifier.name) && isRxjsImport(program, identifier);


type FunctionValue = Extract<Value, { kind: "function" }>;

/** Most values taken for one parameter of a function called back (the calls read). */
const MAX_CALLED_WITH = 4;

/** A call of the parameter (`callback(…)`), or a promise it is given to (`promise.then(callback)`: called with the promise's value). */
type ParameterUse = { call: CallExpression; through: "call" | "then" };

const usesCache = new WeakMap<FunctionNode, Map<number, ParameterUse[]>>();

/** Where `fn`'s parameter at `index` (a plain name) is called, or handed to `.then`, anywhere in its body. */
function parameterUses(program: Program, fn: FunctionNode, index: number): ParameterUse[] {
  let byIndex = usesCache.get(fn);
  if (!byIndex) usesCache.set(fn, (byIndex = new Map()));
  const cached = byIndex.get(index);
  if (cached) return cached;
  const uses: ParameterUse[] = [];
  const param = fn.params[index];
  if (param?.kind === "identifier-pattern") {
    const isParam = (node: Node): boolean => {
      if (node.kind !== "identifier") return false;
      const source = program.resolve(node)?.source;
      return source?.kind === "param" && source.fn === fn && source.index === index && source.steps.length === 0;
    };
    const visit = (node: Node): void => {
      if (node.kind === "call") {
        if (isParam(node.callee)) uses.push({ call: node, through: "call" });
        else if (node.callee.kind === "member" && node.callee.property === "then" && node.args[0] && isParam(node.args[0])) uses.push({ call: node, through: "then" });
      }
      forEachChild(node, visit);
    };
    forEachChild(fn, visit);
  }
  byIndex.set(index, uses);
  return uses;
}

/**
 * What `fn`, run with `args`, calls its parameter at `index` with, at `position` among the
 * arguments: the known values, one of them each call (a choice); unknown when it never calls it.
 */
export function calledWith(evaluator: Evaluator, fn: FunctionValue, args: Value[], index: number, position: number, env: Env | null, self?: Value): Value {
  const uses = parameterUses(fn.program, fn.fn, index);
  if (uses.length === 0) return UNKNOWN;
  const inner = evaluator.callEnv(fn, args, env, self);
  if (!inner) return UNKNOWN;
  const values: Value[] = [];
  for (const { call, through } of uses) {
    if (values.length >= MAX_CALLED_WITH) break;
    const given = through === "then" ? (position === 0 && call.callee.kind === "member" ? call.callee.object : null) : call.args[position];
    if (!given || given.kind === "spread") continue;
    const value = evaluator.value(fn.program, given, inner);
    if (value.kind !== "unknown") values.push(value);
  }
  return values.length === 0 ? UNKNOWN : values.length === 1 ? values[0]! : choiceOf(values);
}

/** The value a callback parameter receives: an element of the array it iterates, a promise's value, what the function it is given to calls it with. */
export function callbackArgument(evaluator: Evaluator, program: Program, fn: FunctionNode, paramIndex: number, env: Env | null): Value {
  const parent = program.meaningfulParent(fn);
  if (!parent || parent.kind !== "call" || !parent.args.includes(fn)) return UNKNOWN;
  const callee = parent.callee;
  // `evaluator.http.get(url).pipe(map((res) => …))`: the operator's callback receives what the observable gives.
  if (callee.kind === "identifier" && parent.args[0] === fn && paramIndex === 0 && RX_OPERATORS.has(callee.name) && isRxjsImport(program, callee)) {
    return observed(evaluator, program, parent, env);
  }
  // `https.get(url, (res) => …)`, `request(options, (res) => …)` imported from `https`: Node's response.
  const calleeName = callee.kind === "member" ? callee.property : callee.kind === "identifier" ? callee.name : null;
  if (paramIndex === 0 && parent.args.at(-1) === fn && (calleeName === "get" || calleeName === "request")) {
    const made = evaluator.call(program, parent, env).result;
    if (made.kind === "response" && made.request.library === "http") return made;
  }
  // `request(options, (error, response, body) => …)` of the request package: its response and body.
  if ((paramIndex === 1 || paramIndex === 2) && parent.args.at(-1) === fn && parent.args.length >= 2) {
    const made = evaluator.call(program, parent, env).result;
    if (made.kind === "response" && made.request.library === "request") return paramIndex === 1 ? made : { kind: "body", request: made.request };
  }
  // A callback given to a project function (`listRecords(zone, (error, records) => …)`): what
  // that function calls it with (`callback(null, body.result)`, `promise.then(done)`).
  const given = givenToProjectFunction(evaluator, program, parent, fn, paramIndex, env);
  if (given) return given;
  if (callee.kind !== "member" || callee.property === null) return UNKNOWN;
  const method = callee.property;
  // `res.on("data", (chunk) => …)` of Node's response: a piece of its body's text.
  if (paramIndex === 0 && method === "on" && parent.args[1] === fn && parent.args[0] && staticText(evaluator.value(program, parent.args[0], env)) === "data") {
    const source = evaluator.value(program, callee.object, env);
    if (source.kind === "response" && source.request.library === "http") return { kind: "stream", request: source.request };
  }
  // `Array.from(ids, (id) => …)`: the mapping function receives each element.
  if (method === "from" && callee.object.kind === "identifier" && callee.object.name === "Array" && !program.resolve(callee.object) && parent.args[1] === fn && paramIndex === 0) {
    return parent.args[0] ? evaluator.elementOf(evaluator.value(program, parent.args[0], env)) : UNKNOWN;
  }
  const elementParam = ELEMENT_CALLBACKS[method];
  if (elementParam !== undefined && parent.args[0] === fn && paramIndex >= elementParam) {
    const iterated = evaluator.value(program, callee.object, env);
    // A Ruby hash's block (`SETTINGS.each do |name, value|`): its keys and values; one
    // parameter takes the pair. (A JavaScript object has no such method of its own.)
    if (iterated.kind === "object" && !iterated.map && iterated.get(method) === undefined) {
      const pairs = fn.params.length - elementParam > 1;
      if (paramIndex > elementParam + 1 || (!pairs && paramIndex > elementParam)) return UNKNOWN;
      return turnOf(evaluator, iterated, !pairs ? "pairs" : paramIndex === elementParam ? "keys" : "values");
    }
    if (paramIndex === elementParam) return evaluator.elementOf(iterated);
  }
  if (method === "then" && parent.args[0] === fn && paramIndex === 0) return evaluator.value(program, callee.object, env);
  return UNKNOWN;
}

function givenToProjectFunction(evaluator: Evaluator, program: Program, call: CallExpression, fn: FunctionNode, paramIndex: number, env: Env | null): Value | null {
  const target = evaluator.callTarget(program, call, env);
  if (!target || target.fn.fn === fn) return null;
  const value = calledWith(evaluator, target.fn, target.args, call.args.indexOf(fn), paramIndex, env, target.self);
  return value.kind === "unknown" ? null : value;
}

/**
 * What an RxJS operator of a `pipe(…)` receives: what the piped observable gives, when the
 * operators before it pass it on unchanged (`tap`, `filter`); else not known.
 */
function observed(evaluator: Evaluator, program: Program, operator: CallExpression, env: Env | null): Value {
  const pipe = program.meaningfulParent(operator);
  if (pipe?.kind !== "call" || pipe.callee.kind !== "member" || pipe.callee.property !== "pipe") return UNKNOWN;
  const position = pipe.args.indexOf(operator);
  const before = pipe.args.slice(0, position);
  const unchanged = before.every((arg) => arg.kind === "call" && arg.callee.kind === "identifier" && PASSING_OPERATORS.has(arg.callee.name));
  return position >= 0 && unchanged ? evaluator.value(program, pipe.callee.object, env) : UNKNOWN;
}
