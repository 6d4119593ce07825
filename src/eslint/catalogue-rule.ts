/**
 * The eight rules that report schedule entries share everything but their name, their fixes and
 * their suggestions: the description comes from RULE_DESCRIPTIONS, the messages from messages.ts,
 * the options schema (with the `ignore` enum) from the catalogue.
 */
import type { RuleName } from "../catalogue/types.js";
import { MESSAGES, type MessageId } from "../core/messages.js";
import { RULE_DESCRIPTIONS } from "../core/rules.js";
import { reportFindings } from "./analysis.js";
import { createRule } from "./create-rule.js";
import { effectiveOptions, optionsSchema, type SharedOptions } from "./options.js";

export function createCatalogueRule<Suggestion extends MessageId = never>(
  name: Exclude<RuleName, "valid-logpush-filter">,
  extras: { fixable?: "code"; suggestions?: readonly Suggestion[] } = {},
) {
  const messages = { deprecated: MESSAGES.deprecated, upcoming: MESSAGES.upcoming, analysisFailed: MESSAGES.analysisFailed } as Record<"deprecated" | "upcoming" | "analysisFailed" | Suggestion, string>;
  for (const suggestion of extras.suggestions ?? []) messages[suggestion] = MESSAGES[suggestion];
  return createRule<[SharedOptions], "deprecated" | "upcoming" | "analysisFailed" | Suggestion>({
    name,
    meta: {
      type: "problem",
      docs: { description: RULE_DESCRIPTIONS[name], recommended: true },
      ...(extras.fixable ? { fixable: extras.fixable } : {}),
      ...(extras.suggestions?.length ? { hasSuggestions: true } : {}),
      messages,
      schema: optionsSchema(name),
      defaultOptions: [{}],
    },
    defaultOptions: [{}],
    create(context, [options]) {
      return {
        "Program:exit"() {
          const effective = effectiveOptions(context, name, options);
          if (effective) reportFindings(context, name, effective);
        },
      };
    },
  });
}
