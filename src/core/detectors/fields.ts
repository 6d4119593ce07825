/**
 * no-notification-email (item 18, family `field`): a deprecated field written in an object (a
 * request body) or read from one. The resource holding it is not named by the schedule, so any
 * object counts; names that merely resemble it (`notificationEmail`) do not.
 *
 * Other APIs have a field of that name (GitHub's and Box's users, payment orders, backup
 * settings): the schedule describes it as the address for health notifications, so it is reported
 * at medium confidence where the code is about what sends those (an object beside a pool's or a
 * monitor's fields, a file that names pools, load balancers, health checks or monitors, or the
 * API's address), and at low (hidden by default) elsewhere.
 */
import type { Confidence } from "../finding.js";
import type { DetectorContext } from "./context.js";

/** Fields a load balancer pool, monitor or health check is sent with beside `notification_email`. */
const HEALTH_FIELDS = new Set(["origins", "monitor", "minimum_origins", "check_regions", "notification_filter", "origin_steering", "load_shedding", "expected_codes", "consecutive_fails", "consecutive_successes"]);
/** Words of a text about what sends health notifications, or about the API itself. */
const HEALTH_CONTEXT = /pool|load.?balanc|health.?check|monitor|api\.cloudflare\.com|client\/v4/i;

export function detectDeprecatedFields(ctx: DetectorContext): void {
  let fileContext: boolean | null = null;
  const inContext = () => (fileContext ??= HEALTH_CONTEXT.test(ctx.program.module.text));
  for (const entry of ctx.entriesOf("no-notification-email")) {
    for (const field of entry.fields) {
      const report = (range: readonly [number, number], verb: string, confidence: Confidence) =>
        ctx.report(entry, { range, subject: `${verb} the \`${field}\` field`, whenNone: "remove it", confidence });
      const confidence = (): Confidence => (inContext() ? "medium" : "low");
      for (const object of ctx.program.objects) {
        const written = object.properties.find((property) => property.kind === "property" && property.key === field);
        if (!written || written.kind !== "property") continue;
        const besideHealthFields = object.properties.some((property) => property.kind === "property" && property.key !== null && HEALTH_FIELDS.has(property.key));
        report(written.keyRange, "Sending", besideHealthFields ? "medium" : confidence());
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
