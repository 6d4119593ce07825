/**
 * Code inside other files: the `<script>` blocks of Vue and Svelte components, and (when
 * switched on) the fenced code blocks of Markdown. Everything outside the code is blanked (each
 * character but line breaks becomes a space), so the code keeps its offsets and every finding
 * lands on its own line and column in the file.
 */
import type * as IR from "../core/ir.js";
import { languageOfPath, parseLanguageList, type LanguageId, type ParseResult } from "./index.js";

type LowerTypeScript = (path: string, text: string, scriptPath?: string) => ParseResult;

/** A script block: its opening tag (attribute values may hold `>`: `generic="T extends Item<V>"`), its attributes, its code. */
const SCRIPT = /(<script\b((?:\s+[^\s=>/"']+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?)*)\s*>)([\s\S]*?)<\/script\s*>/gi;
/** A script block of data or markup, not code (`<script type="application/ld+json">`, `text/template`). */
const NOT_CODE = /\btype\s*=\s*["']?(?!(?:text|application)\/(?:javascript|ecmascript|typescript|babel|jsx)\b|module\b)[\w.+/-]+/i;
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

/**
 * Vue and Svelte: the script blocks, through the JS/TS front end (`lang="ts"` as TypeScript); not
 * those of data or markup (`<script type="application/ld+json">` in a page's head).
 * A Vue component's template adds its event handlers (`@click="toggle('minify')"`), inside the
 * loops of their `v-for` (`v-for="def in SETTINGS"` around `@change="apply(def.id)"`): what a
 * handler calls with is often written only there. A template that does not read as code is left
 * out (the script blocks alone are read, as before).
 */
export function scriptBlocks(lower: LowerTypeScript): (path: string, text: string) => ParseResult {
  return (path, text) => {
    const spans: [number, number][] = [];
    let typescript = false;
    for (const match of text.matchAll(SCRIPT)) {
      const [, openingTag, attributes, code] = match as unknown as [string, string, string, string];
      if (NOT_CODE.test(attributes)) continue;
      const start = match.index! + openingTag.length;
      spans.push([start, start + code.length]);
      if (/\blang\s*=\s*["']?(?:ts|tsx|typescript)\b/.test(attributes)) typescript = true;
    }
    const blanked = keepOnly(text, spans);
    const scriptPath = `${path}.${typescript ? "ts" : "js"}`;
    const handlers = path.endsWith(".vue") ? withTemplateHandlers(text, blanked) : null;
    if (handlers) {
      const result = lower(path, handlers, scriptPath);
      if (result.syntaxErrors.length === 0) return { module: { ...result.module, text }, syntaxErrors: [] };
    }
    const result = lower(path, blanked, scriptPath);
    return { module: { ...result.module, text }, syntaxErrors: result.syntaxErrors };
  };
}

/** A Vue component's top-level template: from the first `<template>` to the last `</template>`. */
const TEMPLATE = /<template\b[^>]*>([\s\S]*)<\/template\s*>/i;
/** A tag of the template with its attributes (quoted values may hold `>`), or a comment. */
const TAG = /<!--[\s\S]*?-->|<(\/?)([A-Za-z][\w.:-]*)((?:\s+[^\s=>/"']+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?)*)\s*(\/?)>/g;
/** An event handler (`@click="…"`, `v-on:update:model-value="…"`), a loop (`v-for="def in list"`) or a condition (`v-if`, `v-else-if`), with its quoted value; or `v-else`. */
const ATTRIBUTE = /(\s)(@[\w.:-]+|v-on:[\w.:-]+|v-for|v-if|v-else-if)\s*=\s*"([^"]*)"|(\s)(v-else)(?=[\s/>])/g;
const LOOP = /^(\s*)([A-Za-z_$][\w$]*)(\s+)(?:in|of)(\s)/;
/** HTML elements that have no end tag (`<input v-for="…" @change="…">`). */
const VOID_ELEMENTS = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

/**
 * The blanked text with a template's event handlers written back where they stand, as statements,
 * each inside the loops of the `v-for`s around it (`for(let def of list){ … }` in the blanks
 * around them, so that every offset stays): `null` when the file has none.
 */
function withTemplateHandlers(text: string, blanked: string): string | null {
  const template = TEMPLATE.exec(text);
  if (!template) return null;
  const out = blanked.split("");
  const write = (at: number, code: string) => {
    for (let index = 0; index < code.length; index++) out[at + index] = code[index]!;
  };
  const bodyStart = template.index + template[0].indexOf(">") + 1;
  const body = template[1]!;
  const open: { name: string; blocks: number }[] = [];
  let wrote = false;
  for (const tag of body.matchAll(TAG)) {
    if (tag[2] === undefined) continue;
    const tagStart = bodyStart + tag.index!;
    const [, closing, name, attributes = "", selfClosing] = tag;
    if (closing) {
      // Close up to the matching element, ending the loops of those that had one.
      const at = open.map((element) => element.name).lastIndexOf(name!);
      if (at === -1) continue;
      const blocks = open.splice(at).reduce((sum, element) => sum + element.blocks, 0);
      if (blocks > tag[0].length) return null;
      write(tagStart, "}".repeat(blocks));
      continue;
    }
    const attributesStart = tagStart + 1 + name!.length;
    /** Blocks the element opens (its loop, its condition), closed where it ends. */
    let blocks = 0;
    for (const attribute of attributes.matchAll(ATTRIBUTE)) {
      if (attribute[5] === "v-else") {
        // ` v-else` → `else{`
        write(attributesStart + attribute.index!, " else{");
        blocks++;
        wrote = true;
        continue;
      }
      const valueStart = attributesStart + attribute.index! + attribute[0].length - 1 - attribute[3]!.length;
      const valueEnd = valueStart + attribute[3]!.length;
      const after = text[valueEnd + 1];
      if (attribute[2] === "v-if" || attribute[2] === "v-else-if") {
        // ` v-if="…"` → `if(…){`, ` v-else-if="…"` → `else if(…){`: the prefix, and the closing quote
        // with the character after it.
        const head = attribute[2] === "v-if" ? "if(" : "else if(";
        const prefixStart = attributesStart + attribute.index!;
        if (valueStart - prefixStart < head.length || after === undefined || !/[\s/>]/.test(after)) continue;
        write(valueStart - head.length, head);
        write(valueStart, attribute[3]!);
        write(valueEnd, "){");
        blocks++;
        wrote = true;
        continue;
      }
      if (attribute[2] === "v-for") {
        // ` v-for="def in list"` → `for(let def of list){`: the prefix and the closing quote and the
        // character after it hold the loop's syntax; a destructuring loop is not written.
        const head = LOOP.exec(attribute[3]!);
        const prefixStart = attributesStart + attribute.index!;
        if (!head || valueStart - prefixStart < 8 || after === undefined || !/[\s/>]/.test(after)) continue;
        write(valueStart - 8, "for(let ");
        write(valueStart, attribute[3]!);
        write(valueStart + head[1]!.length + head[2]!.length + head[3]!.length, "of");
        write(valueEnd, "){");
        blocks++;
        wrote = true;
        continue;
      }
      // @click="toggle('minify')" → `;toggle('minify');`
      write(valueStart - 1, ";");
      write(valueStart, attribute[3]!);
      write(valueEnd, ";");
      wrote = true;
    }
    if (selfClosing || VOID_ELEMENTS.has(name!.toLowerCase())) {
      if (blocks > 2) return null;
      if (blocks > 0) write(tagStart + tag[0].length - blocks, "}".repeat(blocks));
    } else open.push({ name: name!, blocks });
  }
  return wrote ? out.join("") : null;
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
