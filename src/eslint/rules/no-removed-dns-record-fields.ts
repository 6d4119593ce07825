import { createCatalogueRule } from "../catalogue-rule.js";

/** Items 4 and 9: reads of `zone_id`, `zone_name`, `locked` on DNS records. */
export default createCatalogueRule("no-removed-dns-record-fields");
