/**
 * Fields an instance is given by methods called on it earlier in the same function: a request
 * object configured step by step, then sent.
 *
 *     $this->request->setType(Request::PATCH);   // public function setType($t) { $this->type = $t; }
 *     $this->request->resolve($endpoint);         // curl_setopt($ch, CURLOPT_CUSTOMREQUEST, $this->type)
 *
 * A method that runs on an instance reads those fields before what its class declares (see
 * `thisMember`). Only calls on the same receiver, written the same way (`$this->request`,
 * `client`), before the call in the same function; a setter's assignments that its arguments
 * rule out (a `switch ($type)` of cases) are left out. A call in a branch that does not hold the
 * later call may or may not have run: its value is one choice, with what was there before.
 */
import type { CallExpression, Expression, FunctionNode, Node } from "../ir.js";
import type { Program } from "../program.js";
import { choiceOf, type Env, type Value } from "../values.js";
import { forEachChild } from "../walk.js";
import { classMember } from "./classes.js";
import { inBranchWithout, mayRun } from "./conditions.js";
import { withField, type Evaluator } from "./evaluator.js";

type Instance = Extract<Value, { kind: "instance" }>;

/** Most earlier calls on a receiver looked at (a long script configuring one client). */
const MAX_SETTER_CALLS = 32;

/**
 * `receiver` as the method called by `call` sees it: with the fields that earlier calls on the
 * same receiver expression set (`undefined` when none did).
 */
export function fieldsSetBefore(evaluator: Evaluator, program: Program, call: CallExpression, receiverExpression: Expression, receiver: Instance, env: Env | null): ReadonlyMap<string, Value> | undefined {
  // A chain of calls that each return the instance (`$this->build_request($route)->fetch()`,
  // `req.method("PATCH").send()`): what the chain's calls set, over what was set before it.
  if (receiverExpression.kind === "call" && receiverExpression.callee.kind === "member" && receiverExpression.callee.property !== null) {
    const before = fieldsSetBefore(evaluator, program, call, receiverExpression.callee.object, receiver, env);
    const method = classMember(evaluator, receiver.program, receiver.cls, receiverExpression.callee.property, false);
    if (method?.kind !== "function" || !Array.isArray(method.fn.body)) return before;
    const inner = evaluator.callEnv(method, evaluator.args(program, receiverExpression, env), env, before ? { ...receiver, fields: before } : receiver);
    if (!inner) return before;
    const fields = new Map(before ?? []);
    for (const [field, value] of fieldWrites(evaluator, method.program, method.fn, inner)) fields.set(field, value);
    return fields.size > 0 ? fields : undefined;
  }
  // In a function, or in the module's top-level code.
  const fn = program.enclosingFunction(call);
  const body = fn ? fn.body : program.module.body;
  if (!Array.isArray(body)) return undefined;
  const earlier = earlierCallsOn(body, call, program, receiverExpression);
  if (earlier.length === 0) return undefined;
  /** Per field: the values it may hold, the first being what was there before when only branches set it. */
  const options = new Map<string, Value[]>();
  for (const setterCall of earlier) {
    const name = (setterCall.callee as Extract<Expression, { kind: "member" }>).property!;
    const method = classMember(evaluator, receiver.program, receiver.cls, name, false);
    if (method?.kind !== "function" || !Array.isArray(method.fn.body) || !writesFields(method.fn)) continue;
    const inner = evaluator.callEnv(method, evaluator.args(program, setterCall, env), env, receiver);
    if (!inner) continue;
    const certain = !inBranchWithout(program, fn, setterCall, call);
    for (const [field, value] of fieldWrites(evaluator, method.program, method.fn, inner)) {
      const before = options.get(field);
      if (certain || !before) options.set(field, certain ? [value] : [classMember(evaluator, receiver.program, receiver.cls, field, false) ?? { kind: "unknown" }, value]);
      else before.push(value);
    }
  }
  if (options.size === 0) return undefined;
  return new Map([...options].map(([field, values]) => [field, choiceOf(values)]));
}

/** Whether a method assigns to a field of `this` at all (`this.x = …`, `$this->x['k'] = …`): most calls set nothing. */
function writesFields(fn: FunctionNode): boolean {
  let known = fieldWriters.get(fn);
  if (known === undefined) {
    known = false;
    const visit = (node: Node) => {
      if (known || node.kind === "function") return;
      if (node.kind === "assign" && node.target.kind === "expression-pattern") {
        const target = node.target.expression;
        if (target.kind === "member" && (target.object.kind === "this" || (target.object.kind === "member" && target.object.object.kind === "this"))) known = true;
      }
      forEachChild(node, visit);
    };
    for (const statement of fn.body as Node[]) visit(statement);
    fieldWriters.set(fn, known);
  }
  return known;
}
const fieldWriters = new WeakMap<FunctionNode, boolean>();

/** The earlier calls found for a receiver expression (each belongs to one call): the walk is the same whatever the values. */
const earlierCalls = new WeakMap<Expression, CallExpression[]>();

/** Calls of a method on the same receiver expression, in `body` (not in functions inside it), ending before `call` begins. */
function earlierCallsOn(body: readonly Node[], call: CallExpression, program: Program, receiverExpression: Expression): CallExpression[] {
  const known = earlierCalls.get(receiverExpression);
  if (known) return known;
  const found = collectEarlierCalls(body, call, program, receiverExpression);
  earlierCalls.set(receiverExpression, found);
  return found;
}

function collectEarlierCalls(body: readonly Node[], call: CallExpression, program: Program, receiverExpression: Expression): CallExpression[] {
  const found: CallExpression[] = [];
  const visit = (node: Node) => {
    if (found.length >= MAX_SETTER_CALLS || node.range[0] >= call.range[0]) return;
    if (node.kind === "function") return;
    if (node.kind === "call" && node.range[1] <= call.range[0] && node.callee.kind === "member" && node.callee.property !== null && sameReceiver(program, node.callee.object, receiverExpression)) found.push(node);
    forEachChild(node, visit);
  };
  for (const statement of body) visit(statement);
  return found;
}

/** The same receiver, written the same way: `this`, one variable, the same properties of either. */
function sameReceiver(program: Program, a: Expression, b: Expression): boolean {
  if (a.kind === "this" || b.kind === "this") return a.kind === b.kind;
  if (a.kind === "identifier" && b.kind === "identifier") {
    const binding = program.resolve(a);
    return binding !== null && binding === program.resolve(b);
  }
  if (a.kind === "member" && b.kind === "member") return a.property !== null && a.property === b.property && sameReceiver(program, a.object, b.object);
  return false;
}

/**
 * The fields a method sets on `this` (`$this->type = …`, `this.method = …`) in branches its
 * arguments may take, each with what it is set to: a write outside any branch replaces what came
 * before it; one in a branch is one possibility more (each case of a `switch`).
 */
function fieldWrites(evaluator: Evaluator, program: Program, fn: FunctionNode, env: Env): [string, Value][] {
  const writes: [string, Value, boolean][] = [];
  const visit = (node: Node) => {
    if (node.kind === "function") return;
    if (node.kind === "assign" && node.operator === "=" && node.target.kind === "expression-pattern") {
      const target = node.target.expression;
      const always = !inBranchWithout(program, fn, node, fn);
      if (target.kind === "member" && target.object.kind === "this" && target.property !== null && mayRun(evaluator, program, fn, node, env)) {
        writes.push([target.property, evaluator.value(program, node.value, env), always]);
      } else if (target.kind === "member" && target.property !== null && target.object.kind === "member" && target.object.object.kind === "this" && target.object.property !== null && mayRun(evaluator, program, fn, node, env)) {
        // `$this->args['method'] = $method`: that key of the field, over what the field held.
        const field = target.object.property;
        const held = writes.findLast(([name]) => name === field)?.[1] ?? evaluator.value(program, target.object, env);
        writes.push([field, withField(held, target.property, evaluator.value(program, node.value, env)), always]);
      }
    }
    forEachChild(node, visit);
  };
  for (const statement of fn.body as Node[]) visit(statement);
  const byField = new Map<string, Value[]>();
  for (const [field, value, always] of writes) byField.set(field, always ? [value] : [...(byField.get(field) ?? []), value]);
  return [...byField].map(([field, values]) => [field, choiceOf(values)]);
}
