import { MESSAGES } from "../../core/messages.js";
import { reportFindings } from "../analysis.js";
import { createRule } from "../create-rule.js";
import { effectiveOptions, optionsSchema, type SharedOptions } from "../options.js";

export default createRule<[SharedOptions], "deprecated" | "upcoming">({
  name: "no-removed-dns-record-fields",
  meta: {
    type: "problem",
    docs: {
      description: "Disallow reading `zone_id`, `zone_name` and `locked` from DNS records",
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
