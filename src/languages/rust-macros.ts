/**
 * Rust macros as the Rust front end reads them. A macro's arguments are a token tree, not
 * expressions: `format!` and its kin give their format's text with the holes filled
 * (positional, numbered, named and inline `{name}`), `concat!` its pieces, `vec!` a list, and
 * serde_json's `json!` the record it builds; an argument is read when it is a literal, a name, a
 * field path (`self.zone_id`), a struct literal, a macro call or text handed back as it is
 * (`"x".to_string()`, `String::from("x")`); anything else keeps its strings, so none is missed.
 * Also the texts of string literals and the Rust names both modules share.
 */
import type * as IR from "../core/ir.js";
import { bracePieces, unescapeText, type TreeLowering } from "./lowering.js";
import type { SyntaxNode } from "./tree-sitter.js";

export const HTTP_VERBS = new Set(["get", "post", "put", "patch", "delete", "head"]);
/** Methods that hand back the same text (or the value inside a `Result`/`Option`). */
export const SAME_VALUE = new Set([
  ...["to_string", "to_owned", "clone", "into", "as_str", "as_ref", "borrow", "unwrap", "expect", "unwrap_or_default", "as_deref", "to_vec", "iter", "into_iter", "trim", "as_slice"],
  // an Option's or Result's value taken or copied (`as_array().cloned().unwrap_or_default()`, `.ok()`, `.unwrap_or(x)`: the value, not the default)
  ...["cloned", "copied", "ok", "unwrap_or", "unwrap_or_else"],
  // serde_json's views of a value (`body["result"].as_array()`), and reqwest's/ureq's `send()`/`call()` of a request built
  ...["as_array", "as_object", "send", "call"],
]);
/** Rust's string methods as the evaluator's (`trim_start_matches('/')` and the like keep their own names). */
export const RUST_STRING_METHODS: Readonly<Record<string, string>> = {
  to_uppercase: "toUpperCase",
  to_lowercase: "toLowerCase",
  replace: "replaceAll",
  trim_start: "trimStart",
  trim_end: "trimEnd",
  trim_start_matches: "trim_start_matches",
  trim_end_matches: "trim_end_matches",
  trim_matches: "trim_matches",
};
/** Associated functions that return their argument's text (`String::from(x)`, `Url::parse(x)`). */
export const SAME_VALUE_CONSTRUCTORS = /^(?:String::from|Url::parse|url::Url::parse|Cow::from|Cow::Borrowed|Some|Ok|Box::new|Arc::new|Rc::new|HashMap::from|BTreeMap::from|Vec::from)$/;
/** Macros whose first argument is a format: `format!` gives its text; the others write it somewhere. */
const FORMAT_MACROS = new Set(["format", "format_args"]);
const WRITING_MACROS = new Set(["print", "println", "eprint", "eprintln", "write", "writeln", "panic", "bail", "anyhow", "info", "debug", "warn", "error", "trace", "log", "ensure", "assert", "assert_eq", "assert_ne", "unreachable", "todo"]);

/** Reads macro invocations and their tokens for a Rust lowering (the `host` that lowers expressions). */
export class RustMacros {
  constructor(private readonly host: TreeLowering) {}

  macro(node: SyntaxNode): IR.Expression {
    const range = this.host.range(node);
    const name = (node.childForFieldName("macro")?.text ?? "").split("::").at(-1) ?? "";
    const tree = node.namedChildren.find((child) => child?.type === "token_tree") ?? null;
    return tree ? this.macroCall(name, tree, range) : this.host.opaque(range);
  }

  /** A macro's value from its name and token tree. */
  private macroCall(name: string, tree: SyntaxNode, range: IR.Range): IR.Expression {
    const args = splitArguments(tree);
    if (FORMAT_MACROS.has(name) || WRITING_MACROS.has(name)) {
      // write!(f, "…", …) writes to its first argument; the format follows it.
      const formatIndex = name === "write" || name === "writeln" ? 1 : 0;
      const text = this.formatText(args, formatIndex, range);
      if (text && FORMAT_MACROS.has(name)) return text;
      return this.host.opaque(range, text ? [text] : this.tokenStrings(tree));
    }
    if (name === "concat") return this.host.template(args.map((arg) => this.tokenExpression(arg.tokens, range)), range);
    if (name === "vec") return this.host.array(args.map((arg) => this.tokenExpression(arg.tokens, range)), range);
    if (name === "json" && args.length === 1) return this.jsonValue(args[0]!.tokens, range);
    // Other macros: their strings are still seen.
    return this.host.opaque(range, this.tokenStrings(tree));
  }

  /** serde_json's `json!({ "filter": …, "rules": [ … ] })`: objects and arrays of the data it builds. */
  private jsonValue(tokens: readonly SyntaxNode[], range: IR.Range): IR.Expression {
    const [only] = tokens;
    if (tokens.length !== 1 || only?.type !== "token_tree") return this.tokenExpression(tokens, range);
    const open = only.firstChild?.type;
    const entries = splitTokens(only, ",");
    if (open === "[") return this.host.array(entries.map((entry) => this.jsonValue(entry, this.host.range(only))), this.host.range(only));
    if (open !== "{") return this.tokenExpression(tokens, range);
    const properties: IR.Property[] = [];
    for (const entry of entries) {
      const colon = entry.findIndex((token) => token.type === ":");
      const key = entry[0];
      if (colon !== 1 || !key) return this.host.opaque(this.host.range(only), this.tokenStrings(only));
      const keyText = key.type === "string_literal" ? stringValue(key.text) : key.type === "identifier" ? key.text : null;
      const value = this.jsonValue(entry.slice(2), this.host.range(only));
      properties.push(this.host.property(keyText, this.host.range(key), value, [key.startIndex, entry.at(-1)!.endIndex], keyText === null ? this.tokenExpression([key], this.host.range(key)) : null));
    }
    return this.host.object(properties, this.host.range(only));
  }

  /** `format!("{}/zones/{zone}/x", base, zone = id)`: the format's text with its holes filled. */
  private formatText(args: readonly MacroArgument[], formatIndex: number, range: IR.Range): IR.Expression | null {
    const format = args[formatIndex];
    const literal = format && format.tokens.length === 1 ? format.tokens[0]! : null;
    if (!literal || (literal.type !== "string_literal" && literal.type !== "raw_string_literal")) return null;
    const text = literal.type === "string_literal" ? stringValue(literal.text) : rawStringValue(literal.text);
    const positional: IR.Expression[] = [];
    const named = new Map<string, IR.Expression>();
    for (const arg of args.slice(formatIndex + 1)) {
      const value = this.tokenExpression(arg.tokens, range);
      if (arg.name) named.set(arg.name, value);
      else positional.push(value);
    }
    // Inline captures: `{zone_id}` with no argument of that name is the variable.
    for (const match of text.matchAll(/\{([A-Za-z_]\w*)(?:[:}])/g)) {
      const captured = match[1]!;
      if (!named.has(captured)) named.set(captured, this.host.identifier(captured, this.host.range(literal)));
    }
    return this.host.template(bracePieces(text, positional, named, () => this.host.opaque(this.host.range(literal))), this.host.range(literal));
  }

  /** A macro argument's tokens as an expression: a literal, a name, a field path, a macro call; otherwise unknown. */
  tokenExpression(tokens: readonly SyntaxNode[], range: IR.Range): IR.Expression {
    let parts = tokens.filter((token) => !isComment(token));
    while (parts.length > 1 && (parts[0]!.type === "&" || parts[0]!.type === "*" || parts[0]!.type === "mutable_specifier")) parts = parts.slice(1);
    const [first] = parts;
    if (!first) return this.host.opaque(range);
    if (parts.length === 1 && first.type !== "token_tree") return this.host.expression(first);
    // name!(…)
    if (parts.length === 3 && first.type === "identifier" && parts[1]!.type === "!" && parts[2]!.type === "token_tree") return this.macroCall(first.text, parts[2]!, this.host.range(first));
    // UpdateSetting { id: "minify".to_string(), value: json!(…) }, Self { … }: the record it builds
    const last = parts.at(-1)!;
    if (parts.length > 1 && last.type === "token_tree" && last.firstChild?.type === "{" && parts.slice(0, -1).every((part) => part.type === "identifier" || part.type === "::")) {
      return this.tokenStruct(last);
    }
    // String::from("minify"), Some("minify"): the value given
    if (parts.length >= 2 && last.type === "token_tree" && last.firstChild?.type === "(" && SAME_VALUE_CONSTRUCTORS.test(parts.slice(0, -1).map((part) => part.text).join(""))) {
      const inner = splitTokens(last, ",");
      if (inner.length === 1) return this.tokenExpression(inner[0]!, range);
    }
    // "minify".to_string(): the text
    if ((first.type === "string_literal" || first.type === "raw_string_literal") && sameValueCalls(parts.slice(1))) return this.host.expression(first);
    // self.zone_id, config.api.base_url, path.to_string()
    if (first.type === "identifier" || first.type === "self") {
      let value: IR.Expression = this.host.expression(first);
      let index = 1;
      for (;;) {
        // rec["zone_name"], rec.get("zone_name"): serde_json's lookup of a key written out
        const indexed = parts[index]?.type === "token_tree" && parts[index]!.firstChild?.type === "[" ? literalKey(parts[index]!) : null;
        const got = parts[index]?.type === "." && parts[index + 1]?.text === "get" && parts[index + 2]?.type === "token_tree" && parts[index + 2]!.firstChild?.type === "(" ? literalKey(parts[index + 2]!) : null;
        const key = indexed ?? got;
        if (key === null) break;
        const keyExpression = this.host.expression(key);
        const at: IR.Range = [first.startIndex, parts[index + (indexed ? 0 : 2)]!.endIndex];
        value = this.host.member(value, keyExpression.kind === "string" ? keyExpression.value : null, at, this.host.range(key), keyExpression);
        index += indexed ? 1 : 3;
      }
      while (index + 1 < parts.length && parts[index]!.type === "." && parts[index + 1]!.type === "identifier") {
        const field = parts[index + 1]!;
        const argumentTree = parts[index + 2]?.type === "token_tree" && parts[index + 2]!.firstChild?.type === "(" ? parts[index + 2]! : null;
        const stringMethod = RUST_STRING_METHODS[field.text];
        // path.trim_start_matches('/'), verb.to_uppercase(): the string method's result
        if (argumentTree && stringMethod) {
          const at: IR.Range = [first.startIndex, argumentTree.endIndex];
          const args = argumentTree.namedChildCount === 0 ? [] : splitTokens(argumentTree, ",").map((tokens) => this.tokenExpression(tokens, at));
          value = this.host.call(this.host.member(value, stringMethod, at, this.host.range(field)), args, at);
          index += 3;
          continue;
        }
        const call = argumentTree?.namedChildCount === 0 ? argumentTree : null;
        if (call && !SAME_VALUE.has(field.text)) break;
        if (!call) value = this.host.member(value, field.text, [first.startIndex, field.endIndex], this.host.range(field));
        index += call ? 3 : 2;
      }
      // (a key lookup after the fields: `rec.data["service"]`)
      while (index < parts.length && parts[index]!.type === "token_tree" && parts[index]!.firstChild?.type === "[") {
        const key = literalKey(parts[index]!);
        if (key === null) break;
        const keyExpression = this.host.expression(key);
        value = this.host.member(value, keyExpression.kind === "string" ? keyExpression.value : null, [first.startIndex, parts[index]!.endIndex], this.host.range(key), keyExpression);
        index++;
      }
      if (index === parts.length) return value;
      // Self::BASE, consts::API_BASE, Method::POST
      if (parts.length >= 3 && parts.every((part, i) => (i % 2 === 0 ? part.type === "identifier" : part.type === "::"))) {
        const owner = parts.at(-3)!.text;
        const name = parts.at(-1)!.text;
        const at: IR.Range = [first.startIndex, parts.at(-1)!.endIndex];
        if (owner === "Method" && HTTP_VERBS.has(name.toLowerCase())) return this.host.string(name.toUpperCase(), at);
        return this.host.identifier(name, at);
      }
    }
    return this.host.opaque([first.startIndex, parts.at(-1)!.endIndex], parts.flatMap((part) => this.tokenStrings(part)));
  }

  /** A struct literal's `{ field: value, shorthand, ..base }` written in a macro's tokens, as a record. */
  private tokenStruct(tree: SyntaxNode): IR.ObjectLiteral {
    const properties: IR.Property[] = [];
    for (const entry of splitTokens(tree, ",")) {
      const [key, colon] = entry;
      if (key?.type === "identifier" && colon?.type === ":") {
        properties.push(this.host.property(key.text, this.host.range(key), this.tokenExpression(entry.slice(2), this.host.range(key)), [key.startIndex, entry.at(-1)!.endIndex]));
      } else if (key?.type === "identifier" && entry.length === 1) {
        properties.push({ ...this.host.property(key.text, this.host.range(key), this.host.identifier(key.text, this.host.range(key)), this.host.range(key)), shorthand: true });
      }
    }
    return this.host.object(properties, this.host.range(tree));
  }

  /** The string literals in a token tree (or the token itself), so that they are seen. */
  tokenStrings(node: SyntaxNode): IR.Expression[] {
    if (node.type === "string_literal" || node.type === "raw_string_literal") return [this.host.expression(node)];
    return node.descendantsOfType(["string_literal", "raw_string_literal"]).flatMap((literal) => (literal ? [this.host.expression(literal)] : []));
  }
}

/** The one string literal a `[…]` or `(…)` token tree holds (`["zone_name"]`, `("zone_name")`), or null. */
function literalKey(tree: SyntaxNode): SyntaxNode | null {
  const inner = tree.namedChildren.filter((child): child is SyntaxNode => child !== null && !isComment(child));
  return inner.length === 1 && inner[0]!.type === "string_literal" ? inner[0]! : null;
}

export function isComment(node: SyntaxNode): boolean {
  return node.type === "line_comment" || node.type === "block_comment";
}

interface MacroArgument {
  /** `name` of `name = value`. */
  name: string | null;
  tokens: SyntaxNode[];
}

/** A macro's arguments: its token tree's tokens split at the commas between them (`name = value` named). */
function splitArguments(tree: SyntaxNode): MacroArgument[] {
  return splitTokens(tree, ",").map((tokens) => {
    const named = tokens.length > 2 && tokens[0]!.type === "identifier" && tokens[1]!.type === "=";
    return { name: named ? tokens[0]!.text : null, tokens: named ? tokens.slice(2) : tokens };
  });
}

/** The tokens inside a token tree's brackets, split at a separator; empty runs dropped. */
export function splitTokens(tree: SyntaxNode, separator: string): SyntaxNode[][] {
  const tokens = tree.children.slice(1, -1).filter((token): token is SyntaxNode => token !== null && token.type !== "line_comment" && token.type !== "block_comment");
  const out: SyntaxNode[][] = [];
  let current: SyntaxNode[] = [];
  for (const token of tokens) {
    if (token.type !== separator) current.push(token);
    else if (current.length > 0) {
      out.push(current);
      current = [];
    }
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** Tokens that are only calls handing back the same text: `.to_string()`, `.into()`. */
function sameValueCalls(tokens: readonly SyntaxNode[]): boolean {
  if (tokens.length === 0 || tokens.length % 3 !== 0) return false;
  for (let index = 0; index < tokens.length; index += 3) {
    const [dot, name, call] = [tokens[index]!, tokens[index + 1]!, tokens[index + 2]!];
    if (dot.type !== "." || name.type !== "identifier" || !SAME_VALUE.has(name.text) || call.type !== "token_tree" || call.namedChildCount !== 0) return false;
  }
  return true;
}

/** A string literal's text (`"…"`, `b"…"`), escapes decoded and line continuations joined. */
export function stringValue(raw: string): string {
  const body = raw.replace(/^b?"/, "").replace(/"$/, "");
  return unescapeText(body.replace(/\\\r?\n\s*/g, ""));
}

/** A raw string's text (`r"…"`, `r#"…"#`). */
export function rawStringValue(raw: string): string {
  const match = /^b?r(#*)"([\s\S]*)"\1$/.exec(raw);
  return match ? match[2]! : raw;
}
