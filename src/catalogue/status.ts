import type { CatalogueEntry } from "./types.js";

export type EntryState = "in-effect" | "upcoming";

export interface EntryStatus {
  state: EntryState;
  /** Days since the change took effect (`in-effect`) or until it does (`upcoming`). */
  days: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Parses YYYY-MM-DD as a UTC calendar day; throws on anything else. */
export function parseIsoDay(text: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const time = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== text) {
    throw new RangeError(`"${text}" is not a calendar date written YYYY-MM-DD`);
  }
  return time;
}

/** The calendar day of a Date in UTC, as YYYY-MM-DD. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** `in-effect` when the entry's date is on or before `asOf`, else `upcoming`. */
export function status(entry: Pick<CatalogueEntry, "date">, asOf: string): EntryStatus {
  const days = Math.round((parseIsoDay(asOf) - parseIsoDay(entry.date)) / DAY_MS);
  return days >= 0 ? { state: "in-effect", days } : { state: "upcoming", days: -days };
}
