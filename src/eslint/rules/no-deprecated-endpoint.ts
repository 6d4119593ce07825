import { MESSAGES } from "../../core/messages.js";
import { RULE_DESCRIPTIONS } from "../../core/rules.js";
import { reportFindings } from "../analysis.js";
import { createRule } from "../create-rule.js";
import { effectiveOptions, optionsSchema, type SharedOptions } from "../options.js";

export default createRule<[SharedOptions], "deprecated" | "upcoming">({
  name: "no-deprecated-endpoint",
  meta: {
    type: "problem",
    docs: {
      description: RULE_DESCRIPTIONS["no-deprecated-endpoint"],
      recommended: true,
    },
    messages: { deprecated: MESSAGES.deprecated, upcoming: MESSAGES.upcoming },
    schema: optionsSchema("no-deprecated-endpoint"),
    defaultOptions: [{}],
  },
  defaultOptions: [{}],
  create(context, [options]) {
    return {
      "Program:exit"() {
        reportFindings(context, "no-deprecated-endpoint", effectiveOptions(context.settings, options));
      },
    };
  },
});
