/**
 * JSON (and JSONC): the document as one object or array literal, every key and value placed
 * where it is written, so that an SRV record's `data` or a Logpush job's `filter` in a JSON file
 * (or a curl body) is read like the same literal in code.
 */
import type { Node as JsonNode, ParseError } from "jsonc-parser";

import type * as IR from "../core/ir.js";
import { jsonc } from "../files/jsonc.js";
import { withDataRequests } from "./data-requests.js";
import type { ParseResult } from "./index.js";

/** The model of a JSON text whose first character is at `offset` in the file; `null` when it is not JSON. */
export function jsonToModel(text: string, offset = 0): IR.Expression | null {
  const errors: ParseError[] = [];
  const root = jsonc().parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (!root || (errors.length > 0 && root.type !== "object" && root.type !== "array")) return null;
  return toModel(root, offset, 0);
}

export function lowerJson(path: string, text: string): ParseResult {
  const errors: ParseError[] = [];
  const root = jsonc().parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  const body: IR.Statement[] = [];
  // sunset-lint's own output (results, baselines, its cache, SARIF) quotes the code it flagged: not code.
  const value = root && !isToolOutput(root) ? toModel(root, 0, 0) : null;
  if (value) body.push({ kind: "expression", range: value.range, expression: value });
  const syntaxErrors = !root && text.trim().length > 0 ? [`offset ${errors[0]?.offset ?? 0}: not JSON`] : [];
  // Imported (`import routes from "./routes.json"`), the document is the module's value.
  return { module: { file: path, text, body: withDataRequests(body), comments: [], data: true, ...(value ? { value } : {}) }, syntaxErrors };
}

const MAX_DEPTH = 200;

/** A JSON object or array written as text (strictly: it parses), as the record it is; `null` for any other text. */
export function jsonDocumentModel(text: string, offset = 0): IR.Expression | null {
  if (!/^\s*[[{]/.test(text)) return null;
  try {
    JSON.parse(text);
  } catch {
    return null;
  }
  const model = jsonToModel(text, offset);
  return model && (model.kind === "object" || model.kind === "array") ? model : null;
}

/** Private-use characters around a hole's number in the text parsed (they cannot be in a written document). */
const HOLE_OPEN = "\uE000";
const HOLE_CLOSE = "\uE001";
const HOLE_PAD = "\uE002";
const HOLE = /\uE000(\d+)\uE001\uE002*/g;

/**
 * A JSON document written as text with holes (a here-string body with `$mail` in it, a shell
 * `--data "{\"filter\":\"$F\"}"`): the record it is, each hole where it stands (a value of its own,
 * or part of a string). `null` when the text, its holes read as strings, is no JSON object or array.
 * Offsets are the literal text's own, placed from `offset` (holes shift what follows them: a key
 * after a hole is placed a few characters off, on its line).
 */
export function jsonToModelWithHoles(pieces: readonly (string | IR.Expression)[], offset = 0): IR.Expression | null {
  const firstText = pieces.find((piece): piece is string => typeof piece === "string" && piece.trim() !== "");
  if (firstText === undefined || pieces.indexOf(firstText) !== 0 || !/^\s*[[{]/.test(firstText)) return null;
  const holes: IR.Expression[] = [];
  let text = "";
  let inString = false;
  for (const piece of pieces) {
    if (typeof piece !== "string") {
      // As long as the hole is written (`$mail`: 5 characters), so that what follows keeps its offsets.
      const marker = `${HOLE_OPEN}${holes.length}${HOLE_CLOSE}`;
      const written = piece.range[1] - piece.range[0];
      const padded = marker + HOLE_PAD.repeat(Math.max(0, written - marker.length - (inString ? 0 : 2)));
      holes.push(piece);
      text += inString ? padded : `"${padded}"`;
      continue;
    }
    for (let index = 0; index < piece.length; index++) {
      const character = piece[index];
      if (inString && character === "\\") index++;
      else if (character === '"') inString = !inString;
    }
    text += piece;
  }
  const model = jsonDocumentModel(text, offset);
  return model ? withHoles(model, holes) : null;
}

/** A model with each hole's marker replaced by the hole (a string holding markers becomes a template). */
function withHoles(model: IR.Expression, holes: readonly IR.Expression[]): IR.Expression {
  switch (model.kind) {
    case "object":
      return { ...model, properties: model.properties.map((property) => (property.kind === "property" ? { ...property, value: withHoles(property.value, holes) } : property)) };
    case "array":
      return { ...model, elements: model.elements.map((element) => (element === null || element.kind === "spread" ? element : withHoles(element, holes))) };
    case "string": {
      if (!model.value.includes(HOLE_OPEN)) return model;
      const quasis: IR.TemplateQuasi[] = [];
      const expressions: IR.Expression[] = [];
      let last = 0;
      for (const match of model.value.matchAll(HOLE)) {
        quasis.push({ range: model.range, value: model.value.slice(last, match.index) });
        expressions.push(holes[Number(match[1])]!);
        last = match.index! + match[0].length;
      }
      quasis.push({ range: model.range, value: model.value.slice(last) });
      if (expressions.length === 1 && quasis.every((quasi) => quasi.value === "")) return expressions[0]!;
      return { kind: "template", range: model.range, quasis, expressions, tag: null };
    }
    default:
      return model;
  }
}

function toModel(node: JsonNode, offset: number, depth: number): IR.Expression {
  const range: IR.Range = [offset + node.offset, offset + node.offset + node.length];
  if (depth > MAX_DEPTH) return { kind: "unknown", range, children: [] };
  switch (node.type) {
    case "object":
      return {
        kind: "object",
        range,
        properties: (node.children ?? []).flatMap((pair): IR.Property[] => {
          const [key, value] = pair.children ?? [];
          if (!key || !value) return [];
          const keyRange: IR.Range = [offset + key.offset, offset + key.offset + key.length];
          return [{ kind: "property", range: [offset + pair.offset, offset + pair.offset + pair.length], key: String(key.value), keyRange, computedKey: null, value: toModel(value, offset, depth + 1), shorthand: false }];
        }),
      };
    case "array":
      return { kind: "array", range, elements: (node.children ?? []).map((child) => toModel(child, offset, depth + 1)) };
    case "string":
      return { kind: "string", range, value: String(node.value) };
    case "number":
      return { kind: "number", range, value: Number(node.value), raw: String(node.value) };
    case "boolean":
      return { kind: "boolean", range, value: Boolean(node.value) };
    case "null":
      return { kind: "null", range };
    default:
      return { kind: "unknown", range, children: [] };
  }
}

/** Whether a JSON text is sunset-lint's own output (read from its first characters, without parsing it all). */
export function isToolOutputText(text: string): boolean {
  const head = text.slice(0, 4096);
  return /"tool"\s*:\s*"sunset-lint"/.test(head) || /^\s*\{\s*"version"\s*:\s*1\s*,\s*"asOf"\s*:/.test(head) || (/"\$schema"\s*:\s*"[^"]*sarif/i.test(head) && /"name"\s*:\s*"sunset-lint"/.test(text));
}

/** Results (`findings` with a `summary`), baselines and the cache (`"tool": "sunset-lint"`), SARIF logs. */
function isToolOutput(root: JsonNode): boolean {
  if (root.type !== "object") return false;
  const keys = new Map((root.children ?? []).map((pair) => [String(pair.children?.[0]?.value), pair.children?.[1]]));
  const tool = keys.get("tool");
  if (tool?.type === "string" && tool.value === "sunset-lint") return true;
  if (keys.has("findings") && keys.has("summary")) return true;
  const schema = keys.get("$schema");
  return keys.has("runs") && schema?.type === "string" && /sarif/i.test(String(schema.value));
}
