/** What every command shares and main.ts needs before anything heavy is loaded. */
import { createRequire } from "node:module";

export const { version: VERSION } = createRequire(import.meta.url)("../../package.json") as { version: string };

export const EXIT_CLEAN = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_ERROR = 2;

export type FailOn = "in-effect" | "upcoming" | "none";

/** A mistake in how the command was called: one line, exit 2. */
export class UsageError extends Error {}

export function out(text: string): void {
  process.stdout.write(text);
}
