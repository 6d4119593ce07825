/**
 * Joining and cutting URL string values the way URL libraries do: a base URL and a path, the
 * origin of a URL, the directory a relative reference resolves against, and `.replace` of a
 * written placeholder.
 */
import type { Expression } from "../ir.js";
import { concat, isHole, partsOf, stringValue, text, type StringPart, type StringValue, type Value } from "../values.js";
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
    for (const inner of partsOf(replacement, hintOf(replacementNode))) parts.push(inner);
    parts.push({ text: part.text.slice(at + pattern.length), origin: part.origin });
    replaced = true;
  }
  return stringValue(parts);
}
