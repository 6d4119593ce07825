/**
 * What a function handed to another is called with: a `new Promise` executor's `resolve(value)`,
 * a callback given to a project function (`getRecords(zone, (error, records) => …)` where the
 * function calls `callback(null, body.result)`, or passes it on: `.then(done)`).
 */
import type { CallExpression, FunctionNode, Node } from "../ir.js";
import type { Program } from "../program.js";
import { forEachChild } from "../walk.js";
import { UNKNOWN, choiceOf, type Env, type Value } from "../values.js";
import type { Evaluator } from "./evaluator.js";

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
