/** Today's date (UTC, YYYY-MM-DD) as the default `asOf`: the only place the clock is read. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}
