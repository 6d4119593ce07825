/**
 * Joining and cutting URL string values the way URL libraries do: a base URL and a path, the
 * origin of a URL, the directory a relative reference resolves against, and `.replace` of a
 * written placeholder or by a regular expression (trimming slashes).
 */
import type { Expression } from "../ir.js";
import { UNKNOWN, concat, isHole, partsOf, staticText, stringValue, text, type ObjectValue, type StringPart, type StringValue, type TextPart, type Value } from "../values.js";
import { hintOf } from "./hints.js";

/** Joins a base URL and a path with one slash (axios's baseURL, got's and ky's prefixUrl); an absolute URL wins. */
export function joinBase(base: StringValue | null, url: StringValue | null): StringValue | null {
  if (!url) return null;
  if (!base) return url;
  const first = url.parts[0];
  if (first && !isHole(first) && /^[a-z][a-z0-9+.-]*:\/\//i.test(first.text)) return url;
  return joinUrl(base, url);
}

export function joinUrl(base: StringValue, path: StringValue): StringValue {
  const baseLast = base.parts.at(-1);
  const pathFirst = path.parts[0];
  const baseSlash = baseLast && !isHole(baseLast) && baseLast.text.endsWith("/");
  const pathSlash = pathFirst && !isHole(pathFirst) && pathFirst.text.startsWith("/");
  if (baseSlash || pathSlash) return concat(base, path);
  return concat(base, text("/"), path);
}

/** `https://host` of a URL value, when its scheme and host are written. */
export function originOf(url: StringValue): StringValue | null {
  const first = url.parts[0];
  if (!first || isHole(first)) return null;
  const match = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(first.text);
  if (!match) return null;
  if (match[0].length === first.text.length && url.parts.length > 1) return null;
  return text(match[0], first.origin);
}

/**
 * A part of a URL read as the URL API gives it (`new URL(u).pathname`, `.search`, `.hostname`),
 * when its scheme and host are written: Node's canonical `https.request({ hostname: u.hostname,
 * path: u.pathname + u.search })`. The path ends at the first `?` or `#` written; holes are
 * taken to hold neither. `null` when the URL does not show it.
 */
export function urlComponent(url: StringValue, key: string): StringValue | null {
  if (key === "href") return url;
  const first = url.parts[0];
  if (!first || isHole(first)) return null;
  const match = /^([a-z][a-z0-9+.-]*:)\/\/([^/?#]*)/i.exec(first.text);
  // The host may go on in a hole (`https://${sub}.example.com`): not known.
  if (!match || (match[0].length === first.text.length && url.parts.length > 1)) return null;
  const [whole, protocol, host] = match as unknown as [string, string, string];
  if (key === "protocol") return text(protocol, first.origin);
  if (key === "host") return text(host, first.origin);
  if (key === "hostname") return text(host.replace(/:\d+$/, ""), first.origin);
  if (key === "origin") return text(`${protocol}//${host}`, first.origin);
  if (key !== "pathname" && key !== "search") return null;
  const path: StringPart[] = [];
  const search: StringPart[] = [];
  let inSearch = false;
  for (const part of [{ text: first.text.slice(whole.length), origin: first.origin }, ...url.parts.slice(1)]) {
    if (isHole(part)) {
      (inSearch ? search : path).push(part);
      continue;
    }
    const cut = part.text.search(inSearch ? /#/ : /[?#]/);
    if (cut === -1) {
      (inSearch ? search : path).push(part);
      continue;
    }
    (inSearch ? search : path).push({ text: part.text.slice(0, cut), origin: part.origin });
    if (part.text[cut] === "#") break;
    inSearch = true;
    const query = part.text.slice(cut);
    const hash = query.indexOf("#");
    search.push({ text: hash === -1 ? query : query.slice(0, hash), origin: part.origin });
    if (hash !== -1) break;
  }
  // No query written: an empty one, which the URL API gives as "" (not a placeholder).
  if (key === "search") return search.length > 0 ? stringValue(search) : { kind: "string", parts: [], computed: true };
  return path.some((part) => isHole(part) || part.text !== "") ? stringValue(path) : text("/", first.origin);
}

/** The base for a relative reference: everything up to the last slash. */
export function directoryOf(url: StringValue): StringValue {
  const last = url.parts.at(-1);
  if (!last || isHole(last)) return concat(url, text("/"));
  const cut = last.text.lastIndexOf("/");
  const afterScheme = /^[a-z][a-z0-9+.-]*:\/\/[^/]*$/i.test(last.text);
  if (cut === -1 || afterScheme) return concat(url, text("/"));
  return stringValue([...url.parts.slice(0, -1), { text: last.text.slice(0, cut + 1), origin: last.origin }]);
}

/** `new URL(input, base)` with URL semantics: an absolute path replaces the base's path. */
export function resolveUrl(input: StringValue, base: Value | undefined): StringValue {
  if (!base) return input;
  if (base.kind !== "string") return stringValue([{ hole: true, hint: null }, ...input.parts]);
  const first = input.parts[0];
  const inputText = first && !isHole(first) ? first.text : "";
  if (/^[a-z][a-z0-9+.-]*:/i.test(inputText)) return input;
  if (inputText.startsWith("/")) {
    const origin = originOf(base);
    return origin ? concat(origin, input) : stringValue([{ hole: true, hint: null }, ...input.parts]);
  }
  return joinUrl(directoryOf(base), input);
}

/** `'/zones/:zone_id/x'.replace(':zone_id', id)` */
export function replaceText(value: StringValue, pattern: string, replacement: Value, replacementNode: Expression): StringValue {
  const parts: StringPart[] = [];
  let replaced = false;
  for (const part of value.parts) {
    if (replaced || isHole(part)) {
      parts.push(part);
      continue;
    }
    const at = part.text.indexOf(pattern);
    if (at === -1) {
      parts.push(part);
      continue;
    }
    parts.push({ text: part.text.slice(0, at), origin: part.origin });
    for (const inner of partsOf(replacement, replacementHint(pattern, replacementNode))) parts.push(inner);
    parts.push({ text: part.text.slice(at + pattern.length), origin: part.origin });
    replaced = true;
  }
  return stringValue(parts);
}

/** Longest text a pattern written in the code is run on (URLs are short; a pattern may backtrack). */
const MAX_PATTERN_INPUT = 512;

/**
 * `url.replace(/\/+$/, "")`, `path.replace(/^\/+/, "")`, `route.replace(/:zone_id/g, id)`: a regular
 * expression written in the code, applied where its effect can be known. A pattern with no special
 * characters is its text (a placeholder, replaced by any value); otherwise the replacement must be
 * text: a pattern that trims one end (one character repeated, anchored: `^\/+`, `\/+$`) is applied
 * to the text at that end, any other is run on a string that is one known text. `null` elsewhere:
 * unknown.
 */
export function replacePattern(value: StringValue, regex: { pattern: string; flags: string }, replacement: Value, replacementNode: Expression): StringValue | null {
  const global = regex.flags.includes("g");
  const literal = literalOfPattern(regex.pattern);
  if (literal !== null && !regex.flags.includes("i")) {
    if (literal === "") return null;
    return global ? replaceEveryText(value, literal, replacement, replacementNode) : replaceText(value, literal, replacement, replacementNode);
  }
  const written = replacement.kind === "string" ? staticText(replacement) : null;
  if (written === null) return null;
  // A pattern that trims one end or both (`^\/+`, `\/+$`, `^\/+|\/+$`): applied to the text at that end.
  const branches = regex.pattern.split("|");
  const edges = branches.length <= 2 ? branches.map(edgeTrim) : [null];
  if (edges.every((edge) => edge !== null)) {
    let parts: StringPart[] = [...value.parts];
    for (const edge of edges) {
      const trimmed = trimEdge(parts, edge!, written);
      const changed = trimmed !== parts;
      parts = trimmed;
      if (changed && !global) break;
    }
    return stringValue(parts);
  }
  // Any other pattern, on one known text.
  const compiled = compile(regex.pattern, regex.flags);
  const only = value.parts.length === 1 ? value.parts[0]! : null;
  if (!compiled || !only || isHole(only) || only.text.length > MAX_PATTERN_INPUT) return null;
  return text(only.text.replace(compiled, written), only.origin);
}

/**
 * One end of a string with `edge` (a run of one character at that end) replaced by `written`,
 * through texts wholly trimmed; the same parts when it does not match.
 */
function trimEdge(parts: StringPart[], edge: EdgeTrim, written: string): StringPart[] {
  const order = edge.atStart ? parts.map((_, index) => index) : parts.map((_, index) => parts.length - 1 - index);
  const result = [...parts];
  let matched = false;
  for (const index of order) {
    const part = result[index]!;
    // A hole trimmed is still a hole: what it holds is not known either way.
    if (isHole(part)) return matched ? result : parts;
    const match = new RegExp(edge.source).exec(part.text);
    if (!match || match[0].length === 0) return matched ? result : parts;
    const whole = match[0].length === part.text.length;
    const kept = edge.atStart ? part.text.slice(match[0].length) : part.text.slice(0, match.index);
    // The replacement goes at the very end trimmed; parts wholly trimmed are left empty.
    const text = !matched ? (edge.atStart ? written + kept : kept + written) : kept;
    result[index] = { text, origin: part.origin };
    matched = true;
    if (!whole || !edge.unbounded) return result;
  }
  return result;
}

interface EdgeTrim {
  source: string;
  atStart: boolean;
  unbounded: boolean;
}

/** The text a pattern matches when it has no special characters (`:zone_id`, `\{zone\}`); `null` otherwise. */
function literalOfPattern(pattern: string): string | null {
  let result = "";
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index]!;
    if (char === "\\") {
      const next = pattern[++index];
      if (next === undefined || /[\w]/.test(next)) return null; // \d, \s, \b, \1…
      result += next;
    } else if ("^$.*+?()[]{}|".includes(char)) return null;
    else result += char;
  }
  return result;
}

/** `^X+`, `X*$`…: one end anchored, one character (escaped, or a class) repeated; `null` for any other pattern. */
function edgeTrim(branch: string): EdgeTrim | null {
  const shape = /^(\^)?(\\[^\w]|\\[sdw]|\[[^\]\\]*\]|[^\\^$.*+?()[\]{}|])([+*?]|\{\d+(?:,\d*)?\})?(\$)?$/.exec(branch);
  if (!shape || Boolean(shape[1]) === Boolean(shape[4])) return null;
  const quantifier = shape[3] ?? "";
  return { source: branch, atStart: Boolean(shape[1]), unbounded: quantifier === "+" || quantifier === "*" || /,\}$/.test(quantifier) };
}

/** A pattern compiled to be run on short known text: no nested quantifiers or back-references (no runaway backtracking). */
function compile(pattern: string, flags: string): RegExp | null {
  if (/\)[*+?{]|\\[1-9]|\\k</.test(pattern) || !/^[gimsuy]*$/.test(flags)) return null;
  try {
    return new RegExp(pattern, flags);
  } catch {
    return null;
  }
}

/** A template's named placeholder (`{organization_identifier}`, `:zone_id`): its name. */
const PLACEHOLDER = /^(?:\{([A-Za-z_]\w*)\}|:([A-Za-z_]\w*))$/;

/**
 * The name an unknown replacement goes by: the expression's (`zoneId`), else the name of the
 * placeholder it stands for (`"/organizations/{organization_identifier}/invites".replaceAll(
 * "\\{organization_identifier\\}", escape(id))`: a generated client's path, the value escaped).
 */
function replacementHint(pattern: string, replacementNode: Expression): string | null {
  const named = hintOf(replacementNode);
  if (named !== null) return named;
  const placeholder = PLACEHOLDER.exec(pattern);
  return placeholder ? (placeholder[1] ?? placeholder[2]!) : null;
}

/** `replaceAll(':zone_id', id)`, `replace(/:zone_id/g, id)`: every occurrence in the texts. */
export function replaceEveryText(value: StringValue, pattern: string, replacement: Value, replacementNode: Expression): StringValue {
  const parts: StringPart[] = [];
  const inserted = partsOf(replacement, replacementHint(pattern, replacementNode));
  for (const part of value.parts) {
    if (isHole(part)) {
      parts.push(part);
      continue;
    }
    const pieces = part.text.split(pattern);
    pieces.forEach((piece, index) => {
      if (index > 0) parts.push(...inserted);
      parts.push({ text: piece, origin: part.origin });
    });
  }
  return stringValue(parts);
}

/**
 * The parts of a known string with each match of `pattern` in its text replaced by the parts
 * `replace` gives for it (the text around keeps where it was written); holes stay as they are.
 */
export function substituted(template: StringValue, pattern: RegExp, replace: (match: RegExpMatchArray, origin: TextPart["origin"]) => StringPart[]): StringPart[] {
  const parts: StringPart[] = [];
  for (const part of template.parts) {
    if (isHole(part)) {
      parts.push(part);
      continue;
    }
    let last = 0;
    for (const match of part.text.matchAll(pattern)) {
      parts.push({ text: part.text.slice(last, match.index), origin: part.origin }, ...replace(match, part.origin));
      last = match.index! + match[0].length;
    }
    parts.push({ text: part.text.slice(last), origin: part.origin });
  }
  return parts;
}

/**
 * Python's `str.format` on a string that is not written in place (`ENDPOINTS["rules"].format(zone_id=zone)`):
 * each `{}`, `{0}` or `{name}` is the argument it names (`named`: the keyword arguments), a hole
 * where there is none; `{{` and `}}` are braces.
 */
export function formatPlaceholders(template: StringValue, positional: readonly Value[], named: ObjectValue | null): StringValue {
  let next = 0;
  return stringValue(
    substituted(template, /\{\{|\}\}|\{([A-Za-z_]\w*|\d*)\}/g, (match, origin) => {
      if (match[1] === undefined) return [{ text: match[0][0]!, origin }];
      const key = match[1];
      const value = key === "" ? positional[next++] : /^\d+$/.test(key) ? positional[Number(key)] : named?.get(key);
      return partsOf(value ?? UNKNOWN, key || null);
    }),
  );
}
