import { MESSAGES } from "../../core/messages.js";
import { reportFindings } from "../analysis.js";
import { createRule } from "../create-rule.js";
import { effectiveOptions, optionsSchema, type SharedOptions } from "../options.js";

export default createRule<[SharedOptions], "deprecated" | "upcoming">({
  name: "no-error-chain",
  meta: {
    type: "problem",
    docs: {
      description: "Disallow relying on `error_chain` and the 1004 DNS validation wrapper",
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
