/** The abstract evaluator; see evaluator.ts for how its modules divide the work. */
export { Evaluator, type EvaluatorContext, type ModuleHost, type TypeOracle } from "./evaluator.js";
export { hintOf, isTypeComparison, returnsOf } from "./hints.js";
export { declaresDnsRecordField, dnsRecordOfNamedType } from "./declared-types.js";
export { apiFieldOfRead, dnsRecordValueOfType } from "./responses.js";
