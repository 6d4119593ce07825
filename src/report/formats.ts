/**
 * Each output format's module, loaded when a run asks for it: a run writes one format, and
 * loading the six (the HTML report's template and timeline among them) cost a warm `--cache` run
 * about 8 ms of module loading for nothing. `index.ts` keeps the table of all six for the library.
 */
import type { Formatter } from "./types.js";
import { nameTable } from "../core/name-table.js";

export const FORMAT_LOADERS: Readonly<Record<string, () => Promise<Formatter>>> = nameTable({
  stylish: async () => (await import("./stylish.js")).formatStylish,
  json: async () => (await import("./json.js")).formatJson,
  sarif: async () => (await import("./sarif.js")).formatSarif,
  github: async () => (await import("./github.js")).formatGithub,
  markdown: async () => (await import("./markdown.js")).formatMarkdown,
  html: async () => (await import("./html.js")).formatHtml,
});
