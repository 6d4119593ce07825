/**
 * YAML (every document of a file): mappings as object literals, sequences as arrays, scalars as
 * strings, numbers and booleans, each placed where it is written; `#` comments kept for
 * suppressions. Read with the `yaml` package, which keeps source offsets.
 *
 * CI steps are shell scripts: the values of `run` (GitHub Actions) and `script`,
 * `before_script`, `after_script` (GitLab CI) go through the shell front end, in place; so does
 * the script of a shell run with `-c` in a list (a container's `command: ["sh", "-c", "curl …"]`,
 * or `command: [sh, -c]` with the script in `args`, as Kubernetes and Compose files write them).
 */
import { LineCounter, parseAllDocuments, isMap, isPair, isScalar, isSeq, isAlias, type Node as YamlNode } from "yaml";
import type * as IR from "../core/ir.js";
import { withDataRequests } from "./data-requests.js";
import { keepOnly } from "./embedded.js";
import type { ParseResult } from "./index.js";

const MAX_DEPTH = 200;
const SHELL_KEYS = new Set(["run", "script", "before_script", "after_script"]);
/** A shell given a script with `-c` (`sh`, `/bin/bash`…). */
const SHELL_PROGRAM = /^(?:\/(?:usr\/)?bin\/)?(?:sh|bash|ash|dash|zsh)$/;
/** Where a list `[shell, "-c", script]` has its script, or -1. */
function scriptIndexAfterShell(items: readonly unknown[]): number {
  for (let index = 0; index + 1 < items.length; index++) {
    const program = items[index];
    const flag = items[index + 1];
    if (isScalar(program) && typeof program.value === "string" && SHELL_PROGRAM.test(program.value.trim()) && isScalar(flag) && /^-\w*c$/.test(String(flag.value).trim())) return index + 2;
  }
  return -1;
}

/** Lowers a text of the file's length in which only shell code is left (the rest blanked). */
export type LowerShell = (path: string, text: string) => ParseResult;

export function lowerYaml(path: string, text: string, lowerShell: LowerShell | null = null): ParseResult {
  const lineCounter = new LineCounter();
  const documents = parseAllDocuments(text, { lineCounter, keepSourceTokens: false, uniqueKeys: false, prettyErrors: false });
  const list = Array.isArray(documents) ? documents : [];
  const body: IR.Statement[] = [];
  const syntaxErrors: string[] = [];
  for (const document of list) {
    if (document.errors.length > 0 && !document.contents) {
      const error = document.errors[0]!;
      const at = lineCounter.linePos(error.pos[0]);
      syntaxErrors.push(`line ${at.line}, column ${at.col}: ${error.message.split("\n")[0]}`);
      continue;
    }
    if (document.contents) {
      const expression = toModel(document.contents as YamlNode, 0);
      body.push({ kind: "expression", range: expression.range, expression });
      if (lowerShell) body.push(...shellSteps(document.contents as YamlNode, path, text, lowerShell));
    }
  }
  return { module: { file: path, text, body: withDataRequests(body), comments: commentsOf(text), data: true }, syntaxErrors };
}

/** The statements of each CI step's script, lowered where it is written. */
function shellSteps(root: YamlNode, path: string, text: string, lowerShell: LowerShell): IR.Statement[] {
  const spans: [number, number][] = [];
  /** The script's own text where YAML escapes it (`"curl \"https://…\""`): the same length, see `unescapedInPlace`. */
  let source = text;
  const scriptOf = (node: unknown) => {
    if (isScalar(node) && typeof node.value === "string" && node.range) {
      const [start, end] = node.range;
      // The code itself: after a block scalar's header line, inside a quoted scalar's quotes.
      if (node.type === "BLOCK_LITERAL" || node.type === "BLOCK_FOLDED") {
        const body = text.indexOf("\n", start);
        if (body !== -1 && body < end) spans.push([body + 1, end]);
      } else if (node.type === "QUOTE_DOUBLE" || node.type === "QUOTE_SINGLE") {
        spans.push([start + 1, end - 1]);
        const inner = text.slice(start + 1, end - 1);
        const unescaped = unescapedInPlace(inner, node.type === "QUOTE_DOUBLE");
        if (unescaped !== inner) source = source.slice(0, start + 1) + unescaped + source.slice(end - 1);
      } else spans.push([start, end]);
    } else if (isSeq(node)) for (const item of node.items) scriptOf(item);
  };
  const visit = (node: unknown, depth: number) => {
    if (depth > MAX_DEPTH) return;
    if (isMap(node)) {
      for (const pair of node.items) {
        if (isScalar(pair.key) && SHELL_KEYS.has(String(pair.key.value))) scriptOf(pair.value);
        else visit(pair.value, depth + 1);
      }
      // command: [sh, -c] with the script in args (a Kubernetes container)
      // (Kubernetes: `command` then `args`; Compose: `entrypoint` then `command`)
      const valueOf = (key: string) => node.items.find((pair) => isScalar(pair.key) && pair.key.value === key)?.value;
      for (const [program, given] of [["command", "args"], ["entrypoint", "command"]] as const) {
        const command = valueOf(program);
        const args = valueOf(given);
        if (isSeq(command) && isSeq(args) && scriptIndexAfterShell(command.items) === command.items.length && args.items[0]) scriptOf(args.items[0]);
      }
    } else if (isSeq(node)) {
      // [sh, -c, "curl …"]: the script given to the shell
      const script = scriptIndexAfterShell(node.items);
      if (script !== -1 && node.items[script]) scriptOf(node.items[script]);
      for (const item of node.items) visit(item, depth + 1);
    }
  };
  visit(root, 0);
  if (spans.length === 0) return [];
  const lowered = (kept: [number, number][]) => {
    try {
      const result = lowerShell(path, keepOnly(source, kept));
      return result.syntaxErrors.length === 0 && !result.partly ? result.module.body : null;
    } catch {
      return null;
    }
  };
  // All steps in one parse (the blanked lines between them end each step's last command); if
  // that does not parse cleanly, step by step, and a step the shell grammar cannot make out is
  // left as the string it also is.
  return lowered(spans) ?? spans.flatMap((span) => lowered([span]) ?? []);
}

/**
 * A quoted scalar's text as its value, at the same length: `\"` is `"`, `\\` is `\`, `\n` and
 * `\t` are spaces (a double-quoted scalar); `''` is `'` (a single-quoted one). What the escapes
 * took is given back as spaces at the end, so what follows keeps its place (a finding in the
 * script may stand a few columns left of where it is written).
 */
function unescapedInPlace(inner: string, double: boolean): string {
  const value = double ? inner.replace(/\\(["\\nt])/g, (_, char: string) => (char === "n" || char === "t" ? " " : char)) : inner.replace(/''/g, "'");
  return value.length === inner.length ? value : value + " ".repeat(inner.length - value.length);
}

function rangeOf(node: { range?: [number, number, number] | null | undefined }): IR.Range {
  const range = node.range;
  return range ? [range[0], range[1]] : [0, 0];
}

function toModel(node: YamlNode | null | undefined, depth: number): IR.Expression {
  if (!node) return { kind: "null", range: [0, 0] };
  const range = rangeOf(node);
  if (depth > MAX_DEPTH) return { kind: "unknown", range, children: [] };
  if (isMap(node)) {
    return {
      kind: "object",
      range,
      properties: node.items.flatMap((pair): IR.Property[] => {
        if (!isPair(pair)) return [];
        const key = pair.key as YamlNode | null;
        const keyRange = key ? rangeOf(key) : range;
        const keyText = isScalar(key) ? String(key.value) : null;
        const value = toModel(pair.value as YamlNode | null, depth + 1);
        return [{ kind: "property", range: [keyRange[0], Math.max(keyRange[1], value.range[1])], key: keyText, keyRange, computedKey: null, value, shorthand: false }];
      }),
    };
  }
  if (isSeq(node)) return { kind: "array", range, elements: node.items.map((item) => toModel(item as YamlNode, depth + 1)) };
  if (isScalar(node)) {
    const value = node.value;
    if (typeof value === "number") return { kind: "number", range, value, raw: String(node.source ?? value) };
    if (typeof value === "boolean") return { kind: "boolean", range, value };
    if (value === null || value === undefined) return { kind: "null", range };
    return templated(String(value), range) ?? { kind: "string", range, value: String(value) };
  }
  if (isAlias(node)) return { kind: "unknown", range, children: [] };
  return { kind: "unknown", range, children: [] };
}

/**
 * Placeholders the tools that read YAML fill in before use: Ansible's and Helm's `{{ zone_id }}`,
 * GitHub Actions' `${{ secrets.ZONE }}`. Their spaces made a URL no URL
 * (`https://api.cloudflare.com/client/v4/zones/{{ zone_id }}/settings/minify` in an Ansible `uri`
 * task).
 */
const PLACEHOLDER = /\$?\{\{[^\n]*?\}\}/g;

/** A scalar with placeholders as a template whose placeholders are unknown values; `null` when it has none. */
function templated(text: string, range: IR.Range): IR.TemplateLiteral | null {
  if (!text.includes("{{")) return null;
  const quasis: IR.TemplateQuasi[] = [];
  const expressions: IR.Expression[] = [];
  let from = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    quasis.push({ range, value: text.slice(from, match.index) });
    expressions.push({ kind: "unknown", range, children: [] });
    from = match.index! + match[0].length;
  }
  if (expressions.length === 0) return null;
  quasis.push({ range, value: text.slice(from) });
  return { kind: "template", range, quasis, expressions, tag: null };
}

/** `# …` comments outside quoted scalars, by a line scan (the parser keeps them only loosely). */
function commentsOf(text: string): IR.Module["comments"] {
  const comments: IR.Module["comments"] = [];
  const pattern = /(^|[ \t])#([^\n]*)/g;
  for (const match of text.matchAll(pattern)) {
    const start = match.index! + match[1]!.length;
    const lineStart = text.lastIndexOf("\n", start) + 1;
    const before = text.slice(lineStart, start);
    // A '#' inside an open quote is text.
    if ((before.split('"').length - 1) % 2 === 1 || (before.split("'").length - 1) % 2 === 1) continue;
    comments.push({ text: match[2]!, range: [start, start + 1 + match[2]!.length], block: false });
  }
  return comments;
}
