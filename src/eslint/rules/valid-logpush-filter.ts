import { MESSAGES } from "../../core/messages.js";
import { RULE_DESCRIPTIONS } from "../../core/rules.js";
import { reportFindings } from "../analysis.js";
import { createRule } from "../create-rule.js";
import { effectiveOptions, optionsSchema, type LogpushOptions } from "../options.js";

const messages = {
  filterNotString: MESSAGES.filterNotString,
  filterNotJson: MESSAGES.filterNotJson,
  filterNotObject: MESSAGES.filterNotObject,
  filterMissingWhere: MESSAGES.filterMissingWhere,
  filterExtraKey: MESSAGES.filterExtraKey,
  filterBadElement: MESSAGES.filterBadElement,
  filterEmptyList: MESSAGES.filterEmptyList,
  filterUnknownOperator: MESSAGES.filterUnknownOperator,
  filterTooManyOperators: MESSAGES.filterTooManyOperators,
  filterTooLarge: MESSAGES.filterTooLarge,
  outputOptionType: MESSAGES.outputOptionType,
  analysisFailed: MESSAGES.analysisFailed,
};

export default createRule<[LogpushOptions], keyof typeof messages>({
  name: "valid-logpush-filter",
  meta: {
    type: "problem",
    docs: {
      description: RULE_DESCRIPTIONS["valid-logpush-filter"],
      recommended: true,
    },
    messages,
    schema: optionsSchema("valid-logpush-filter", {
      maxOperators: {
        type: "integer",
        minimum: 1,
        description: "Most operators a filter may hold: conditions plus `and`/`or` lists (spec 8: about 30).",
      },
      maxBytes: {
        type: "integer",
        minimum: 1,
        description: "Largest filter, in bytes of the serialised string (spec 8: about 1000).",
      },
      operators: {
        type: "array",
        items: { type: "string", minLength: 1 },
        uniqueItems: true,
        description: "Comparison operators accepted besides `eq` and `contains`.",
      },
    }),
    defaultOptions: [{ maxOperators: 30, maxBytes: 1000, operators: [] }],
  },
  defaultOptions: [{ maxOperators: 30, maxBytes: 1000, operators: [] }],
  create(context, [options]) {
    return {
      "Program:exit"() {
        const effective = effectiveOptions(context, "valid-logpush-filter", options);
        if (effective) reportFindings(context, "valid-logpush-filter", effective);
      },
    };
  },
});
