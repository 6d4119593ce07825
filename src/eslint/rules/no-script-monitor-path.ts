import { MESSAGES } from "../../core/messages.js";
import { reportFindings } from "../analysis.js";
import { createRule } from "../create-rule.js";
import { effectiveOptions, optionsSchema, type SharedOptions } from "../options.js";

export default createRule<[SharedOptions], "deprecated" | "upcoming">({
  name: "no-script-monitor-path",
  meta: {
    type: "problem",
    docs: {
      description: "Disallow the `script_monitor` path segment in page shield routes",
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
