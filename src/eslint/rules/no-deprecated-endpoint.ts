import { createCatalogueRule } from "../catalogue-rule.js";

/** Items 1 2 3 6 7 8 10 11 13 14 17 19 21 22 23: requests to deprecated endpoints, method-aware. */
export default createCatalogueRule("no-deprecated-endpoint");
