/**
 * The one wording of every message. Findings carry a message id and its data; the ESLint rules
 * declare these same templates as their `meta.messages`, so the editor and the CLI say the same
 * sentence.
 */
import { status } from "../catalogue/status.js";
import type { CatalogueEntry } from "../catalogue/types.js";

export const MESSAGES = {
  deprecated: "{{subject}} is deprecated since {{date}} ({{title}}); {{instead}}.",
  upcoming: "{{subject}} is deprecated from {{date}}, in {{days}} days ({{title}}); {{instead}}.",

  filterNotString: "Logpush `filter` must be a JSON document serialised into a string (spec 2.1), not {{found}}.",
  filterNotJson: "Logpush `filter` is not valid JSON ({{detail}}); the API rejects it (spec 2.2).",
  filterNotObject: "Logpush `filter` must be a JSON object with the single key `where` (spec 2.2), not {{found}}.",
  filterMissingWhere: "Logpush `filter` has no `where` key; a filter must contain `where` (spec 4.1 rule 1).",
  filterExtraKey: "Logpush `filter` has top-level key `{{key}}`; `where` must be its only key (spec 2.2).",
  filterBadElement: "Logpush filter element at {{at}} {{problem}} (spec 2.2).",
  filterEmptyList: "Logpush filter `{{operator}}` at {{at}} has no elements; `and` and `or` need at least one (spec 2.2).",
  filterUnknownOperator: "Logpush filter operator `{{operator}}` at {{at}} is not a known comparison operator (known: {{known}}); add it to the `operators` option if the dataset supports it (spec 2.2).",
  filterTooManyOperators: "Logpush filter uses {{count}} operators, over the limit of {{limit}}; the API rejects it (spec 8).",
  filterTooLarge: "Logpush filter is {{size}} bytes, over the limit of {{limit}} bytes; the API rejects it (spec 8).",
  outputOptionType: "Logpush `output_options.{{key}}` must be {{expected}} (spec 2.1), not {{found}}.",

  analysisFailed: "sunset-lint could not fully analyse this file for this rule ({{error}}); its other findings are kept. This is a bug: please report it.",

  moveSrvFieldsToName: "Move `service`, `proto` and `name` into the top-level `name`: \"{{name}}\".",
  useStandardCipher: "Use the standard suite `{{standard}}`.",
} as const;

export type MessageId = keyof typeof MESSAGES;

export function formatMessage(messageId: MessageId, data: Record<string, string>): string {
  return MESSAGES[messageId].replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => data[key] ?? `{{${key}}}`);
}

/** What to do instead, from the entry's replacement, or the family's own advice when there is none. */
export function insteadOf(entry: CatalogueEntry, whenNone: string): string {
  const replacement = entry.replacement;
  if (replacement === null) return whenNone;
  if (/^no\b/i.test(replacement)) return `there is ${replacement}; ${whenNone}`;
  return `use ${replacement} instead`;
}

export function deprecationMessage(
  entry: CatalogueEntry,
  subject: string,
  whenNone: string,
  asOf: string,
): { messageId: "deprecated" | "upcoming"; data: Record<string, string>; message: string } {
  const state = status(entry, asOf);
  const data = {
    subject,
    date: entry.date,
    days: String(state.days),
    title: entry.title.replace(/\.$/, ""),
    instead: insteadOf(entry, whenNone),
    item: String(entry.item),
  };
  const messageId = state.state === "in-effect" ? "deprecated" : "upcoming";
  return { messageId, data, message: formatMessage(messageId, data) };
}
