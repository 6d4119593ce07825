import { formatGithub } from "./github.js";
import { formatHtml } from "./html.js";
import { formatMarkdown } from "./markdown.js";
import { formatJson } from "./json.js";
import { formatSarif } from "./sarif.js";
import { formatStylish } from "./stylish.js";
import type { Formatter } from "./types.js";
import { nameTable } from "../core/name-table.js";

export type { Formatter, ReportMeta } from "./types.js";

/** Every output format by name. */
export const FORMATTERS: Readonly<Record<string, Formatter>> = nameTable({
  stylish: formatStylish,
  json: formatJson,
  sarif: formatSarif,
  github: formatGithub,
  markdown: formatMarkdown,
  html: formatHtml,
});

export const FORMAT_NAMES = () => Object.keys(FORMATTERS);
