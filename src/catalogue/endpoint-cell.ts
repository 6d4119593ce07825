/**
 * Parses the "Affected endpoints or fields" cell of a schedule row as written in the spec:
 *
 *   GET, PATCH /zones/:zone_id/settings/brotli
 *   GET and PATCH .../groups/:group_id              (`...` continues an earlier path of the row)
 *   /zones/:zone_id/firewall/rules (GET, POST, PUT)  (methods after the path)
 *   GET accounts/{account_identifier}/billing/profile
 *   same five DNS record endpoints as item 4         (a reference to another row)
 *   record creation                                  (prose: no endpoint)
 *
 * Groups are separated by `;`. Problems are thrown as `EndpointCellError` with the group that
 * could not be read; the generator adds the row and the column.
 */
import { HTTP_METHODS, type CatalogueEndpoint, type HttpMethod } from "./types.js";

export class EndpointCellError extends Error {}

export interface ParsedEndpointCell {
  endpoints: CatalogueEndpoint[];
  /** Item numbers whose endpoints this cell refers to, with the count the text states if any. */
  references: { item: number; statedCount: number | null }[];
  /** Groups that are prose ("record creation", "all requests"). */
  prose: string[];
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12,
};

const SEGMENT = /^(?::[A-Za-z_]\w*|\{[A-Za-z_]\w*\}|[A-Za-z0-9_.~-]+)$/;
const METHOD_WORD = /^[A-Z]{3,}$/;

/** Splits on `;` outside parentheses. */
function splitGroups(cell: string): string[] {
  const groups: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of cell) {
    if (char === "(") depth++;
    if (char === ")") depth = Math.max(0, depth - 1);
    if (char === ";" && depth === 0) {
      groups.push(current);
      current = "";
    } else current += char;
  }
  groups.push(current);
  return groups.map((group) => group.trim().replace(/\.$/, "").trim()).filter((group) => group.length > 0);
}

function looksLikePath(token: string): boolean {
  return token.startsWith("/") || token.startsWith("...") || /^[A-Za-z_{][\w{}]*\//.test(token);
}

function parseMethods(text: string, group: string): HttpMethod[] {
  const words = text
    .split(/\s*,\s*|\s+and\s+|\s+/)
    .map((word) => word.trim())
    .filter((word) => word.length > 0 && word !== "and");
  if (words.length === 0) throw new EndpointCellError(`no method before or after the path in "${group}"`);
  const methods: HttpMethod[] = [];
  for (const word of words) {
    if (!(HTTP_METHODS as readonly string[]).includes(word)) {
      throw new EndpointCellError(`unknown method "${word}" in "${group}" (known: ${HTTP_METHODS.join(", ")})`);
    }
    if (!methods.includes(word as HttpMethod)) methods.push(word as HttpMethod);
  }
  return methods;
}

function splitSegments(path: string, group: string): string[] {
  const segments = path.split("/").filter((segment) => segment.length > 0);
  if (segments.length === 0) throw new EndpointCellError(`empty path in "${group}"`);
  for (const segment of segments) {
    if (!SEGMENT.test(segment)) throw new EndpointCellError(`invalid path segment "${segment}" in "${group}"`);
  }
  return segments;
}

/** `{account_identifier}` and `:account_identifier` become `:account_identifier`. */
export function canonicalSegment(segment: string): string {
  const braced = /^\{(\w+)\}$/.exec(segment);
  return braced ? `:${braced[1]}` : segment;
}

export function canonicalPath(segments: readonly string[]): string {
  return `/${segments.map(canonicalSegment).join("/")}`;
}

const isParameter = (segment: string) => segment.startsWith(":") || segment.startsWith("{");

interface WrittenPath {
  segments: string[];
  leadingSlash: boolean;
}

/**
 * Resolves `...`/suffix against the row's earlier paths. The suffix's first segment names the
 * collection it continues (`.../groups/:group_id` continues the latest path holding `groups`);
 * a collection not seen yet is a sibling of the previous continuation (`.../roles` after
 * `.../members/:identifier`), or else of the latest path's last collection.
 */
function expandContinuation(
  suffix: string[],
  previous: readonly WrittenPath[],
  lastAttachment: WrittenPath | null,
  group: string,
): { path: WrittenPath; attachment: WrittenPath } {
  const first = suffix[0]!;
  for (let index = previous.length - 1; index >= 0; index--) {
    const candidate = previous[index]!;
    const at = candidate.segments.lastIndexOf(first);
    if (at >= 0) {
      const attachment = { segments: candidate.segments.slice(0, at), leadingSlash: candidate.leadingSlash };
      return { path: { segments: [...attachment.segments, ...suffix], leadingSlash: candidate.leadingSlash }, attachment };
    }
  }
  if (lastAttachment) {
    return { path: { segments: [...lastAttachment.segments, ...suffix], leadingSlash: lastAttachment.leadingSlash }, attachment: lastAttachment };
  }
  const latest = previous.at(-1);
  if (!latest) throw new EndpointCellError(`"${group}" starts with "..." but no earlier path in the row to continue`);
  let collection = latest.segments.length - 1;
  while (collection > 0 && isParameter(latest.segments[collection]!)) collection--;
  const attachment = { segments: latest.segments.slice(0, collection), leadingSlash: latest.leadingSlash };
  if (attachment.segments.length === 0) {
    throw new EndpointCellError(`"${group}" starts with "..." but nothing in the earlier paths says what it continues`);
  }
  return { path: { segments: [...attachment.segments, ...suffix], leadingSlash: latest.leadingSlash }, attachment };
}

export function parseEndpointCell(cell: string): ParsedEndpointCell {
  const result: ParsedEndpointCell = { endpoints: [], references: [], prose: [] };
  const written: WrittenPath[] = [];
  let lastAttachment: WrittenPath | null = null;

  for (const group of splitGroups(cell)) {
    const reference = /^same\s+(?:(\w+)\s+)?[\w\s]*?endpoints?\s+as\s+item\s+(\d+)$/i.exec(group);
    if (reference) {
      const countWord = reference[1]?.toLowerCase();
      const statedCount = countWord === undefined ? null : (NUMBER_WORDS[countWord] ?? (/^\d+$/.test(countWord) ? Number(countWord) : null));
      result.references.push({ item: Number(reference[2]), statedCount });
      continue;
    }

    let methodsText: string;
    let pathText: string;
    const pathThenMethods = /^(\S+)\s*\(([^)]*)\)$/.exec(group);
    const tokens = group.split(/\s+/);
    const pathIndex = tokens.findIndex(looksLikePath);
    if (pathThenMethods && looksLikePath(pathThenMethods[1]!)) {
      pathText = pathThenMethods[1]!;
      methodsText = pathThenMethods[2]!;
    } else if (pathIndex > 0 && pathIndex === tokens.length - 1) {
      pathText = tokens[pathIndex]!;
      methodsText = tokens.slice(0, pathIndex).join(" ");
    } else if (pathIndex === -1) {
      if (tokens.every((token) => METHOD_WORD.test(token.replace(/,$/, "")) || token === "and")) {
        throw new EndpointCellError(`"${group}" names methods but no path`);
      }
      result.prose.push(group);
      continue;
    } else if (pathIndex === 0) {
      throw new EndpointCellError(`no method for the path in "${group}" (write "GET /path" or "/path (GET)")`);
    } else {
      throw new EndpointCellError(`cannot read "${group}" as methods followed by one path`);
    }

    const methods = parseMethods(methodsText, group);
    let path: WrittenPath;
    if (pathText.startsWith("...")) {
      const expansion = expandContinuation(splitSegments(pathText.slice(3), group), written, lastAttachment, group);
      path = expansion.path;
      lastAttachment = expansion.attachment;
    } else {
      path = { segments: splitSegments(pathText, group), leadingSlash: pathText.startsWith("/") };
      lastAttachment = null;
    }
    written.push(path);
    const spelling = `${path.leadingSlash ? "/" : ""}${path.segments.join("/")}`;
    for (const method of methods) {
      result.endpoints.push({ method, path: canonicalPath(path.segments), spelling });
    }
  }
  return result;
}

/**
 * Endpoints written inside prose (item 6 lists its endpoints in the Change cell after a colon):
 * the text from the first method word that is followed by a path.
 */
export function endpointTextInProse(text: string): string | null {
  const start = /\b(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\b(?=[\s,A-Za-z]*\s(?:\/|\.\.\.|[a-z_]+\/))/.exec(text);
  return start ? text.slice(start.index).replace(/\.$/, "") : null;
}
