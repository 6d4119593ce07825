/**
 * no-notification-email (item 18, family `field`): a deprecated field written in an object (a
 * request body) or read from one. The resource holding it is not named by the schedule, so any
 * object counts; names that merely resemble it (`notificationEmail`) do not.
 *
 * Other APIs have a field of that name (GitHub's and Box's users, payment orders, backup
 * settings): the schedule describes it as the address for health notifications, so it is reported
 * at medium confidence where the code is about what sends those (an object beside a pool's or a
 * monitor's fields, a file that names pools, load balancers, health checks or monitors, or the
 * API's address), and at low (hidden by default) elsewhere: also in an object of mail settings
 * (`smtp_server`, `from_email`) and in a text that sends mail itself without naming the API or
 * its pools (a tunnel monitor's own alert address), and in a module of another provider's API
 * whose pools have the field too (its host written: IBM's Cloud Internet Services SDKs). An
 * object inside the `result` of the API's response envelope (`{ success, errors, messages,
 * result }`: a recorded or mocked response, as SDKs keep for their tests) is what the API
 * returned, not a request: low. So is a field whose value is
 * an object, not the address the field holds: a declaration of it (the Terraform provider's schema
 * attributes, an OpenAPI document's properties).
 */
import type { Confidence } from "../finding.js";
import type { Expression, ObjectLiteral, Range } from "../ir.js";
import type { DetectorContext } from "./context.js";

/** Fields a load balancer pool, monitor or health check is sent with beside `notification_email`. */
const HEALTH_FIELDS = new Set(["origins", "monitor", "minimum_origins", "check_regions", "notification_filter", "origin_steering", "load_shedding", "expected_codes", "consecutive_fails", "consecutive_successes"]);
/** Words of a text about what sends health notifications, or about the API itself. */
const HEALTH_CONTEXT = /pool|load.?balanc|health.?check|monitor|api\.cloudflare\.com|client\/v4/i;
/** Of those, the words that name the API or its load balancers (not any monitoring). */
const API_CONTEXT = /pool|load.?balanc|api\.cloudflare\.com|client\/v4/i;
/** A text that sends mail itself: its `notification_email` is where it sends its own alerts. */
const MAIL_CONTEXT = /\bsmtp|MIME(?:Text|Multipart)|sendmail|nodemailer|PHPMailer|ActionMailer|mail\.send\b/i;
/** Keys of an object that is a mail configuration (`smtp_server`, `from_email`, `email_notifications`). */
const MAIL_KEY = /^(?:smtp|mail|from_?email|email_?notifications?|sender)/i;

/** Keys of the API's response envelope beside `success` and `result` (one of them is enough). */
const ENVELOPE_KEYS = new Set(["errors", "messages", "result_info"]);

/** The ranges of the `result` values of the API's response envelopes written in the program. */
function responseResults(objects: readonly ObjectLiteral[]): Range[] {
  const results: Range[] = [];
  for (const object of objects) {
    let result: Range | null = null;
    let success = false;
    let envelope = false;
    for (const property of object.properties) {
      if (property.kind !== "property") continue;
      if (property.key === "result") result = property.value.range;
      else if (property.key === "success") success = true;
      else if (property.key !== null && ENVELOPE_KEYS.has(property.key)) envelope = true;
    }
    if (result !== null && success && envelope) results.push(result);
  }
  return results;
}

/**
 * Whether a property's value is a declaration of the field rather than an address sent: an object
 * (or a struct literal: a composite the front end keeps inside an opaque node). The field is a
 * string; an object in its place is a schema's attribute (`schema.StringAttribute{Optional: true}`,
 * `{ "type": "string", "deprecated": true }`), a form's or a table's definition of it.
 */
function declaresField(value: Expression): boolean {
  return value.kind === "object" || (value.kind === "unknown" && value.children.some((child) => child.kind === "object"));
}

export function detectDeprecatedFields(ctx: DetectorContext): void {
  let fileContext: boolean | null = null;
  // A monitoring tool's own alerts by mail (a tunnel monitor's `{ smtp_server, notification_email }`)
  // are not the API's health notifications, unless the text is about the API or its pools too.
  const inContext = () => {
    if (fileContext === null) {
      const text = ctx.program.module.text;
      fileContext = HEALTH_CONTEXT.test(text) && (API_CONTEXT.test(text) || !MAIL_CONTEXT.test(text));
    }
    return fileContext;
  };
  for (const entry of ctx.entriesOf("no-notification-email")) {
    for (const field of entry.fields) {
      // A module of another provider's API (its host written, not this API's): that API's field.
      const report = (range: readonly [number, number], verb: string, confidence: Confidence) =>
        ctx.report(entry, { range, subject: `${verb} the \`${field}\` field`, whenNone: "remove it", confidence: ctx.addressesAnotherApi() ? "low" : confidence });
      const confidence = (): Confidence => (inContext() ? "medium" : "low");
      let returned: Range[] | null = null;
      for (const object of ctx.program.objects) {
        const written = object.properties.find((property) => property.kind === "property" && property.key === field);
        if (!written || written.kind !== "property") continue;
        returned ??= responseResults(ctx.program.objects);
        if (returned.some(([start, end]) => start <= object.range[0] && object.range[1] <= end)) {
          report(written.keyRange, "Returning", "low");
          continue;
        }
        if (declaresField(written.value)) {
          report(written.keyRange, "Declaring", "low");
          continue;
        }
        const besideHealthFields = object.properties.some((property) => property.kind === "property" && property.key !== null && HEALTH_FIELDS.has(property.key));
        const besideMailFields = object.properties.some((property) => property.kind === "property" && property.key !== null && MAIL_KEY.test(property.key));
        report(written.keyRange, "Sending", besideHealthFields ? "medium" : besideMailFields ? "low" : confidence());
      }
      for (const member of ctx.program.members) {
        if (member.property === field) report(member.propertyRange, ctx.isWritten(member) ? "Setting" : "Reading", confidence());
      }
      for (const pattern of ctx.program.objectPatterns) {
        for (const property of pattern.properties) if (property.key === field) report(property.keyRange, "Reading", confidence());
      }
    }
  }
}
