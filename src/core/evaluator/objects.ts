/**
 * Object literals as values: their properties (spreads included, a module's namespace among
 * them), and what is set on an object after its declaration (`init.method = "DELETE"`).
 */
import type { Expression, ObjectLiteral } from "../ir.js";
import type { Binding, Program } from "../program.js";
import { UNKNOWN, choiceOf, staticText, type Env, type ObjectValue, type Value } from "../values.js";
import type { Evaluator } from "./evaluator.js";
import { mayRun, surelyRuns } from "./conditions.js";
import { asObject } from "./modules.js";

/** An object literal's value; its properties are worked out when asked for. */
export function objectValue(evaluator: Evaluator, program: Program, node: ObjectLiteral, env: Env | null): ObjectValue {
  let open: boolean | undefined;
  /** Keys being worked out, and whether the keys are being listed (see `get`). */
  const working = new Set<string>();
  let listingKeys = false;
  const spreadAt = (index: number): ObjectValue[] | null => {
    const property = node.properties[index]!;
    return property.kind === "spread" ? spreadObjects(evaluator, program, property.argument, env) : [];
  };
  /** The key's value as the properties up to `last` leave it. */
  const valueUpTo = (last: number, key: string): Value | undefined => {
    for (let index = last; index >= 0; index--) {
      const property = node.properties[index]!;
      if (property.kind === "spread") {
        const objects = spreadAt(index);
        if (objects === null) return UNKNOWN;
        const found = objects.map((object) => object.get(key));
        const given = found.filter((value): value is Value => value !== undefined);
        if (given.length === 0) continue;
        // `...(body ? { body } : {})`: the key is the spread's where it has one, else the earlier one's.
        const earlier = given.length < found.length ? valueUpTo(index - 1, key) : undefined;
        return choiceOf(earlier === undefined ? given : [...given, earlier]);
      } else if (property.key === key) {
        return evaluator.value(program, property.value, env);
      } else if (property.key === null) {
        return UNKNOWN;
      }
    }
    return undefined;
  };
  return {
    kind: "object",
    node,
    program,
    env,
    /** Open when a computed key or a spread of something not fully known may add properties. */
    get open() {
      if (open === undefined) {
        // Asked for while it is worked out (an object spreading itself): open.
        open = true;
        open = evaluator.nested(() => node.properties.some((property, index) => (property.kind === "property" ? property.key === null : spreadAt(index)?.every((object) => !object.open) !== true)), true);
      }
      return open;
    },
    // An object that spreads itself (`state = { ...state, page }`, `this.options = { ...this.options, ...given }`):
    // a key asked for while it is worked out is not known, as are keys nested too deep (see `Evaluator.nested`).
    get: (key: string) => {
      if (working.has(key)) return UNKNOWN;
      working.add(key);
      try {
        return evaluator.nested(() => valueUpTo(node.properties.length - 1, key), UNKNOWN);
      } finally {
        working.delete(key);
      }
    },
    keys() {
      if (listingKeys) return [];
      listingKeys = true;
      try {
        return evaluator.nested(() => {
          const keys = new Set<string>();
          node.properties.forEach((property, index) => {
            if (property.kind === "property") {
              if (property.key !== null) keys.add(property.key);
            } else for (const object of spreadAt(index) ?? []) for (const key of object.keys()) keys.add(key);
          });
          return [...keys];
        }, []);
      } finally {
        listingKeys = false;
      }
    },
  };
}

/**
 * The objects a spread may add (a module's namespace spreads its exports: `{ ...require("./paths")
 * }`; `...(body ? { body } : {})` either), none for `null` or `false`; null when not known.
 */
function spreadObjects(evaluator: Evaluator, program: Program, argument: Expression, env: Env | null): ObjectValue[] | null {
  const value = evaluator.value(program, argument, env);
  const objects: ObjectValue[] = [];
  for (const option of value.kind === "choice" ? value.options : [value]) {
    const object = asObject(evaluator, option);
    if (object.kind === "object") objects.push(object);
    else if (object.kind !== "null" && object.kind !== "boolean") return null;
  }
  return objects;
}

/**
 * An object with the properties set on it after its declaration (`init.method = "DELETE"`): a
 * property written is any of its written values, and of the one it was declared with, if any
 * (where each write happens is not followed). A key computed from a value opens the object.
 */
export function withMemberWrites(evaluator: Evaluator, program: Program, object: ObjectValue, writes: Binding["memberWrites"], env: Env | null): ObjectValue {
  return {
    kind: "object",
    node: object.node,
    program: object.program,
    env: object.env ?? null,
    get open() {
      return object.open || writes.some((write) => write.key === null);
    },
    get(key) {
      return writtenOver(evaluator, program, object, key, writes, env);
    },
    keys: () => [...new Set([...object.keys(), ...writes.flatMap((write) => (write.key === null ? [] : [write.key]))])],
    // `byName[record.name] = record` (in a loop over records): stored under keys not known here.
    unkeyed: () => [...(object.unkeyed?.() ?? []), ...writes.flatMap((write) => (write.key === null && write.value ? [evaluator.value(program, write.value, env)] : []))],
  };
}

/**
 * A `Map` with the rows `set` on it after it is made (`byName.set(record.name, record)` in a loop
 * over records): a row whose key is known is read by it; the others are stored under keys not
 * known here. Other maps come back as they are.
 */
export function withMapSets(evaluator: Evaluator, program: Program, map: ObjectValue, binding: Binding, env: Env | null): ObjectValue {
  const sets = program.calls.filter(
    (call) => call.callee.kind === "member" && call.callee.property === "set" && call.args.length === 2 && call.callee.object.kind === "identifier" && program.resolve(call.callee.object) === binding,
  );
  if (sets.length === 0) return map;
  let rows: { key: string | null; value: Value }[] | null = null;
  const rowsSet = () =>
    (rows ??= sets.map((call) => ({ key: staticText(evaluator.value(program, call.args[0]!, env)), value: evaluator.value(program, call.args[1]!, env) })));
  return {
    ...map,
    get(key) {
      return declaredOrWritten(map.get(key), rowsSet().filter((row) => row.key === key).map((row) => row.value));
    },
    keys: () => [...new Set([...map.keys(), ...rowsSet().flatMap((row) => (row.key === null ? [] : [row.key]))])],
    unkeyed: () => [...(map.unkeyed?.() ?? []), ...rowsSet().flatMap((row) => (row.key === null && row.value.kind !== "unknown" ? [row.value] : []))],
  };
}

/**
 * A key's value after the writes to it: a write in a branch the arguments rule out (`case
 * "DELETE":` switched on `"PATCH"`) is left out; one that surely runs, in the function that made
 * the object (outside any branch, or in the branches the arguments take), replaces what was
 * declared and written before it; the others are one possibility more.
 */
function writtenOver(evaluator: Evaluator, program: Program, object: ObjectValue, key: string, writes: Binding["memberWrites"], env: Env | null): Value | undefined {
  const keyed = writes.filter((write) => write.key === key);
  if (keyed.length === 0) return object.get(key);
  const home = object.program === program && object.node ? program.enclosingFunction(object.node) : null;
  let declared = object.get(key);
  const written: Value[] = [];
  for (const write of [...keyed].sort((a, b) => a.keyRange[0] - b.keyRange[0])) {
    const fn = write.value ? program.enclosingFunction(write.value) : null;
    if (fn && !mayRun(evaluator, program, fn, write.value!, env)) continue;
    const value = write.value ? evaluator.value(program, write.value, env) : UNKNOWN;
    if (fn && fn === home && surelyRuns(evaluator, program, fn, write.value!, env)) {
      declared = value;
      written.length = 0;
    } else written.push(value);
  }
  return declaredOrWritten(declared, written);
}

/** A key's value: the one it was declared with, or any of those written to it after (`undefined` when neither). */
function declaredOrWritten(declared: Value | undefined, written: Value[]): Value | undefined {
  if (written.length === 0) return declared;
  const values = declared === undefined ? written : [declared, ...written];
  return values.length === 1 ? values[0] : choiceOf(values);
}
