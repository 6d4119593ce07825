import { createCatalogueRule } from "../catalogue-rule.js";

/** Item 20: the `script_monitor` segment of page shield routes, fixed to `page_shield`. */
export default createCatalogueRule("no-script-monitor-path", { fixable: "code" });
