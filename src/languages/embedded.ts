/**
 * Code inside other files: the `<script>` blocks of Vue and Svelte components, and (when
 * switched on) the fenced code blocks of Markdown. Everything outside the code is blanked (each
 * character but line breaks becomes a space), so the code keeps its offsets and every finding
 * lands on its own line and column in the file.
 */
import type * as IR from "../core/ir.js";
import { languageOfPath, parseLanguageList, type LanguageId, type ParseResult } from "./index.js";

type LowerTypeScript = (path: string, text: string, scriptPath?: string) => ParseResult;

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const FENCE = /^([ \t]*)(`{3,}|~{3,})[ \t]*([\w+#.-]*)[^\n]*\n([\s\S]*?)^\1\2[ \t]*$/gm;

/** Keeps `[start, end)` spans of `text` and blanks the rest. */
export function keepOnly(text: string, spans: readonly (readonly [number, number])[]): string {
  let out = "";
  let last = 0;
  const blank = (part: string) => part.replace(/[^\n\r]/g, " ");
  for (const [start, end] of spans) {
    out += blank(text.slice(last, start)) + text.slice(start, end);
    last = end;
  }
  return out + blank(text.slice(last));
}

/** Vue and Svelte: the script blocks, through the JS/TS front end (`lang="ts"` as TypeScript). */
export function scriptBlocks(lower: LowerTypeScript): (path: string, text: string) => ParseResult {
  return (path, text) => {
    const spans: [number, number][] = [];
    let typescript = false;
    for (const match of text.matchAll(SCRIPT)) {
      const start = match.index! + match[0].indexOf(">") + 1;
      spans.push([start, start + match[2]!.length]);
      if (/\blang\s*=\s*["']?(?:ts|tsx|typescript)\b/.test(match[1]!)) typescript = true;
    }
    const blanked = keepOnly(text, spans);
    const result = lower(path, blanked, `${path}.${typescript ? "ts" : "js"}`);
    return { module: { ...result.module, text }, syntaxErrors: result.syntaxErrors };
  };
}

/** Markdown: each fenced block whose info string names a language, through that language's front end. */
export function codeBlocks(lower: (language: LanguageId, path: string, text: string) => ParseResult): (path: string, text: string) => ParseResult {
  return (path, text) => {
    const body: IR.Statement[] = [];
    const comments: IR.Module["comments"] = [];
    for (const match of text.matchAll(FENCE)) {
      const info = match[3]!.toLowerCase();
      const language = parseLanguageList([info]).languages[0] ?? languageOfPath(`x.${info}`);
      if (!language || language === "markdown") continue;
      const start = match.index! + match[0].indexOf("\n") + 1;
      // The block alone is parsed (a document's blocks each parsed within the whole blanked
      // document cost its length squared: 33 s on the Terraform provider's docs); its model is
      // then moved to where the block stands in the file.
      try {
        const result = lower(language, path, match[4]!);
        // A block that does not parse is an example, not code: it is left out, not an error.
        if (result.syntaxErrors.length > 0 || result.partly) continue;
        shiftRanges(result.module.body, start);
        shiftRanges(result.module.comments, start);
        body.push(...result.module.body);
        comments.push(...result.module.comments);
      } catch {
        continue;
      }
    }
    return { module: { file: path, text, body, comments }, syntaxErrors: [] };
  };
}

/** The fields of the model that hold a `[start, end)` offset pair. */
const RANGE_FIELDS = new Set(["range", "keyRange", "propertyRange"]);

/** Moves every offset of a model by `offset` (each node once, shared nodes included). */
function shiftRanges(root: unknown, offset: number): void {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== "object" || seen.has(value)) continue;
    seen.add(value);
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
      continue;
    }
    const record = value as Record<string, unknown>;
    for (const [key, field] of Object.entries(record)) {
      if (RANGE_FIELDS.has(key) && Array.isArray(field) && field.length === 2 && typeof field[0] === "number") record[key] = [field[0] + offset, (field[1] as number) + offset];
      else if (field !== null && typeof field === "object") stack.push(field);
    }
  }
}
