import { createCatalogueRule } from "../catalogue-rule.js";

/** Item 5: `error_chain` and logic built on the 1004 wrapper. */
export default createCatalogueRule("no-error-chain");
