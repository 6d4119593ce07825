/** A problem with what the user asked for (an option, a file they named): exit 2 with the message, no stack. */
export class ScanUsageError extends Error {}
