import { MESSAGES } from "../../core/messages.js";
import { RULE_DESCRIPTIONS } from "../../core/rules.js";
import { reportFindings } from "../analysis.js";
import { createRule } from "../create-rule.js";
import { effectiveOptions, optionsSchema, type SharedOptions } from "../options.js";

export default createRule<[SharedOptions], "deprecated" | "upcoming">({
  name: "no-error-chain",
  meta: {
    type: "problem",
    docs: {
      description: RULE_DESCRIPTIONS["no-error-chain"],
      recommended: true,
    },
    messages: { deprecated: MESSAGES.deprecated, upcoming: MESSAGES.upcoming },
    schema: optionsSchema("no-error-chain"),
    defaultOptions: [{}],
  },
  defaultOptions: [{}],
  create(context, [options]) {
    return {
      "Program:exit"() {
        reportFindings(context, "no-error-chain", effectiveOptions(context.settings, options));
      },
    };
  },
});
