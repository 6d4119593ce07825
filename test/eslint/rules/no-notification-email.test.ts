import rule from "../../../src/eslint/rules/no-notification-email.js";
import { rangeOf } from "../../support/locate.js";
import { dataFor, ruleTester } from "../../support/rule-tester.js";

const field = (code: string, verb: "Sending" | "Reading" | "Setting") => ({
  messageId: "deprecated" as const,
  data: dataFor(18, `${verb} the \`notification_email\` field`, "remove it"),
  ...rangeOf(code, "notification_email"),
});

const body = "await fetch(`${API}/accounts/${id}/load_balancers/pools`, { method: \"POST\", body: JSON.stringify({ name: \"origin\", notification_email: \"ops@example.com,noc@example.com\" }) });";
const read = "const recipients = monitor.notification_email.split(',');";
const destructured = "const { notification_email: to } = pool;";
const set = "pool.notification_email = 'ops@example.com';";

ruleTester().run("no-notification-email", rule, {
  valid: [
    "const notificationEmail = 'ops@example.com';",
    "sendMail({ to: notificationEmail });",
    "logger.info('notification_email moved to notifications');",
    // GitHub's users have a field of that name: nothing in view is about pools, monitors or the API.
    "export const toUser = (u) => ({ login: u.login, email: u.email, notification_email: u.notification_email });",
  ],
  invalid: [
    { code: body, errors: [field(body, "Sending")] },
    { code: read, errors: [field(read, "Reading")] },
    { code: destructured, errors: [field(destructured, "Reading")] },
    { code: set, errors: [field(set, "Setting")] },
  ],
});
