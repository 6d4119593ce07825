import { MESSAGES } from "../../core/messages.js";
import { RULE_DESCRIPTIONS } from "../../core/rules.js";
import { reportFindings } from "../analysis.js";
import { createRule } from "../create-rule.js";
import { effectiveOptions, optionsSchema, type SharedOptions } from "../options.js";

export default createRule<[SharedOptions], "deprecated" | "upcoming" | "moveSrvFieldsToName">({
  name: "no-srv-data-fields",
  meta: {
    type: "problem",
    docs: {
      description: RULE_DESCRIPTIONS["no-srv-data-fields"],
      recommended: true,
    },
    hasSuggestions: true,
    messages: { deprecated: MESSAGES.deprecated, upcoming: MESSAGES.upcoming, moveSrvFieldsToName: MESSAGES.moveSrvFieldsToName },
    schema: optionsSchema("no-srv-data-fields"),
    defaultOptions: [{}],
  },
  defaultOptions: [{}],
  create(context, [options]) {
    return {
      "Program:exit"() {
        reportFindings(context, "no-srv-data-fields", effectiveOptions(context.settings, options));
      },
    };
  },
});
