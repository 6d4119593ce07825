/**
 * Reads the schedule's Markdown table: finds the header row, checks the columns, and returns
 * each data row's cells with the line it stands on, so that every later error can name the row
 * and the cell.
 */

export const SCHEDULE_COLUMNS = [
  "#",
  "Date",
  "Change",
  "Affected endpoints or fields",
  "Replacement",
  "id",
  "detect",
] as const;

export type ScheduleColumn = (typeof SCHEDULE_COLUMNS)[number];

export interface ScheduleRow {
  /** 1-based line of the row in the schedule file. */
  line: number;
  cells: Record<ScheduleColumn, string>;
}

export class ScheduleError extends Error {
  constructor(
    readonly source: string,
    readonly line: number | null,
    readonly column: ScheduleColumn | null,
    readonly problem: string,
  ) {
    const where = [line === null ? null : `line ${line}`, column === null ? null : `column "${column}"`]
      .filter(Boolean)
      .join(", ");
    super(`${source}${where ? ` (${where})` : ""}: ${problem}`);
    this.name = "ScheduleError";
  }
}

/** Splits a Markdown table row on unescaped pipes that are not inside backticks. */
export function splitTableRow(line: string): string[] {
  const cells: string[] = [];
  let current = "";
  let inCode = false;
  const body = line.trim().replace(/^\|/, "").replace(/\|$/, "");
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    if (char === "\\" && body[i + 1] === "|") {
      current += "|";
      i++;
    } else if (char === "`") {
      inCode = !inCode;
      current += char;
    } else if (char === "|" && !inCode) {
      cells.push(current.trim());
      current = "";
    } else {
      current += char;
    }
  }
  cells.push(current.trim());
  return cells;
}

const isTableLine = (line: string) => line.trim().startsWith("|");
const isDelimiterRow = (cells: string[]) => cells.every((cell) => /^:?-{3,}:?$/.test(cell));

export function readScheduleTable(text: string, source: string): ScheduleRow[] {
  const lines = text.split(/\r?\n/);
  const headerIndex = lines.findIndex((line) => {
    if (!isTableLine(line)) return false;
    const cells = splitTableRow(line);
    return cells[0] === "#" && cells.includes("Date");
  });
  if (headerIndex === -1) {
    throw new ScheduleError(source, null, null, `no schedule table found: expected a header row "| ${SCHEDULE_COLUMNS.join(" | ")} |"`);
  }
  const header = splitTableRow(lines[headerIndex]!);
  const missing = SCHEDULE_COLUMNS.filter((column) => !header.includes(column));
  if (missing.length > 0) {
    throw new ScheduleError(
      source,
      headerIndex + 1,
      null,
      `the table header lacks column${missing.length > 1 ? "s" : ""} ${missing.map((c) => `"${c}"`).join(", ")}; expected "| ${SCHEDULE_COLUMNS.join(" | ")} |"`,
    );
  }
  const delimiter = lines[headerIndex + 1];
  if (delimiter === undefined || !isDelimiterRow(splitTableRow(delimiter))) {
    throw new ScheduleError(source, headerIndex + 2, null, "the table header must be followed by a delimiter row (| --- | --- | ...)");
  }

  const rows: ScheduleRow[] = [];
  for (let index = headerIndex + 2; index < lines.length && isTableLine(lines[index]!); index++) {
    const cells = splitTableRow(lines[index]!);
    if (cells.length !== header.length) {
      throw new ScheduleError(source, index + 1, null, `the row has ${cells.length} cells but the header has ${header.length}`);
    }
    const record = {} as Record<ScheduleColumn, string>;
    for (const column of SCHEDULE_COLUMNS) record[column] = cells[header.indexOf(column)]!;
    rows.push({ line: index + 1, cells: record });
  }
  if (rows.length === 0) throw new ScheduleError(source, headerIndex + 1, null, "the schedule table has no rows");
  return rows;
}
