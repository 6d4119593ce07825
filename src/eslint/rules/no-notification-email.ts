import { createCatalogueRule } from "../catalogue-rule.js";

/** Item 18: the `notification_email` field. */
export default createCatalogueRule("no-notification-email");
