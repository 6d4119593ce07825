/**
 * Validation of a Logpush job filter (spec 2.2, 4.1, 8), over a JSON tree whose nodes carry the
 * source range they came from: a parsed string literal (every node at the literal), or an object
 * literal passed to `JSON.stringify` (each node where it is written). Pure: no syntax tree here.
 *
 * Counting: every condition counts one comparison operator and every `and`/`or` one logical
 * operator; the spec's limit of "about 30 operators" is checked against their sum. Size is the
 * UTF-8 length of the filter string as sent.
 */
import type { Range } from "./ir.js";
import type { MessageId } from "./messages.js";
import { nameTable } from "./name-table.js";

export type JsonTree =
  | { kind: "object"; entries: [string, JsonTree][]; open: boolean; range: Range }
  | { kind: "array"; items: JsonTree[]; range: Range }
  | { kind: "string"; value: string; range: Range }
  | { kind: "number"; value: number; range: Range }
  | { kind: "boolean"; value: boolean; range: Range }
  | { kind: "null"; range: Range }
  /** `truncated`: nested deeper than the validator reads (a filter that deep is over the operator limit). */
  | { kind: "unknown"; range: Range; truncated?: boolean };

export interface FilterProblem {
  messageId: MessageId;
  data: Record<string, string>;
  range: Range;
}

export interface FilterLimits {
  maxOperators: number;
  maxBytes: number;
  operators: readonly string[];
}

export const KNOWN_OPERATORS = ["eq", "contains"] as const;

/**
 * How deep a filter's JSON is read. Each `and`/`or` level is two JSON levels and one operator, so
 * a filter nested deeper holds far more operators than the limit: it is reported as over it,
 * without recursing through user input of any depth.
 */
export const MAX_FILTER_DEPTH = 512;

export function treeFromJson(value: unknown, range: Range, depth = 0): JsonTree {
  if (depth > MAX_FILTER_DEPTH) return { kind: "unknown", range, truncated: true };
  if (value === null) return { kind: "null", range };
  if (Array.isArray(value)) return { kind: "array", items: value.map((item) => treeFromJson(item, range, depth + 1)), range };
  switch (typeof value) {
    case "string":
      return { kind: "string", value, range };
    case "number":
      return { kind: "number", value, range };
    case "boolean":
      return { kind: "boolean", value, range };
    case "object":
      return { kind: "object", entries: Object.entries(value as object).map(([k, v]) => [k, treeFromJson(v, range, depth + 1)]), open: false, range };
    default:
      return { kind: "unknown", range };
  }
}

export function describeJson(tree: JsonTree): string {
  switch (tree.kind) {
    case "object":
      return "an object";
    case "array":
      return "an array";
    case "string":
      return `the string ${JSON.stringify(tree.value.length > 30 ? `${tree.value.slice(0, 30)}…` : tree.value)}`;
    case "number":
      return `the number ${tree.value}`;
    case "boolean":
      return `the boolean ${tree.value}`;
    case "null":
      return "null";
    case "unknown":
      return "an unknown value";
  }
}

/** Validates a filter written as text (a string literal): JSON first, then its shape. */
export function validateFilterText(text: string, range: Range, limits: FilterLimits): FilterProblem[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const detail = text.trim() === "" ? "it is empty" : (error as Error).message.replace(/^JSON\.parse: /, "").replace(/\s+/g, " ");
    return [{ messageId: "filterNotJson", data: { detail }, range }];
  }
  return validateFilterTree(treeFromJson(parsed, range), utf8Length(text), limits);
}

/**
 * Validates the shape of a filter. `size` is the byte length of the serialised filter, or a
 * lower bound when parts of it are unknown.
 */
export function validateFilterTree(root: JsonTree, size: number, limits: FilterLimits): FilterProblem[] {
  const problems: FilterProblem[] = [];
  const known = new Set<string>([...KNOWN_OPERATORS, ...limits.operators]);
  let operators = 0;
  let truncated = false;

  if (root.kind === "unknown") return problems;
  if (root.kind !== "object") {
    return [{ messageId: "filterNotObject", data: { found: describeJson(root) }, range: root.range }];
  }
  const where = root.entries.find(([key]) => key === "where");
  for (const [key, value] of root.entries) {
    if (key !== "where") problems.push({ messageId: "filterExtraKey", data: { key }, range: value.range });
  }
  if (!where) {
    if (!root.open) problems.push({ messageId: "filterMissingWhere", data: {}, range: root.range });
  } else {
    const element = (node: JsonTree, at: string): void => {
      const bad = (problem: string, range: Range = node.range): void => {
        problems.push({ messageId: "filterBadElement", data: { at, problem }, range });
      };
      if (node.kind === "unknown") {
        truncated ||= node.truncated === true;
        return;
      }
      if (node.kind === "array") return bad("is a list; it must hold exactly one element (a condition, an `and` or an `or`)");
      if (node.kind !== "object") return bad(`is ${describeJson(node)}; it must be an object: a condition, an \`and\` or an \`or\``);
      const keys = node.entries.map(([key]) => key);
      const logical = keys.filter((key) => key === "and" || key === "or");
      if (logical.length > 0) {
        operators++;
        if (keys.length !== 1) return bad(`holds ${keys.map((k) => `\`${k}\``).join(", ")}; an \`and\` or \`or\` element holds that one key only`);
        const [operator, list] = node.entries[0]!;
        if (list.kind === "unknown") return;
        if (list.kind !== "array") {
          problems.push({ messageId: "filterBadElement", data: { at: `${at}.${operator}`, problem: `is ${describeJson(list)}; it must be a list of elements` }, range: list.range });
          return;
        }
        if (list.items.length === 0) {
          problems.push({ messageId: "filterEmptyList", data: { operator, at: `${at}.${operator}` }, range: list.range });
          return;
        }
        list.items.forEach((item, index) => element(item, `${at}.${operator}[${index}]`));
        return;
      }
      const conditionKeys = ["key", "operator", "value"];
      if (keys.some((key) => conditionKeys.includes(key))) {
        operators++;
        const missing = conditionKeys.filter((key) => !keys.includes(key));
        if (missing.length > 0 && !node.open) bad(`is a condition without ${missing.map((k) => `\`${k}\``).join(" and ")}; a condition needs \`key\`, \`operator\` and \`value\``);
        for (const [key, value] of node.entries) {
          if (!conditionKeys.includes(key)) bad(`has the key \`${key}\`; a condition holds only \`key\`, \`operator\` and \`value\``, value.range);
        }
        const keyNode = node.entries.find(([key]) => key === "key")?.[1];
        if (keyNode && keyNode.kind !== "unknown" && (keyNode.kind !== "string" || keyNode.value === "")) {
          problems.push({ messageId: "filterBadElement", data: { at: `${at}.key`, problem: `is ${describeJson(keyNode)}; it must name a log field` }, range: keyNode.range });
        }
        const operatorNode = node.entries.find(([key]) => key === "operator")?.[1];
        if (operatorNode && operatorNode.kind !== "unknown") {
          if (operatorNode.kind !== "string") {
            problems.push({ messageId: "filterBadElement", data: { at: `${at}.operator`, problem: `is ${describeJson(operatorNode)}; it must be a string` }, range: operatorNode.range });
          } else if (!known.has(operatorNode.value)) {
            problems.push({
              messageId: "filterUnknownOperator",
              data: { operator: operatorNode.value, at: `${at}.operator`, known: [...known].map((k) => `\`${k}\``).join(", ") },
              range: operatorNode.range,
            });
          }
        }
        return;
      }
      if (node.open) return;
      bad("is neither a condition (`key`, `operator`, `value`) nor an `and` or `or` list");
    };
    element(where[1], "where");
  }

  if (operators > limits.maxOperators || truncated) {
    problems.push({ messageId: "filterTooManyOperators", data: { count: truncated ? `more than ${operators}` : String(operators), limit: String(limits.maxOperators) }, range: root.range });
  }
  if (size > limits.maxBytes) {
    problems.push({ messageId: "filterTooLarge", data: { size: String(size), limit: String(limits.maxBytes) }, range: root.range });
  }
  return problems;
}

/** Byte length of the tree serialised with JSON.stringify; unknown leaves count as `""`. */
export function serialisedSize(tree: JsonTree): number {
  const plain = (node: JsonTree): unknown => {
    switch (node.kind) {
      case "object":
        return Object.fromEntries(node.entries.map(([key, value]) => [key, plain(value)]));
      case "array":
        return node.items.map(plain);
      case "unknown":
        return "";
      case "null":
        return null;
      default:
        return node.value;
    }
  };
  return utf8Length(JSON.stringify(plain(tree)));
}

export const OUTPUT_OPTION_TYPES: Readonly<Record<string, { expected: string; accepts: (node: JsonTree) => boolean }>> = nameTable({
  field_names: { expected: "a list of field name strings", accepts: (node) => node.kind === "array" && node.items.every((item) => item.kind === "string" || item.kind === "unknown") },
  sample_rate: { expected: "a number above 0 and at most 1 (a fraction of lines)", accepts: (node) => node.kind === "number" && node.value > 0 && node.value <= 1 },
  timestamp_format: { expected: "a string (such as `rfc3339`)", accepts: (node) => node.kind === "string" },
  "CVE-2021-44228": { expected: "a string (such as `\"true\"`)", accepts: (node) => node.kind === "string" },
});

const encoder = new TextEncoder();
export const utf8Length = (text: string) => encoder.encode(text).length;
