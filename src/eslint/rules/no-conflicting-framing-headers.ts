import { createCatalogueRule } from "../catalogue-rule.js";

/** Item 16: one request with both `Transfer-Encoding` and `Content-Length`. */
export default createCatalogueRule("no-conflicting-framing-headers");
