/**
 * What the evaluator knows about an expression: a string with holes (and where each piece of
 * text was written), an object, a function, a request library, a response and what was parsed
 * from it, DNS records, or nothing.
 */
import type { HttpMethod } from "../catalogue/types.js";
import type { CallExpression, ClassNode, Expression, ForOfStatement, FunctionNode, NewExpression, ObjectLiteral } from "./ir.js";
import type { Program } from "./program.js";

/** Where a piece of text was written: a string literal or template in some program. */
export interface Origin {
  program: Program;
  node: Expression;
}

export interface TextPart {
  text: string;
  origin: Origin | null;
}
export interface HolePart {
  hole: true;
  /** The name the code used for the unknown piece (`zoneId`), for messages. */
  hint: string | null;
  /** The texts the piece takes in turn, when it is an element of a known list (`for (const id of ["brotli", "minify"])`). */
  choices?: StringPart[][];
  /** The test that chose between them, and the side each one is on (see `ChoiceSides`). */
  by?: ChoiceSides;
}

/**
 * The two-way test a choice was made by (`id ? "PUT" : "POST"`, PHP's `empty($id) ? … : …`), and
 * the side of it (0: the test held, 1: it did not) each option was taken on, in order. The same
 * test (its text, in the same evaluation) takes the same side for every choice it makes, so a
 * request whose method and path were both chosen by `id` sends PUT to the path of one rule and
 * POST to the collection, never PUT to the collection.
 */
export interface ChoiceSides {
  test: string;
  sides: readonly number[];
}
export type StringPart = TextPart | HolePart;

export const isHole = (part: StringPart): part is HolePart => "hole" in part;

export type LibraryName =
  | "fetch"
  | "axios"
  | "got"
  | "ky"
  | "undici"
  | "http"
  | "superagent"
  | "request"
  | "request-promise"
  | "ofetch"
  | "wretch"
  | "guzzle"
  | "laravel-http"
  | "cloudflare"
  | "terraform-provider"
  | "path"
  | "url"
  | "util"
  | "react"
  | "swr"
  | "child-process";

export interface RequestInfo {
  library: LibraryName | "wrapper" | "unknown";
  /** The whole URL as far as known: base URL, prefix and path joined. */
  url: StringValue | null;
  method: HttpMethod | null;
  /** When `method` is null because the code sends one of several known methods: those. */
  methodChoices?: HttpMethod[];
  /** The test that chose among `methodChoices`, and the sides each method is sent on. */
  methodsBy?: { test: string; sidesOf: Partial<Record<HttpMethod, readonly number[]>> };
  /** The call in the analysed program that makes (or leads to) the request. */
  call: CallExpression | NewExpression;
  program: Program;
  /** The request body as sent (before serialisation), when known. */
  body: Value | null;
  /** The SDK or a library default made the base URL certain. */
  sdk: boolean;
  /** The URL is one of the DNS record endpoints (their responses hold DNS records). */
  /** The DNS record endpoint it calls: one record or a list, and whether only SRV records are asked for (`?type=SRV`). */
  dnsRecords: { single: boolean; srv: boolean } | null;
  /** The call defines a route (a handler is passed) rather than making a request. */
  routeDefinition: boolean;
  /** Said in the finding (the SDK table's note on a method). */
  note: string | null;
  /**
   * Made by a method a class of the analysed program inherits, run as that class (its fields
   * overriding the superclass's): `call` is in the superclass's program, so the request is
   * reported where the analysed program writes its part of the URL.
   */
  inherited?: true;
}

export interface StringValue {
  kind: "string";
  parts: StringPart[];
  /**
   * Empty because a computation made it so (the `search` of a URL without a query), never a
   * placeholder left to be filled in (see `partsOf`).
   */
  computed?: true;
}

export interface ObjectValue {
  kind: "object";
  /** Value of a property: explicit properties first, then spread sources. `undefined` when absent. */
  get(key: string): Value | undefined;
  keys(): string[];
  /** True when a spread or computed key may add properties we cannot see. */
  open: boolean;
  node: ObjectLiteral | null;
  program: Program | null;
  /** The arguments its literal's values were read with (a parameter's in `{ method, ...options }`). */
  env?: Env | null;
  /** A `Map`: read with `get(key)`, iterated as its entries (see `newMap`). */
  map?: true;
  /**
   * Values stored under keys not known here (`byName[record.name] = record`, a Map's rows keyed by
   * a field): what a lookup by a key not known gives, one of them (see `unkeyedLookup`).
   */
  unkeyed?: () => Value[];
}

/** A lookup by a key not known (`byName[name]`, `map.get(name)`): one of the values stored under keys not known; `null` when none are. */
export function unkeyedLookup(object: Value): Value | null {
  if (object.kind !== "object" || !object.unkeyed) return null;
  const values = object.unkeyed();
  return values.length === 0 ? null : choiceOf(values);
}

export type Value =
  | StringValue
  | { kind: "number"; value: number }
  | { kind: "boolean"; value: boolean }
  | { kind: "null" }
  | ObjectValue
  | { kind: "array"; elements(): Value[] }
  | { kind: "function"; fn: FunctionNode; program: Program; env: Env | null }
  | { kind: "namespace"; program: Program }
  /** A class (its static members) and an instance of one (its methods and fields). */
  | { kind: "class"; cls: ClassNode; program: Program }
  /**
   * `args`: what `new` gave the constructor (worked out when first asked), when the instance was
   * made where the code shows it. `fields`: what methods called on it before set (see setters.ts).
   */
  | { kind: "instance"; cls: ClassNode; program: Program; args?: () => Value[]; fields?: ReadonlyMap<string, Value> }
  /** A request library or one of its members (`axios`, `axios.get`, `https.request`). */
  | { kind: "library"; library: LibraryName; path: string[] }
  /** An instance made by a library (`axios.create`, `got.extend`, `ky.create`, `new Cloudflare()`). */
  | { kind: "client"; library: LibraryName; base: StringValue | null; method: HttpMethod | null; path: string[] }
  | { kind: "response"; request: RequestInfo }
  /** A response's body not parsed yet: undici's `body` stream, the text `res.text()` gives. */
  | { kind: "stream"; request: RequestInfo }
  /** The parsed JSON envelope `{ result, success, errors, messages }`. */
  | { kind: "body"; request: RequestInfo }
  /** DNS records (an array or a single `result`), from a response or a declared type. */
  | { kind: "records"; srv: boolean; via: string }
  | { kind: "record"; srv: boolean; via: string }
  /** `JSON.stringify(value)`. */
  | { kind: "stringified"; value: Value }
  /** One of several known values: an element of a list whose elements differ (`by`: chosen by a two-way test). */
  | { kind: "choice"; options: Value[]; by?: ChoiceSides }
  | { kind: "unknown" };

export interface Env {
  /** Arguments of the functions being run abstractly, by function. */
  values: Map<FunctionNode, Value[]>;
  parent: Env | null;
  depth: number;
  /** `this` in the method running, when it was called on a known instance (`client.request(…)`). */
  self?: Value;
  /** Loops whose variable holds one element here (a list built by `push` in a loop, read turn by turn). */
  turns?: ReadonlyMap<ForOfStatement, Value>;
}

/** The element a loop's variable holds in `env`, when one turn of the loop is being read. */
export function pinnedTurn(env: Env | null, loop: ForOfStatement): Value | undefined {
  for (let current = env; current; current = current.parent) {
    const turn = current.turns?.get(loop);
    if (turn) return turn;
  }
  return undefined;
}

export const UNKNOWN: Value = { kind: "unknown" };

/** Longer strings are not URLs: beyond these sizes a value is only holes (keeps minified bundles linear). */
const MAX_PARTS = 64;
const MAX_TEXT = 4096;

export function stringValue(parts: StringPart[]): StringValue {
  if (parts.length > MAX_PARTS * 4) return { kind: "string", parts: [{ hole: true, hint: null }] };
  const merged: StringPart[] = [];
  let length = 0;
  for (const part of parts) {
    const last = merged.at(-1);
    if (!isHole(part) && part.text === "") continue;
    if (last && !isHole(last) && !isHole(part) && last.origin?.node === part.origin?.node && last.origin?.program === part.origin?.program) {
      merged[merged.length - 1] = { text: last.text + part.text, origin: last.origin };
    } else merged.push(part);
    if (!isHole(part)) length += part.text.length;
  }
  if (merged.length > MAX_PARTS || length > MAX_TEXT) return { kind: "string", parts: [{ hole: true, hint: null }] };
  return { kind: "string", parts: merged };
}

export const text = (value: string, origin: Origin | null = null): StringValue => stringValue([{ text: value, origin }]);

/** The parts a value contributes when placed in a string. */
export function partsOf(value: Value, hint: string | null): StringPart[] {
  switch (value.kind) {
    case "string":
      // A named value left empty (`const zoneId = ""  // configure`) is a placeholder: a hole, not nothing.
      return hint !== null && value.parts.length === 0 && !value.computed ? [{ hole: true, hint }] : value.parts;
    case "number":
      return [{ text: String(value.value), origin: null }];
    case "boolean":
      return [{ text: String(value.value), origin: null }];
    case "choice": {
      const choices = value.options.flatMap((option) => (option.kind === "string" || option.kind === "number" ? [partsOf(option, hint)] : []));
      if (choices.length === 0) return [{ hole: true, hint }];
      return value.by && choices.length === value.options.length ? [{ hole: true, hint, choices, by: value.by }] : [{ hole: true, hint, choices }];
    }
    default:
      return [{ hole: true, hint }];
  }
}

/** Most combinations one string expands into: beyond that, the holes stay holes. */
const MAX_EXPANSIONS = 64;

/**
 * The strings a value stands for when its holes that are list elements take each of their
 * choices in turn (the value itself when it has none).
 */
export function expandChoices(value: StringValue): Expansion[] {
  let expansions: { parts: StringPart[]; picks: Record<string, number> | null }[] = [{ parts: [], picks: null }];
  for (const part of value.parts) {
    if (!isHole(part) || !part.choices || expansions.length * part.choices.length > MAX_EXPANSIONS) {
      const plain = isHole(part) && part.choices ? { hole: true as const, hint: part.hint } : part;
      for (const expansion of expansions) expansion.parts.push(plain);
      continue;
    }
    const by = part.by;
    expansions = expansions.flatMap((expansion) =>
      part.choices!.flatMap((choice, index) => {
        if (!by) return [{ parts: [...expansion.parts, ...choice], picks: expansion.picks }];
        const side = by.sides[index]!;
        // The same test took the other side for an earlier piece: not a string the code makes.
        if (expansion.picks && by.test in expansion.picks && expansion.picks[by.test] !== side) return [];
        return [{ parts: [...expansion.parts, ...choice], picks: { ...expansion.picks, [by.test]: side } }];
      }),
    );
  }
  if (expansions.length === 1 && !value.parts.some((part) => isHole(part) && part.choices)) return [value];
  return expansions.map(({ parts, picks }) => (picks ? { ...stringValue(parts), picks } : stringValue(parts)));
}

/** One string a value stands for (see `expandChoices`), with the sides its pieces took of the tests that chose them. */
export type Expansion = StringValue & { picks?: Readonly<Record<string, number>> };

/** One of these values (a choice among them is one of its own); a single known one when they agree, unknown when none is known. */
export function choiceOf(given: Value[]): Value {
  const options = given.some((option) => option.kind === "choice") ? given.flatMap((option) => (option.kind === "choice" ? option.options : [option])) : given;
  if (options.length === 1) return options[0]!;
  const known = options.filter((option) => option.kind !== "unknown");
  if (known.length === 0) return UNKNOWN;
  const first = known[0]!;
  if (known.length === options.length && known.every((option) => sameStatic(option, first))) return first;
  return { kind: "choice", options };
}

/** Both values are the same text with no holes. */
export function sameStatic(a: Value, b: Value): boolean {
  const left = staticText(a);
  return left !== null && left === staticText(b);
}

/** The string's text when it has no holes. */
export function staticText(value: Value | undefined): string | null {
  if (!value || value.kind !== "string") return null;
  let result = "";
  for (const part of value.parts) {
    if (isHole(part)) return null;
    result += part.text;
  }
  return result;
}

export function concat(...values: StringValue[]): StringValue {
  return stringValue(values.flatMap((value) => value.parts));
}

/** A readable rendering of a string value, holes shown as `${name}`. */
export function renderString(value: StringValue): string {
  return value.parts.map((part) => (isHole(part) ? `\${${part.hint ?? "…"}}` : part.text)).join("");
}
