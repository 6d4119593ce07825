import { MESSAGES } from "../../core/messages.js";
import { RULE_DESCRIPTIONS } from "../../core/rules.js";
import { reportFindings } from "../analysis.js";
import { createRule } from "../create-rule.js";
import { effectiveOptions, optionsSchema, type SharedOptions } from "../options.js";

export default createRule<[SharedOptions], "deprecated" | "upcoming" | "useStandardCipher">({
  name: "no-draft-chacha20-ciphers",
  meta: {
    type: "problem",
    docs: {
      description: RULE_DESCRIPTIONS["no-draft-chacha20-ciphers"],
      recommended: true,
    },
    hasSuggestions: true,
    messages: { deprecated: MESSAGES.deprecated, upcoming: MESSAGES.upcoming, useStandardCipher: MESSAGES.useStandardCipher },
    schema: optionsSchema("no-draft-chacha20-ciphers"),
    defaultOptions: [{}],
  },
  defaultOptions: [{}],
  create(context, [options]) {
    return {
      "Program:exit"() {
        reportFindings(context, "no-draft-chacha20-ciphers", effectiveOptions(context.settings, options));
      },
    };
  },
});
