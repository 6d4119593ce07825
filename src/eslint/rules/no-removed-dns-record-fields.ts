import { MESSAGES } from "../../core/messages.js";
import { RULE_DESCRIPTIONS } from "../../core/rules.js";
import { reportFindings } from "../analysis.js";
import { createRule } from "../create-rule.js";
import { effectiveOptions, optionsSchema, type SharedOptions } from "../options.js";

export default createRule<[SharedOptions], "deprecated" | "upcoming">({
  name: "no-removed-dns-record-fields",
  meta: {
    type: "problem",
    docs: {
      description: RULE_DESCRIPTIONS["no-removed-dns-record-fields"],
      recommended: true,
    },
    messages: { deprecated: MESSAGES.deprecated, upcoming: MESSAGES.upcoming },
    schema: optionsSchema("no-removed-dns-record-fields"),
    defaultOptions: [{}],
  },
  defaultOptions: [{}],
  create(context, [options]) {
    return {
      "Program:exit"() {
        reportFindings(context, "no-removed-dns-record-fields", effectiveOptions(context.settings, options));
      },
    };
  },
});
