/**
 * JSON written as text in code, the way request bodies are built where no serialiser is at hand:
 * a literal (`'{"type":"SRV","data":{"service":"_sip",…}}'`), a template, or a concatenation with
 * values in it (PHP's `'{"service":"_' . $service . '",…}'`, Java's `"{\"proto\":\"" + p + "\"}"`).
 * Read as the value it is, each concatenated value a hole where it stands (a value of its own, or
 * part of a string), so that what reads object literals (an SRV record's `data`, a Logpush job)
 * reads these too. Keys and values are placed where they are written in the literal.
 *
 * Only text that starts as a JSON object (`{"`, or an array of them) and parses to the end, its
 * holes read as values, is JSON here: a fragment (`'{"a":' + x`) or a template of another kind is
 * not; nor the API's response envelope, which a test's mock server writes (see `isResponseEnvelope`).
 */
import type { ArrayLiteral, Expression, Node, ObjectLiteral, Property, Range } from "./ir.js";

/** How JSON text starts: an object with a quoted key, or an array of such objects. */
const JSON_START = /^\s*(?:\{\s*"|\[\s*\{\s*")/;
/** Longer text is left alone (a fixture or a document, not a body built in code). */
const MAX_TEXT = 64 * 1024;
const MAX_DEPTH = 48;
/** The longest opening of a hole written in text: `${`, `{$`, `#{`, `{`, `$`. */
const HOLE_OPENING = 2;

/** A JSON text read from code: its model, and the expressions of the code it holds (visited where they are written, not here). */
export interface JsonText {
  model: ObjectLiteral | ArrayLiteral;
  holes: ReadonlySet<Expression>;
}

/** A string's text, or an untagged template's text up to its first value. */
function literalText(node: Expression): string | null {
  if (node.kind === "string") return node.value;
  if (node.kind === "template" && node.tag === null) return node.quasis[0]?.value ?? null;
  return null;
}

/** The first character that is not white space, or "". */
function firstCharacter(text: string): string {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code !== 32 && code !== 10 && code !== 13 && code !== 9) return text[index]!;
  }
  return "";
}

/**
 * Whether `node` may be JSON text: it starts as a JSON object does, in its first piece or in its
 * first pieces up to the first value (`"{" + "\"type\":…" + host`). Asked of every string and
 * concatenation of a file: most are settled by their first character.
 */
export function mayBeJsonText(node: Expression): boolean {
  let leftmost = node;
  while (leftmost.kind === "binary" && leftmost.operator === "+") leftmost = leftmost.left;
  const first = literalText(leftmost);
  if (first === null) return false;
  const character = firstCharacter(first);
  if (character !== "{" && character !== "[") return false;
  if (JSON_START.test(first)) return true;
  if (leftmost === node || first.trim().length > 1) return false;
  // The brace alone: the pieces after it, up the left spine, while they are text.
  const spine: Expression[] = [];
  for (let current = node; current !== leftmost && current.kind === "binary"; current = current.left) spine.push(current);
  let text = first;
  for (let index = spine.length - 1; index >= 0 && text.trim().length < 2; index--) {
    const next = literalText((spine[index] as Extract<Expression, { kind: "binary" }>).right);
    if (next === null) break;
    text += next;
  }
  return JSON_START.test(text);
}

/**
 * The JSON `node` writes (a string, an untagged template or a `+` concatenation of them and other
 * values), or null. `source`: the file's text, to place each character. `parts`: each node of the
 * concatenation is added (so that a walk asks once per concatenation, not once per operand).
 */
export function readJsonText(node: Expression, source: string, parts?: Set<Node>): JsonText | null {
  if (!mayBeJsonText(node)) return null;
  const text: string[] = [];
  // Where each character of `text` starts in the source, and where it ends (after its escape).
  const at: number[] = [];
  const atEnd: number[] = [];
  const holes: Expression[] = [];
  const addHole = (hole: Expression) => {
    // A marker the parser reads as the hole, placed where the hole is written.
    const marker = [HOLE_OPEN, ...String(holes.length), HOLE_CLOSE];
    text.push(...marker);
    for (const _ of marker) {
      at.push(hole.range[0]);
      atEnd.push(hole.range[1]);
    }
    holes.push(hole);
  };
  // Where the next character of the literal being read is looked for in the source.
  let cursor = 0;
  const addText = (value: string, end: number, fallback: number) => {
    const placed = placeText(value, source, cursor, end);
    if (placed) cursor = placed.end;
    for (let index = 0; index < value.length; index++) {
      text.push(value[index]!);
      at.push(placed ? placed.offsets[index]! : fallback);
      atEnd.push(placed ? placed.ends[index]! : fallback);
    }
  };
  let length = 0;
  const flatten = (current: Expression): boolean => {
    parts?.add(current);
    if (current.kind === "binary" && current.operator === "+") return flatten(current.left) && flatten(current.right);
    if (current.kind === "string") {
      length += current.value.length;
      cursor = current.range[0];
      addText(current.value, current.range[1], current.range[0]);
    } else if (current.kind === "template" && current.tag === null) {
      cursor = current.range[0];
      current.quasis.forEach((quasi, index) => {
        length += quasi.value.length;
        // Past a hole written in the text (`${zone}`, `{$zone}`); a value given after the text
        // (Python's `"…%s…" % host`) is not where the text goes on, and the reading goes on where it was.
        const previous = index === 0 ? null : current.expressions[index - 1];
        if (previous && previous.range[0] >= cursor && previous.range[0] - cursor <= HOLE_OPENING) cursor = previous.range[1];
        addText(quasi.value, current.range[1], current.range[0]);
        const expression = current.expressions[index];
        if (expression) addHole(expression);
      });
    } else addHole(current);
    return length <= MAX_TEXT;
  };
  if (!flatten(node)) return null;
  const model = new JsonReader(text.join(""), at, atEnd, holes).document();
  if (!model || (model.kind !== "object" && model.kind !== "array") || isResponseEnvelope(model)) return null;
  return { model, holes: new Set(holes) };
}

/**
 * The API's answer (`{ "success": true, "errors": [], "messages": [], "result": … }`), as a test's
 * mock server writes it: what the API sends, not what the code does (a record in it is no record
 * sent, a field in it no field set).
 */
function isResponseEnvelope(model: Expression): boolean {
  if (model.kind !== "object") return false;
  const keys = new Set(model.properties.map((property) => (property.kind === "property" ? property.key : null)));
  return keys.has("result") && (keys.has("success") || keys.has("errors"));
}

const HOLE_OPEN = "\uE000";
const HOLE_CLOSE = "\uE001";

/**
 * Where each character of `value` (a literal's cooked text) is written in `source`, read from
 * `from` on and before `end`: side by side with the raw text, an escape (`\"`, `\u00e9`) standing
 * for its character, a doubled quote or brace for one (`''`, an f-string's `{{`), and raw
 * characters that match nothing skipped (the quotes, `f"`, `" + "` between the lines of a
 * concatenation the front end joined, a `%s` filled in after the text). Null when the text is
 * not found in order before `end`.
 */
function placeText(value: string, source: string, from: number, end: number): { offsets: number[]; ends: number[]; end: number } | null {
  const offsets: number[] = new Array<number>(value.length);
  const ends: number[] = new Array<number>(value.length);
  let raw = from;
  for (let index = 0; index < value.length; index++) {
    const wanted = value[index]!;
    for (;;) {
      if (raw >= end) return null;
      const character = source[raw];
      if (character === "\\") {
        offsets[index] = raw;
        // `\\` in most languages; a lone backslash (PHP's single quotes, raw strings) otherwise.
        if (wanted === "\\") raw += source[raw + 1] === "\\" ? 2 : 1;
        else raw += escapeLength(source, raw);
        break;
      }
      // A literal's opening quote before an escaped one (`+ "\"data\"…`): the escape is the character.
      if (character === wanted && (character === '"' || character === "'") && source[raw + 1] === "\\" && source[raw + 2] === character) {
        raw++;
        continue;
      }
      if (character === wanted) {
        offsets[index] = raw;
        raw += (character === "{" || character === "}" || character === "'" || character === '"') && source[raw + 1] === character && value[index + 1] !== character ? 2 : 1;
        break;
      }
      raw++;
    }
    ends[index] = raw;
  }
  return { offsets, ends, end: raw };
}

function escapeLength(source: string, at: number): number {
  const next = source[at + 1];
  if (next === "u") return source[at + 2] === "{" ? source.indexOf("}", at) - at + 1 || 2 : 6;
  if (next === "x") return 4;
  if (next === "\r" && source[at + 2] === "\n") return 3;
  return 2;
}

/** A small JSON parser over text with hole markers, making the model's nodes with their ranges. */
class JsonReader {
  private index = 0;
  constructor(
    private readonly text: string,
    private readonly at: readonly number[],
    private readonly atEnd: readonly number[],
    private readonly holes: readonly Expression[],
  ) {}

  document(): Expression | null {
    try {
      const value = this.value(0);
      this.space();
      return this.index === this.text.length ? value : null;
    } catch (error) {
      if (error === NOT_JSON) return null;
      throw error;
    }
  }

  private range(start: number, end: number): Range {
    return [this.at[start] ?? 0, this.atEnd[Math.max(start, end - 1)] ?? 0];
  }

  private space() {
    for (;;) {
      const character = this.text.charCodeAt(this.index);
      if (character === 32 || character === 10 || character === 13 || character === 9) this.index++;
      else return;
    }
  }

  private expect(character: string) {
    if (this.text[this.index] !== character) throw NOT_JSON;
    this.index++;
  }

  private value(depth: number): Expression {
    if (depth > MAX_DEPTH) throw NOT_JSON;
    this.space();
    const start = this.index;
    const character = this.text[this.index];
    switch (character) {
      case "{":
        return this.object(depth);
      case "[":
        return this.array(depth);
      case '"':
        return this.string();
      case HOLE_OPEN:
        return this.hole();
      case "t":
      case "f":
      case "n": {
        const word = /^(?:true|false|null)/.exec(this.text.slice(start, start + 5))?.[0];
        if (!word) throw NOT_JSON;
        this.index += word.length;
        return word === "null" ? { kind: "null", range: this.range(start, this.index) } : { kind: "boolean", range: this.range(start, this.index), value: word === "true" };
      }
      default: {
        NUMBER.lastIndex = start;
        const number = NUMBER.exec(this.text);
        if (!number) throw NOT_JSON;
        this.index += number[0].length;
        return { kind: "number", range: this.range(start, this.index), value: Number(number[0]), raw: number[0] };
      }
    }
  }

  private hole(): Expression {
    const close = this.text.indexOf(HOLE_CLOSE, this.index);
    const hole = this.holes[Number(this.text.slice(this.index + 1, close))];
    if (close < 0 || !hole) throw NOT_JSON;
    this.index = close + 1;
    return hole;
  }

  private object(depth: number): ObjectLiteral {
    const start = this.index;
    const properties: Property[] = [];
    this.list("{", "}", () => {
      this.space();
      const keyStart = this.index;
      const key = this.string();
      if (key.kind !== "string") throw NOT_JSON;
      this.space();
      this.expect(":");
      const value = this.value(depth + 1);
      properties.push({ kind: "property", range: this.range(keyStart, this.index), key: key.value, keyRange: key.range, computedKey: null, value, shorthand: false });
    });
    return { kind: "object", range: this.range(start, this.index), properties };
  }

  private array(depth: number): ArrayLiteral {
    const start = this.index;
    const elements: Expression[] = [];
    this.list("[", "]", () => elements.push(this.value(depth + 1)));
    return { kind: "array", range: this.range(start, this.index), elements };
  }

  /** `open item, item… close` (or `open close`), each item read by `item`. */
  private list(open: string, close: string, item: () => void): void {
    this.expect(open);
    this.space();
    if (this.text[this.index] === close) {
      this.index++;
      return;
    }
    for (;;) {
      item();
      this.space();
      if (this.text[this.index] !== ",") return this.expect(close);
      this.index++;
    }
  }

  /** A string; with holes in it, a template of its pieces and the holes. */
  private string(): Expression {
    const start = this.index;
    this.expect('"');
    const quasis: string[] = [];
    const expressions: Expression[] = [];
    let piece = "";
    for (;;) {
      const character = this.text[this.index];
      if (character === undefined || character === "\n") throw NOT_JSON;
      if (character === '"') break;
      if (character === HOLE_OPEN) {
        quasis.push(piece);
        piece = "";
        expressions.push(this.hole());
        continue;
      }
      if (character === "\\") {
        const escaped = this.text[this.index + 1];
        if (escaped === "u") {
          const code = this.text.slice(this.index + 2, this.index + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(code)) throw NOT_JSON;
          piece += String.fromCharCode(parseInt(code, 16));
          this.index += 6;
          continue;
        }
        const decoded = escaped === undefined ? undefined : ESCAPES[escaped];
        if (decoded === undefined) throw NOT_JSON;
        piece += decoded;
        this.index += 2;
        continue;
      }
      piece += character;
      this.index++;
    }
    this.index++;
    const range = this.range(start, this.index);
    if (expressions.length === 0) return { kind: "string", range, value: piece };
    quasis.push(piece);
    if (expressions.length === 1 && quasis.every((quasi) => quasi === "")) return expressions[0]!;
    return { kind: "template", range, quasis: quasis.map((value) => ({ range, value })), expressions, tag: null };
  }
}

const NOT_JSON = Symbol("not JSON");
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES: Readonly<Record<string, string>> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
