/**
 * Lists and their methods: `join`, `map`, `flatMap`, `flat`, `slice`, `concat`, `filter`, `find`
 * and `reduce` of a list whose elements are known, each giving a list (or a string, an element, a
 * value) whose elements are known in turn.
 */
import type { CallExpression } from "../ir.js";
import type { Program } from "../program.js";
import { UNKNOWN, choiceOf, partsOf, staticText, stringValue, type Env, type Value } from "../values.js";
import { callbackTest, truthiness, type Truth } from "./conditions.js";
import type { Evaluator } from "./evaluator.js";

/** Most elements a `map` (`filter`, `find`, `reduce`) over a list runs its callback for (each once, when the list is read). */
const MAX_MAPPED = 256;

type ListValue = Extract<Value, { kind: "array" }>;

/** `[…].join(sep)`, `map(fn)`, `filter(fn)`, `slice(a, b)`, `concat(…)`…; `null` for other array methods. */
export function arrayMethodCall(evaluator: Evaluator, program: Program, node: CallExpression, receiver: ListValue, name: string, env: Env | null): Value | null {
  if (name === "map" || name === "flatMap") {
    // `hosts.map((value) => ({ key: "ClientRequestHost", operator: "eq", value }))`: the list of what the callback gives for each element.
    const callback = node.args[0] ? evaluator.value(program, node.args[0], env) : UNKNOWN;
    const elements = receiver.elements();
    if (callback.kind !== "function" || elements.length > MAX_MAPPED) return UNKNOWN;
    let mapped: Value[] | null = null;
    const map = () => (mapped ??= elements.map((element, index) => evaluator.invoke(callback, [element, { kind: "number", value: index }, receiver], env)));
    return { kind: "array", elements: name === "map" ? map : () => flattened(map(), 1) };
  }
  if (name === "flat") {
    // `[["brotli"], ["minify", "ssl"]].flat()`: nested lists opened to the depth asked (1 unless a number says).
    const depth = node.args[0] ? evaluator.value(program, node.args[0], env) : ({ kind: "number", value: 1 } as const);
    if (depth.kind !== "number") return UNKNOWN;
    return { kind: "array", elements: () => flattened(receiver.elements(), depth.value) };
  }
  if (name === "filter" || name === "find" || name === "findLast") {
    // `[API, "zones", zone].filter(Boolean)`, `SETTINGS.filter((s) => s !== "ssl")`: the elements the test may keep.
    const test = elementTest(evaluator, program, node, receiver, env);
    const elements = receiver.elements();
    if (!test || elements.length > MAX_MAPPED) return null;
    if (name === "filter") {
      let kept: Value[] | null = null;
      return { kind: "array", elements: () => (kept ??= elements.filter((element, index) => test(element, index) !== false)) };
    }
    return found(elements, test, name === "findLast");
  }
  if (name === "reduce" || name === "reduceRight") {
    // `["zones", zone, "settings"].reduce((path, part) => `${path}/${part}`, API)`: the callback run over the list in turn.
    const callback = node.args[0] ? evaluator.value(program, node.args[0], env) : UNKNOWN;
    const elements = receiver.elements();
    if (callback.kind !== "function" || elements.length > MAX_MAPPED) return UNKNOWN;
    const order = elements.map((_, index) => index);
    if (name === "reduceRight") order.reverse();
    const seeded = node.args.length > 1;
    let accumulated = seeded ? evaluator.value(program, node.args[1]!, env) : (elements[order[0]!] ?? UNKNOWN);
    for (const index of seeded ? order : order.slice(1)) {
      accumulated = evaluator.invoke(callback, [accumulated, elements[index]!, { kind: "number", value: index }, receiver], env);
    }
    return accumulated;
  }
  // `HOSTS.at(-1)`: the element at an index written as a number (negative from the end).
  if (name === "at") {
    const [at] = evaluator.args(program, node, env);
    if (at?.kind !== "number") return evaluator.elementOf(receiver);
    const elements = receiver.elements();
    return elements.at(at.value) ?? UNKNOWN;
  }
  // `[...names].reverse()`: the same elements the other way round; `sort(…)` keeps them, in an
  // order known only when there is one element, or all stand for the same (a response's records).
  if (name === "reverse" || name === "toReversed") return { kind: "array", elements: () => [...receiver.elements()].reverse() };
  if (name === "sort" || name === "toSorted") {
    const elements = receiver.elements();
    return elements.length <= 1 || elements.every((element) => element.kind === "record") ? receiver : UNKNOWN;
  }
  // `queue.shift()`, `stack.pop()`: one of its elements (which one depends on the order of the calls).
  if (name === "shift" || name === "pop") return evaluator.elementOf(receiver);
  // `LIST.entries()`, `keys()`, `values()`: `[index, element]` rows, the indexes, the elements.
  if (name === "entries" || name === "keys" || name === "values") return indexed(receiver, name);
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
  return separator === null ? UNKNOWN : joined(receiver.elements(), separator);
}

/**
 * `ids.map((id) => …)` over a list whose elements are not listed here (a parameter, a response's
 * DNS records): a list of what the callback gives for one `element` (not known, or a record), one
 * representing them all (its length is not known either: what reads it as a whole reads a lower
 * bound). `flatMap` opens what it gives.
 */
export function mappedUnlistedElements(evaluator: Evaluator, program: Program, node: CallExpression, name: "map" | "flatMap", element: Value, env: Env | null): Value {
  const callback = node.args[0] ? evaluator.value(program, node.args[0], env) : UNKNOWN;
  if (callback.kind !== "function") return UNKNOWN;
  let mapped: Value[] | null = null;
  const map = () => (mapped ??= [evaluator.invoke(callback, [element, UNKNOWN], env)]);
  return { kind: "array", elements: name === "map" ? map : () => flattened(map(), 1) };
}

/** The elements put together with `separator` between them (`[…].join("/")`, Python's `"/".join([…])`). */
export function joined(elements: readonly Value[], separator: string): Value {
  return stringValue(elements.flatMap((element, index) => [...(index > 0 ? [{ text: separator, origin: null }] : []), ...partsOf(element, null)]));
}

/** A list's `entries()` (`[index, element]`, as Python's `enumerate`), `keys()` or `values()`. */
export function indexed(list: ListValue, name: "entries" | "keys" | "values"): Value {
  if (name === "values") return list;
  return {
    kind: "array",
    elements: () =>
      list.elements().map((element, index): Value => {
        const position: Value = { kind: "number", value: index };
        return name === "keys" ? position : { kind: "array", elements: () => [position, element] };
      }),
  };
}

/** Python's `zip(a, b, …)`: rows of the elements at each index, as long as the shortest list. */
export function zipped(lists: readonly ListValue[]): Value {
  return {
    kind: "array",
    elements: () => {
      const columns = lists.map((list) => list.elements());
      const length = Math.min(...columns.map((column) => column.length));
      return Array.from({ length }, (_, index): Value => ({ kind: "array", elements: () => columns.map((column) => column[index]!) }));
    },
  };
}

/** The lists among `values` opened `depth` levels deep, as `flat(depth)` does. */
function flattened(values: Value[], depth: number): Value[] {
  // A response's DNS records opened: each a record (one stands for them all).
  return values.flatMap((value): Value[] => {
    if (depth < 1) return [value];
    if (value.kind === "array") return flattened(value.elements(), depth - 1);
    return value.kind === "records" ? [{ kind: "record", srv: value.srv, via: value.via }] : [value];
  });
}

type ElementTest = (element: Value, index: number) => Truth;

/** The test a `filter`/`find` applies to each element: its callback, or `Boolean`; `null` when it is neither. */
function elementTest(evaluator: Evaluator, program: Program, node: CallExpression, receiver: ListValue, env: Env | null): ElementTest | null {
  const argument = node.args[0];
  if (!argument) return null;
  if (argument.kind === "identifier" && argument.name === "Boolean" && !program.resolve(argument)) return truthiness;
  const callback = evaluator.value(program, argument, env);
  if (callback.kind !== "function") return null;
  return (element, index) => callbackTest(evaluator, callback, [element, { kind: "number", value: index }, receiver], env);
}

/**
 * What `find` gives: the first element the test keeps, or any of those it may keep before one it
 * surely keeps. A test that decides nothing (`(row) => row.id === id` with `id` unknown) is a
 * lookup by an unknown key: unknown, as `TABLE[id]` is, not every row.
 */
function found(elements: Value[], test: ElementTest, fromTheEnd: boolean): Value {
  const candidates: Value[] = [];
  let decided = false;
  for (let step = 0; step < elements.length; step++) {
    const index = fromTheEnd ? elements.length - 1 - step : step;
    const truth = test(elements[index]!, index);
    if (truth !== null) decided = true;
    if (truth === false) continue;
    candidates.push(elements[index]!);
    if (truth === true) break;
  }
  return candidates.length === 0 || !decided ? UNKNOWN : choiceOf(candidates);
}
