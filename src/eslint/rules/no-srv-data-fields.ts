import { createCatalogueRule } from "../catalogue-rule.js";

/** Item 12: `service`, `proto`, `name` inside SRV record data, with a suggestion to move them into `name`. */
export default createCatalogueRule("no-srv-data-fields", { suggestions: ["moveSrvFieldsToName"] });
