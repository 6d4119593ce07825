/**
 * no-notification-email (item 18, family `field`): a deprecated field written in an object (a
 * request body) or read from one. The resource holding it is not named by the schedule, so any
 * object counts; names that merely resemble it (`notificationEmail`) do not.
 */
import type { DetectorContext } from "./context.js";

export function detectDeprecatedFields(ctx: DetectorContext): void {
  for (const entry of ctx.entriesOf("no-notification-email")) {
    for (const field of entry.fields) {
      const report = (range: readonly [number, number], verb: string) =>
        ctx.report(entry, { range, subject: `${verb} the \`${field}\` field`, whenNone: "remove it", confidence: "medium" });
      for (const object of ctx.program.objects) {
        for (const property of object.properties) {
          if (property.kind === "property" && property.key === field) report(property.keyRange, "Sending");
        }
      }
      for (const member of ctx.program.members) {
        if (member.property === field) report(member.propertyRange, ctx.isWritten(member) ? "Setting" : "Reading");
      }
      for (const pattern of ctx.program.objectPatterns) {
        for (const property of pattern.properties) if (property.key === field) report(property.keyRange, "Reading");
      }
    }
  }
}
