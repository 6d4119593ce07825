import { MESSAGES } from "../../core/messages.js";
import { RULE_DESCRIPTIONS } from "../../core/rules.js";
import { reportFindings } from "../analysis.js";
import { createRule } from "../create-rule.js";
import { effectiveOptions, optionsSchema, type SharedOptions } from "../options.js";

export default createRule<[SharedOptions], "deprecated" | "upcoming">({
  name: "no-script-monitor-path",
  meta: {
    type: "problem",
    docs: {
      description: RULE_DESCRIPTIONS["no-script-monitor-path"],
      recommended: true,
    },
    fixable: "code",
    messages: { deprecated: MESSAGES.deprecated, upcoming: MESSAGES.upcoming },
    schema: optionsSchema("no-script-monitor-path"),
    defaultOptions: [{}],
  },
  defaultOptions: [{}],
  create(context, [options]) {
    return {
      "Program:exit"() {
        reportFindings(context, "no-script-monitor-path", effectiveOptions(context.settings, options));
      },
    };
  },
});
