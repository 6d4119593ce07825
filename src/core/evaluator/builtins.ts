/**
 * The language's own functions and methods that shape strings and objects: `String()`,
 * `encodeURIComponent`, `JSON.stringify`, `Object.assign`, `Object.freeze`, string
 * `concat`/`replace`, `new URL` and `new Request`. Lists and their methods are in lists.ts.
 */
import type { CallExpression, NewExpression } from "../ir.js";
import type { Program } from "../program.js";
import { UNKNOWN, concat, isHole, partsOf, staticText, stringValue, text, type ObjectValue, type StringPart, type StringValue, type Value, type Env } from "../values.js";
import type { Evaluator } from "./evaluator.js";
import { calledWith } from "./callbacks.js";
import { hintOf } from "./hints.js";
import { parsedResponseText, responseTextOfPieces } from "./responses.js";
import { asObject, importedValue, requiredValue } from "./modules.js";
import { indexed, joined, zipped } from "./lists.js";
import { formatPlaceholders, replaceEveryText, replacePattern, replaceText, resolveUrl } from "./url-values.js";

/** A call of a global function the file does not declare; `null` when it is not one we know. */
export function globalFunctionCall(evaluator: Evaluator, program: Program, name: string, node: CallExpression, env: Env | null): Value | null {
  const first = node.args[0];
  switch (name) {
    case "require": {
      const specifier = first ? staticText(evaluator.value(program, first, env)) : null;
      return specifier === null ? UNKNOWN : requiredValue(evaluator, program, specifier);
    }
    // `await import("./paths")` (both lowerings give a dynamic import as a call of `import`, a
    // name no code can declare): the module's namespace, as `import * as` gives it.
    case "import": {
      const specifier = first ? staticText(evaluator.value(program, first, env)) : null;
      return specifier === null ? UNKNOWN : importedValue(evaluator, program, specifier, "*");
    }
    case "String":
      return first ? evaluator.value(program, first, env) : text("");
    // `structuredClone(record)`: a copy, read as the value copied.
    case "structuredClone":
      return first ? evaluator.value(program, first, env) : UNKNOWN;
    // Python's `enumerate(NAMES)` and `zip(NAMES, VALUES)` (no JavaScript global has these names).
    case "enumerate": {
      const list = first ? evaluator.value(program, first, env) : UNKNOWN;
      if (list.kind === "array") return indexed(list, "entries");
      // DNS records of a response, a choice…: [index, any element].
      const element = evaluator.elementOf(list);
      return element.kind === "unknown" ? UNKNOWN : { kind: "array", elements: () => [{ kind: "array", elements: () => [UNKNOWN, element] }] };
    }
    case "zip": {
      const lists = evaluator.args(program, node, env);
      return lists.length > 0 && lists.every((list) => list.kind === "array") ? zipped(lists as Extract<Value, { kind: "array" }>[]) : UNKNOWN;
    }
    case "encodeURIComponent":
    case "encodeURI":
    case "escape": {
      const value = first ? evaluator.value(program, first, env) : UNKNOWN;
      const literal = staticText(value);
      return literal !== null && /^[\w.~-]*$/.test(literal) ? value : stringValue([{ hole: true, hint: first ? hintOf(first) : null }]);
    }
    default:
      return null;
  }
}

/** Methods of `Object` that return their argument as it is (frozen tables of paths and settings). */
const RETURNS_ITS_ARGUMENT = new Set(["freeze", "seal", "preventExtensions"]);

/** `JSON.stringify(x)`, `Object.assign(…)`, `Object.freeze(x)`; `null` for any other method of a global object. */
export function globalMethodCall(evaluator: Evaluator, program: Program, object: string, name: string, node: CallExpression, env: Env | null): Value | null {
  if (object === "JSON" && name === "stringify") {
    return { kind: "stringified", value: node.args[0] ? evaluator.value(program, node.args[0], env) : UNKNOWN };
  }
  // `Buffer.concat(chunks)` of the chunks of a response's body (`res.on("data", (c) => chunks.push(c))`): its text.
  if (object === "Buffer" && name === "concat") {
    const chunks = node.args[0] ? evaluator.value(program, node.args[0], env) : UNKNOWN;
    return (chunks.kind === "array" && chunks.elements().every((chunk) => chunk.kind !== "unknown") ? responseTextOfPieces(chunks.elements()) : null) ?? UNKNOWN;
  }
  if (object === "JSON" && name === "parse") return (node.args[0] ? parsedResponseText(evaluator.value(program, node.args[0], env)) : null) ?? UNKNOWN;
  if (object === "Object" && name === "assign") return mergedObject(evaluator.args(program, node, env).map((arg) => asObject(evaluator, arg)));
  if (object === "Object" && RETURNS_ITS_ARGUMENT.has(name)) return node.args[0] ? evaluator.value(program, node.args[0], env) : UNKNOWN;
  if (object === "Array" && name === "of") return { kind: "array", elements: () => evaluator.args(program, node, env) };
  if (object === "Array" && name === "from") {
    // `Array.from(new Set(ids))`, `Array.from(ids, (id) => …)`: the list, mapped when a function is given.
    const [items, mapper] = evaluator.args(program, node, env);
    if (items?.kind !== "array") return UNKNOWN;
    if (!mapper) return items;
    if (mapper.kind !== "function") return UNKNOWN;
    let mapped: Value[] | null = null;
    return { kind: "array", elements: () => (mapped ??= items.elements().slice(0, 256).map((element, index) => evaluator.invoke(mapper, [element, { kind: "number", value: index }], env))) };
  }
  // `await Promise.all(zones.map((zone) => listRecords(zone)))`: the list, each promise its value
  // (awaiting is transparent here); `race`/`any`: one of them.
  if (object === "Promise" && name === "resolve") return node.args[0] ? evaluator.value(program, node.args[0], env) : UNKNOWN;
  if (object === "Promise" && (name === "all" || name === "race" || name === "any")) {
    const list = node.args[0] ? evaluator.value(program, node.args[0], env) : UNKNOWN;
    if (name !== "all") return evaluator.elementOf(list);
    return list.kind === "array" || list.kind === "records" ? list : UNKNOWN;
  }
  // `Object.fromEntries([["limits", "rate_limits"], …])`: an object of those rows (open where a row's key is not known).
  if (object === "Object" && name === "fromEntries") {
    const { known, complete, unkeyed } = knownRows(node.args[0] ? evaluator.value(program, node.args[0], env) : null);
    return { kind: "object", node: null, program: null, open: !complete, get: (key) => known.get(key), keys: () => [...known.keys()], ...(unkeyed.length > 0 ? { unkeyed: () => unkeyed } : {}) };
  }
  if (object === "Object" && (name === "keys" || name === "values" || name === "entries")) {
    const table = node.args[0] ? asObject(evaluator, evaluator.value(program, node.args[0], env)) : UNKNOWN;
    // (An object filled under keys not known: its values are known, its keys not all.)
    return table.kind === "object" && (!table.open || (table.unkeyed && name !== "keys")) ? tableList(table, name) : UNKNOWN;
  }
  return null;
}

/** `Object.keys(table)`, `values`, `entries` of an object (a `Map`'s own `keys()`…): a list to iterate. */
export function tableList(table: ObjectValue, name: "keys" | "values" | "entries"): Value {
  const valueOf = (key: string) => table.get(key) ?? UNKNOWN;
  return {
    kind: "array",
    elements: () => [
      ...table.keys().map((key): Value => {
        if (name === "keys") return text(key);
        if (name === "values") return valueOf(key);
        return { kind: "array", elements: () => [text(key), valueOf(key)] };
      }),
      // Values stored under keys not known here: one row for each, its key not known.
      ...(name === "keys" ? [] : (table.unkeyed?.() ?? []).map((value): Value => (name === "values" ? value : { kind: "array", elements: () => [UNKNOWN, value] }))),
    ],
  };
}

const upper = (text: string) => text.toUpperCase();
const lower = (text: string) => text.toLowerCase();
/** A string's methods that change its case, in the languages read (no JavaScript string has the others). */
const CASE_CHANGES = new Map<string, (text: string) => string>([
  ["toUpperCase", upper],
  ["toLowerCase", lower],
  ["upper", upper],
  ["lower", lower],
  ["upcase", upper],
  ["downcase", lower],
]);

const WHITESPACE = " \t\n\r\v\f";
/**
 * A string's methods that take characters off its ends, in the languages read (a language's own
 * name where it has one; PHP's `trim($s, '/')`, Go's `strings.TrimPrefix`, C#'s `TrimStart('/')`
 * and Rust's `trim_start_matches('/')` are lowered to one of these): `path.lstrip('/')` before
 * `f"{base}/{path}"` is how a helper accepts paths written with or without their slash.
 * `chars`: any of the characters given (whitespace by default), as often as they come;
 * `prefix`: the text given, once; `repeated`: the text given, as often as it comes.
 */
const TRIMS = new Map<string, { start: boolean; end: boolean; mode: "chars" | "prefix" | "repeated" }>([
  ["strip", { start: true, end: true, mode: "chars" }],
  ["lstrip", { start: true, end: false, mode: "chars" }],
  ["rstrip", { start: false, end: true, mode: "chars" }],
  ["trimStart", { start: true, end: false, mode: "chars" }],
  ["trimLeft", { start: true, end: false, mode: "chars" }],
  ["trimEnd", { start: false, end: true, mode: "chars" }],
  ["trimRight", { start: false, end: true, mode: "chars" }],
  ["removeprefix", { start: true, end: false, mode: "prefix" }],
  ["delete_prefix", { start: true, end: false, mode: "prefix" }],
  ["removesuffix", { start: false, end: true, mode: "prefix" }],
  ["delete_suffix", { start: false, end: true, mode: "prefix" }],
  ["chomp", { start: false, end: true, mode: "prefix" }],
  ["trim_start_matches", { start: true, end: false, mode: "repeated" }],
  ["trim_end_matches", { start: false, end: true, mode: "repeated" }],
  ["trim_matches", { start: true, end: true, mode: "repeated" }],
]);

/**
 * The parts with text taken off one end by `cut`, which is given each part's text in turn from
 * that end and says what is left of it and whether to go on into the next part; an unknown part
 * reached while going on ends it (`stop`: as it is, its text may or may not begin so; `fail`:
 * the result is unknown, as when a count of characters runs into it).
 */
function cutEnd(parts: readonly StringPart[], atStart: boolean, cut: (text: string) => { rest: string; more: boolean }, atUnknown: "stop" | "fail"): StringPart[] | null {
  const result = atStart ? [...parts] : [...parts].reverse();
  while (result.length > 0) {
    const first = result[0]!;
    if (isHole(first)) {
      if (atUnknown === "fail") return null;
      break;
    }
    const { rest, more } = cut(first.text);
    if (rest !== "" || !more) {
      if (rest === "") result.shift();
      else result[0] = { ...first, text: rest };
      break;
    }
    result.shift();
  }
  return atStart ? result : result.reverse();
}

/** Takes `what` off one end of the known text (see `TRIMS`). */
function trimmedEnd(parts: readonly StringPart[], atStart: boolean, mode: "chars" | "prefix" | "repeated", what: string): StringPart[] {
  const cut = (text: string): { rest: string; more: boolean } => {
    if (mode === "chars") {
      let index = 0;
      const at = (i: number) => (atStart ? text[i]! : text[text.length - 1 - i]!);
      while (index < text.length && what.includes(at(index))) index++;
      return { rest: atStart ? text.slice(index) : text.slice(0, text.length - index), more: index === text.length };
    }
    let rest = text;
    let taken = false;
    do {
      if (what === "" || !(atStart ? rest.startsWith(what) : rest.endsWith(what))) break;
      rest = atStart ? rest.slice(what.length) : rest.slice(0, rest.length - what.length);
      taken = true;
    } while (mode === "repeated");
    // A prefix taken once ends with the part that held it; one not found there is not taken further in.
    return { rest, more: mode === "repeated" && taken && rest === "" };
  };
  return cutEnd(parts, atStart, cut, "stop")!;
}

/** `count` characters taken off one end, or null when they run into an unknown part. */
function withoutCharacters(parts: readonly StringPart[], atStart: boolean, count: number): StringPart[] | null {
  let left = count;
  return cutEnd(
    parts,
    atStart,
    (text) => {
      const taken = Math.min(left, text.length);
      left -= taken;
      return { rest: atStart ? text.slice(taken) : text.slice(0, text.length - taken), more: left > 0 };
    },
    count > 0 ? "fail" : "stop",
  );
}

/**
 * `path.slice(1)` after `path.startsWith("/")`, `base.slice(0, -1)`, `substring(1)`: characters
 * counted from the ends, while the ends are known text (a count from the start that ends at the
 * other end needs all of it known).
 */
function slicedString(receiver: StringValue, bounds: readonly Value[], name: "slice" | "substring"): Value {
  if (bounds.length === 0 || bounds.length > 2 || bounds.some((bound) => bound.kind !== "number")) return UNKNOWN;
  const [start, end] = (bounds as Extract<Value, { kind: "number" }>[]).map((bound) => bound.value);
  const known = staticText(receiver);
  if (known !== null) return text(name === "substring" ? known.substring(start!, end) : known.slice(start, end));
  // (`substring` takes a negative end as 0, not as a count from the end.)
  if (start === undefined || start < 0 || !Number.isInteger(start) || (end !== undefined && (end > 0 || !Number.isInteger(end) || name === "substring"))) return UNKNOWN;
  const fromStart = withoutCharacters(receiver.parts, true, start);
  const parts = fromStart && end !== undefined ? withoutCharacters(fromStart, false, -end) : fromStart;
  return parts ? stringValue(parts) : UNKNOWN;
}

export function stringMethodCall(evaluator: Evaluator, program: Program, node: CallExpression, receiver: StringValue, name: string, env: Env | null): Value {
  if (name === "toString" || name === "valueOf") return receiver;
  const trim = TRIMS.get(name) ?? (name === "trim" ? TRIMS.get("strip") : undefined);
  if (trim && node.args.length <= 1) {
    const given = node.args[0] ? staticText(evaluator.value(program, node.args[0], env)) : trim.mode === "prefix" ? (name === "chomp" ? "\n" : null) : WHITESPACE;
    if (given === null) return UNKNOWN;
    let parts = receiver.parts;
    if (trim.start) parts = trimmedEnd(parts, true, trim.mode, given);
    if (trim.end) parts = trimmedEnd(parts, false, trim.mode, given);
    if (parts.length === 0) return receiver.parts.length === 0 ? receiver : { kind: "string", parts: [], computed: true };
    return stringValue(parts);
  }
  if (name === "slice" || name === "substring") return slicedString(receiver, evaluator.args(program, node, env), name);
  // `method.toUpperCase()`, PHP's `strtoupper($method)`, Python's `method.lower()`, Ruby's
  // `verb.upcase`: the text changed, the unknown parts as they were.
  if (CASE_CHANGES.has(name) && node.args.length === 0) {
    const change = CASE_CHANGES.get(name)!;
    return stringValue(receiver.parts.map((part) => (isHole(part) ? part : { ...part, text: change(part.text) })));
  }
  // Python's `"/".join([API, "zones", zone])` and `template.format(zone_id=zone)` (no JavaScript string has either).
  if (name === "join" && node.args.length === 1) {
    const separator = staticText(receiver);
    const list = evaluator.value(program, node.args[0]!, env);
    return separator !== null && list.kind === "array" ? joined(list.elements(), separator) : UNKNOWN;
  }
  if (name === "format") {
    const args = evaluator.args(program, node, env);
    const named = args.at(-1)?.kind === "object" ? (args.at(-1) as ObjectValue) : null;
    return formatPlaceholders(receiver, named ? args.slice(0, -1) : args, named);
  }
  if (name === "concat") return concat(receiver, ...evaluator.args(program, node, env).map((arg) => stringValue(partsOf(arg, null))));
  if ((name === "replace" || name === "replaceAll") && node.args.length === 2) {
    const written = node.args[0]!;
    if (written.kind === "regex") return replacePattern(receiver, written, evaluator.value(program, node.args[1]!, env), node.args[1]!) ?? UNKNOWN;
    const pattern = staticText(evaluator.value(program, node.args[0]!, env));
    if (pattern) return (name === "replaceAll" ? replaceEveryText : replaceText)(receiver, pattern, evaluator.value(program, node.args[1]!, env), node.args[1]!);
  }
  return UNKNOWN;
}

/** `new URL(path, base)`. */
export function newUrl(evaluator: Evaluator, program: Program, node: NewExpression, env: Env | null): Value {
  const [input, base] = evaluator.args(program, node, env);
  if (!input || input.kind !== "string") return UNKNOWN;
  return resolveUrl(input, base);
}

/**
 * `new Request(input, init)`: its `url` beside the fields of `init` (`method`, `body`, `headers`),
 * over those of a request it copies, as `fetch` reads them from it.
 */
export function newRequest(evaluator: Evaluator, program: Program, node: NewExpression, env: Env | null): Value {
  const [input, init] = evaluator.args(program, node, env);
  const url = input?.kind === "string" ? input : input?.kind === "object" ? input.get("url") : undefined;
  if (url?.kind !== "string") return UNKNOWN;
  const own: ObjectValue = { kind: "object", node: null, program: null, open: false, get: (key) => (key === "url" ? url : undefined), keys: () => ["url"] };
  return mergedObject([...(input?.kind === "object" ? [input] : []), own, ...(init ? [init] : [])]);
}

export function mergedObject(sources: Value[]): Value {
  const objects = sources.filter((source): source is ObjectValue => source.kind === "object");
  if (objects.length === 0) return UNKNOWN;
  return {
    kind: "object",
    node: null,
    program: null,
    open: sources.some((source) => source.kind !== "object"),
    get(key) {
      for (let index = objects.length - 1; index >= 0; index--) {
        const value = objects[index]!.get(key);
        if (value !== undefined) return value;
      }
      return undefined;
    },
    keys: () => [...new Set(objects.flatMap((object) => object.keys()))],
  };
}

/**
 * `new Promise((resolve, reject) => { … resolve(json.result) … })`, the wrapper of a callback or a
 * promise chain (`fetch(url).then((r) => r.json()).then((json) => resolve(json))`, Node's
 * `https.get` callback): what its `resolve` is given, wherever in the executor it is called
 * (awaiting is transparent here). Unknown when the executor never calls it by name.
 */
export function newPromise(evaluator: Evaluator, program: Program, node: NewExpression, env: Env | null): Value {
  const executor = node.args[0] ? evaluator.value(program, node.args[0], env) : UNKNOWN;
  return executor.kind === "function" ? calledWith(evaluator, executor, [UNKNOWN, UNKNOWN], 0, 0, env) : UNKNOWN;
}

/** `new Set(["brotli", "minify"])`: the list it is made of, iterated as a list is (`add` may add others: not followed). */
export function newSet(evaluator: Evaluator, program: Program, node: NewExpression, env: Env | null): Value {
  const items = node.args[0] ? evaluator.value(program, node.args[0], env) : null;
  return items?.kind === "array" ? items : UNKNOWN;
}

/**
 * `new Map([["rules", "firewall/rules"], …])` (or of `Object.entries(table)`): its rows whose key is
 * known, read with `get`. Open: `set` may add others.
 */
export function newMap(evaluator: Evaluator, program: Program, node: NewExpression, env: Env | null): Value {
  const rows = node.args[0] ? evaluator.value(program, node.args[0], env) : null;
  const { known, unkeyed } = knownRows(rows);
  return { kind: "object", node: null, program: null, open: true, map: true, get: (key) => known.get(key), keys: () => [...known.keys()], ...(unkeyed.length > 0 ? { unkeyed: () => unkeyed } : {}) };
}

/** The `[key, value]` rows of a list whose keys are known (a Map's or `Object.fromEntries`'s); `complete` when every row's key is. */
function knownRows(rows: Value | null): { known: Map<string, Value>; complete: boolean; unkeyed: Value[] } {
  const known = new Map<string, Value>();
  const unkeyed: Value[] = [];
  let complete = rows?.kind === "array";
  if (rows?.kind === "array") {
    for (const row of rows.elements()) {
      const [key, value] = row.kind === "array" ? row.elements() : [];
      const name = key ? staticText(key) : null;
      if (name !== null) known.set(name, value ?? UNKNOWN);
      else {
        complete = false;
        // `records.map((r) => [r.name, r])`: a value under a key not known here.
        if (value && value.kind !== "unknown") unkeyed.push(value);
      }
    }
  }
  return { known, complete, unkeyed };
}
