/**
 * Lists and their methods: `join`, `map`, `slice` and `concat` of a list whose elements are
 * known, each giving a list (or string) whose elements are known in turn.
 */
import type { CallExpression } from "../ir.js";
import type { Program } from "../program.js";
import { UNKNOWN, partsOf, staticText, stringValue, type Env, type Value } from "../values.js";
import type { Evaluator } from "./evaluator.js";

/** Most elements a `map` over a list runs its callback for (each once, when the list is read). */
const MAX_MAPPED = 256;

/** `[…].join(sep)`, `map(fn)`, `slice(a, b)`, `concat(…)`; `null` for other array methods. */
export function arrayMethodCall(evaluator: Evaluator, program: Program, node: CallExpression, receiver: Extract<Value, { kind: "array" }>, name: string, env: Env | null): Value | null {
  if (name === "map") {
    // `hosts.map((value) => ({ key: "ClientRequestHost", operator: "eq", value }))`: the list of what the callback gives for each element.
    const callback = node.args[0] ? evaluator.value(program, node.args[0], env) : UNKNOWN;
    const elements = receiver.elements();
    if (callback.kind !== "function" || elements.length > MAX_MAPPED) return UNKNOWN;
    let mapped: Value[] | null = null;
    return { kind: "array", elements: () => (mapped ??= elements.map((element, index) => evaluator.invoke(callback, [element, { kind: "number", value: index }], env))) };
  }
  if (name === "slice") {
    // `HOSTS.slice(0, 3)`: the elements between two indexes written as numbers (negative from the end).
    const bounds = evaluator.args(program, node, env);
    if (bounds.some((bound) => bound.kind !== "number")) return UNKNOWN;
    const [start, end] = bounds as Extract<Value, { kind: "number" }>[];
    return { kind: "array", elements: () => receiver.elements().slice(start?.value, end?.value) };
  }
  if (name === "concat") {
    // `[...BASE, "firewall"].concat(["rules"])`: lists joined, a value that is no list added as one element.
    const more = evaluator.args(program, node, env);
    return { kind: "array", elements: () => [...receiver.elements(), ...more.flatMap((value) => (value.kind === "array" ? value.elements() : [value]))] };
  }
  if (name !== "join") return null;
  const separator = node.args[0] ? staticText(evaluator.value(program, node.args[0], env)) : ",";
  if (separator === null) return UNKNOWN;
  const parts = receiver.elements().flatMap((element, index) => [...(index > 0 ? [{ text: separator, origin: null }] : []), ...partsOf(element, null)]);
  return stringValue(parts);
}
