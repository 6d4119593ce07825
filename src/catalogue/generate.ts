/**
 * Turns a schedule (rules/schedule.md, or a user's file in the same format) into the catalogue
 * every rule reads. A library function: the CLI's `--schedule` runs it in memory, and
 * `npm run catalogue` writes its output to rules/catalogue.json.
 */
import { createHash } from "node:crypto";
import { EndpointCellError, endpointTextInProse, parseEndpointCell } from "./endpoint-cell.js";
import { ScheduleError, readScheduleTable, type ScheduleColumn, type ScheduleRow } from "./schedule-table.js";
import {
  DETECT_FAMILIES,
  RULE_OF_FAMILY,
  type Catalogue,
  type CatalogueEndpoint,
  type CatalogueEntry,
  type DetectFamily,
} from "./types.js";

export { ScheduleError } from "./schedule-table.js";

export const GENERATED_NOTE =
  "GENERATED — DO NOT EDIT. Generated from rules/schedule.md by `npm run catalogue`; edit the schedule and regenerate.";

const ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** The first sentence (or clause before a colon or semicolon) of a Change cell, outside parentheses. */
export function firstSentence(text: string): string {
  let depth = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === "(") depth++;
    else if (char === ")") depth = Math.max(0, depth - 1);
    else if (depth === 0 && (char === "." || char === ":" || char === ";")) {
      const next = text[index + 1];
      if (next === undefined || next === " ") return text.slice(0, index).trim();
    }
  }
  return text.trim();
}

function backtickedNames(text: string): Set<string> {
  return new Set([...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]!));
}

interface DetectSpec {
  family: DetectFamily;
  fields: string[];
  replacementSegment: string | null;
}

function parseDetect(cell: string, fail: (column: ScheduleColumn, problem: string) => never): DetectSpec {
  const [familyText = "", argumentText] = cell.split(/:(.*)/s, 2).map((part) => part.trim());
  if (!(DETECT_FAMILIES as readonly string[]).includes(familyText)) {
    fail("detect", `unknown detector family "${familyText}" (known: ${DETECT_FAMILIES.join(", ")})`);
  }
  const family = familyText as DetectFamily;
  if (family === "path-segment") {
    const arrow = /^(\S+)\s*->\s*(\S+)$/.exec(argumentText ?? "");
    if (!arrow) fail("detect", `"path-segment" needs "old -> new", e.g. "path-segment: script_monitor -> page_shield"`);
    return { family, fields: [arrow[1]!], replacementSegment: arrow[2]! };
  }
  const fields = (argumentText ?? "")
    .split(",")
    .map((field) => field.trim())
    .filter((field) => field.length > 0);
  const needsFields: DetectFamily[] = ["dns-record-field", "srv-data-field", "error-chain", "framing-headers", "field"];
  if (needsFields.includes(family) && fields.length === 0) {
    fail("detect", `"${family}" needs the names it looks for, e.g. "${family}: name_one, name_two"`);
  }
  return { family, fields, replacementSegment: null };
}

interface RowDraft {
  row: ScheduleRow;
  entry: CatalogueEntry;
  references: { item: number; statedCount: number | null }[];
}

export interface GenerateOptions {
  /** How the schedule is named in messages and in the catalogue's `source`. */
  source?: string;
}

/** Parses a schedule table and returns the catalogue, or throws a `ScheduleError` naming the row and the cell. */
export function generateCatalogue(scheduleText: string, options: GenerateOptions = {}): Catalogue {
  const source = options.source ?? "rules/schedule.md";
  const rows = readScheduleTable(scheduleText, source);
  const drafts: RowDraft[] = [];
  const seenIds = new Map<string, number>();
  const seenItems = new Map<number, number>();

  for (const row of rows) {
    const fail = (column: ScheduleColumn, problem: string): never => {
      throw new ScheduleError(source, row.line, column, `${row.cells["#"] ? `item ${row.cells["#"]}: ` : ""}${problem}`);
    };
    const cells = row.cells;

    if (!/^\d+$/.test(cells["#"])) fail("#", `"${cells["#"]}" is not a row number`);
    const item = Number(cells["#"]);
    if (seenItems.has(item)) fail("#", `item ${item} appears twice (also on line ${seenItems.get(item)})`);
    seenItems.set(item, row.line);

    if (!isIsoDate(cells.Date)) fail("Date", `"${cells.Date}" is not a calendar date written YYYY-MM-DD`);

    const id = cells.id;
    if (!ID_PATTERN.test(id)) fail("id", `"${id}" is not a kebab-case slug (lowercase letters, digits, single hyphens)`);
    if (seenIds.has(id)) fail("id", `id "${id}" is already used on line ${seenIds.get(id)}; ids must be unique`);
    seenIds.set(id, row.line);

    if (cells.Change.length === 0) fail("Change", "the change is empty");
    const detect = parseDetect(cells.detect, fail);

    const affects = cells["Affected endpoints or fields"];
    const endpointSource: { column: ScheduleColumn; text: string } =
      affects.length > 0 ? { column: "Affected endpoints or fields", text: affects } : { column: "Change", text: endpointTextInProse(cells.Change) ?? "" };
    let parsed;
    try {
      parsed = parseEndpointCell(endpointSource.text);
    } catch (error) {
      if (error instanceof EndpointCellError) fail(endpointSource.column, error.message);
      throw error;
    }

    const mentioned = new Set([
      ...backtickedNames(cells.Change),
      ...backtickedNames(affects),
      ...backtickedNames(cells.Replacement),
    ]);
    for (const name of [...detect.fields, ...(detect.replacementSegment ? [detect.replacementSegment] : [])]) {
      if (!mentioned.has(name)) fail("detect", `"${name}" is not named in backticks in the row's Change, Affected or Replacement text`);
    }

    const replacement = cells.Replacement.trim();
    drafts.push({
      row,
      references: parsed.references,
      entry: {
        id,
        item,
        date: cells.Date,
        title: firstSentence(cells.Change),
        change: cells.Change,
        affects,
        endpoints: parsed.endpoints,
        fields: detect.fields,
        replacementSegment: detect.replacementSegment,
        replacement: replacement === "" || /^none\.?$/i.test(replacement) ? null : replacement,
        rule: RULE_OF_FAMILY[detect.family],
        detect: detect.family,
      },
    });
  }

  resolveReferences(drafts, source);

  for (const { row, entry } of drafts) {
    if (entry.detect === "endpoint" && entry.endpoints.length === 0) {
      throw new ScheduleError(source, row.line, "Affected endpoints or fields", `item ${entry.item}: an "endpoint" row must list at least one endpoint`);
    }
  }

  return {
    $comment: GENERATED_NOTE,
    source,
    sourceHash: createHash("sha256").update(scheduleText).digest("hex"),
    entries: drafts.map((draft) => draft.entry),
  };
}

function resolveReferences(drafts: RowDraft[], source: string): void {
  const byItem = new Map(drafts.map((draft) => [draft.entry.item, draft]));
  const resolving = new Set<number>();
  const resolve = (draft: RowDraft): CatalogueEndpoint[] => {
    if (draft.references.length === 0) return draft.entry.endpoints;
    if (resolving.has(draft.entry.item)) {
      throw new ScheduleError(source, draft.row.line, "Affected endpoints or fields", `item ${draft.entry.item}: references form a cycle`);
    }
    resolving.add(draft.entry.item);
    for (const reference of draft.references) {
      const target = byItem.get(reference.item);
      if (!target) {
        throw new ScheduleError(source, draft.row.line, "Affected endpoints or fields", `item ${draft.entry.item}: refers to item ${reference.item}, which is not in the schedule`);
      }
      const endpoints = resolve(target);
      if (reference.statedCount !== null && reference.statedCount !== endpoints.length) {
        throw new ScheduleError(
          source,
          draft.row.line,
          "Affected endpoints or fields",
          `item ${draft.entry.item}: says ${reference.statedCount} endpoints of item ${reference.item}, but item ${reference.item} lists ${endpoints.length}`,
        );
      }
      draft.entry.endpoints.push(...endpoints.map((endpoint) => ({ ...endpoint })));
    }
    draft.references = [];
    resolving.delete(draft.entry.item);
    return draft.entry.endpoints;
  };
  for (const draft of drafts) resolve(draft);
}

/** The catalogue as written to rules/catalogue.json: stable key order, two-space indent, final newline. */
export function serializeCatalogue(catalogue: Catalogue): string {
  return `${JSON.stringify(catalogue, null, 2)}\n`;
}
