import { MESSAGES } from "../../core/messages.js";
import { RULE_DESCRIPTIONS } from "../../core/rules.js";
import { reportFindings } from "../analysis.js";
import { createRule } from "../create-rule.js";
import { effectiveOptions, optionsSchema, type SharedOptions } from "../options.js";

export default createRule<[SharedOptions], "deprecated" | "upcoming">({
  name: "no-conflicting-framing-headers",
  meta: {
    type: "problem",
    docs: {
      description: RULE_DESCRIPTIONS["no-conflicting-framing-headers"],
      recommended: true,
    },
    messages: { deprecated: MESSAGES.deprecated, upcoming: MESSAGES.upcoming },
    schema: optionsSchema("no-conflicting-framing-headers"),
    defaultOptions: [{}],
  },
  defaultOptions: [{}],
  create(context, [options]) {
    return {
      "Program:exit"() {
        reportFindings(context, "no-conflicting-framing-headers", effectiveOptions(context.settings, options));
      },
    };
  },
});
