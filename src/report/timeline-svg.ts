/**
 * The timeline picture: the schedule's dates on a true date axis, the as-of date marked, and
 * each item with findings drawn as a mark sized by its count. Inline SVG, every label escaped.
 */
import { parseIsoDay } from "../catalogue/status.js";
import { escapeHtml } from "./escape.js";
import type { MigrationPlan } from "./migration-plan.js";

const WIDTH = 960;
const LEFT = 40;
const RIGHT = 40;
const ROW_HEIGHT = 30;
const TOP = 44;
const CHAR_WIDTH = 7.4;

/** A few words of the item's title for its label (the whole title is in the tooltip). */
export function shortTitle(title: string, max = 26): string {
  const plain = title.replaceAll("`", "").replace(/\s+(is|are)?\s*deprecated\b.*$/i, "").replace(/^The\s+/i, "");
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > max / 2 ? cut.lastIndexOf(" ") : cut.length)}…`;
}

/** The same marks as a list, for narrow screens where the picture would be too small to read. */
export function timelineList(plan: MigrationPlan): string {
  const items = plan.timeline.filter((item) => item.count > 0);
  return `<ol class="timeline-list">${items
    .map(
      (item) =>
        `<li class="${item.state}"><span class="when">${escapeHtml(item.date)}</span> <a href="#item-${item.item}">#${item.item} ${escapeHtml(item.title.replaceAll("`", ""))}</a> <span class="n">${item.count} finding${item.count === 1 ? "" : "s"}</span></li>`,
    )
    .join("")}</ol>`;
}

export function timelineSvg(plan: MigrationPlan): string {
  const dates = [...plan.timeline.map((item) => item.date), plan.asOf];
  const firstYear = Number(dates.reduce((a, b) => (a < b ? a : b)).slice(0, 4));
  const lastYear = Number(dates.reduce((a, b) => (a > b ? a : b)).slice(0, 4));
  const start = Date.UTC(firstYear, 0, 1);
  const end = Date.UTC(lastYear + 1, 0, 1);
  const x = (date: string) => LEFT + ((parseIsoDay(date) - start) / (end - start)) * (WIDTH - LEFT - RIGHT);

  // Marks in date order; each label takes the first row where it does not touch the one before.
  const withFindings = plan.timeline.filter((item) => item.count > 0);
  const rowEnds: number[] = [];
  const placed = withFindings.map((item) => {
    const cx = x(item.date);
    const radius = 7 + 2.5 * Math.sqrt(item.count);
    const label = `#${item.item} ${shortTitle(item.title)} · ${item.count}`;
    const start = cx - radius;
    const end = cx + radius + 4 + label.length * CHAR_WIDTH;
    let row = rowEnds.findIndex((rowEnd) => rowEnd + 6 < start);
    if (row === -1) {
      row = rowEnds.length;
      rowEnds.push(end);
    } else rowEnds[row] = end;
    return { item, cx, radius, label, row };
  });
  const rows = Math.max(3, rowEnds.length);
  const axisY = TOP + rows * ROW_HEIGHT + 16;
  const height = axisY + 34;

  const parts: string[] = [];
  parts.push(`<line class="axis" x1="${LEFT}" y1="${axisY}" x2="${WIDTH - RIGHT}" y2="${axisY}"/>`);
  for (let year = firstYear; year <= lastYear + 1; year++) {
    const position = x(`${year}-01-01`);
    parts.push(`<line class="tick" x1="${position.toFixed(1)}" y1="${axisY - 4}" x2="${position.toFixed(1)}" y2="${axisY + 4}"/>`);
    parts.push(`<text class="year" x="${position.toFixed(1)}" y="${axisY + 20}" text-anchor="middle">${year}</text>`);
  }
  for (const item of plan.timeline) {
    parts.push(`<circle class="schedule-mark" cx="${x(item.date).toFixed(1)}" cy="${axisY}" r="3"><title>${escapeHtml(`#${item.item} ${item.date}: ${item.title}`)}</title></circle>`);
  }
  const asOfX = x(plan.asOf);
  parts.push(`<line class="as-of" x1="${asOfX.toFixed(1)}" y1="24" x2="${asOfX.toFixed(1)}" y2="${axisY + 6}"/>`);
  parts.push(`<text class="as-of-label" x="${asOfX.toFixed(1)}" y="16" text-anchor="${asOfX > WIDTH - 120 ? "end" : "middle"}">as of ${escapeHtml(plan.asOf)}</text>`);

  // Stems first, under every mark and label: a label's halo hides a stem passing behind it.
  for (const { item, cx, row } of placed) {
    const cy = axisY - 26 - row * ROW_HEIGHT;
    parts.push(`<line class="stem" data-item="${item.item}" x1="${cx.toFixed(1)}" y1="${cy}" x2="${cx.toFixed(1)}" y2="${axisY}"/>`);
  }
  for (const { item, cx, radius, label, row } of placed) {
    const cy = axisY - 26 - row * ROW_HEIGHT;
    parts.push(
      `<g class="finding-mark ${item.state}" data-item="${item.item}" tabindex="0">` +
        `<circle cx="${cx.toFixed(1)}" cy="${cy}" r="${radius.toFixed(1)}"/>` +
        `<text x="${(cx + radius + 4).toFixed(1)}" y="${cy + 4}">${escapeHtml(label)}</text>` +
        `<title>${escapeHtml(`#${item.item} ${item.title}: ${item.count} finding${item.count === 1 ? "" : "s"}, ${item.state === "in-effect" ? "in effect since" : "from"} ${item.date}`)}</title>` +
        `</g>`,
    );
  }
  return `<svg class="timeline" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label="${escapeHtml(`Deprecation timeline: ${withFindings.length} schedule items with findings, as of ${plan.asOf}`)}" xmlns="http://www.w3.org/2000/svg">${parts.join("")}</svg>`;
}
