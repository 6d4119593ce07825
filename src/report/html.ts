/**
 * The migration report as one self-contained HTML page: no external assets, works offline,
 * every interpolated value escaped. Filters by status, item and path; sorts by urgency, date or
 * count; prints cleanly; follows the reader's dark mode.
 */
import { escapeHtml as e } from "./escape.js";
import { buildMigrationPlan, type PlanLocation } from "./migration-plan.js";
import { timelineList, timelineSvg } from "./timeline-svg.js";
import type { Formatter } from "./types.js";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
const shorten = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, "")}…`);
/** Backticks in the schedule's text become <code>, after escaping. */
const prose = (text: string) => e(text).replace(/`([^`]+)`/g, "<code>$1</code>");

const STYLE = `
:root { --bg: #fbfbfd; --fg: #1d1f24; --muted: #5d6470; --card: #ffffff; --line: #e1e4ea; --red: #c62828; --red-bg: #fdecea; --amber: #a15c00; --amber-bg: #fff4dd; --accent: #2f5bd3; --code: #f2f4f8; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #121418; --fg: #e6e8ec; --muted: #9aa3b2; --card: #1b1e24; --line: #2c313a; --red: #ff8a80; --red-bg: #3a1d1d; --amber: #ffc760; --amber-bg: #3a2e14; --accent: #8fb0ff; --code: #242933; }
}
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: var(--bg); color: var(--fg); }
main { max-width: 1080px; margin: 0 auto; padding: 32px 24px 64px; }
h1 { font-size: 28px; margin: 0 0 4px; } h2 { font-size: 20px; margin: 40px 0 12px; } h3 { font-size: 17px; margin: 0; }
.meta, .muted { color: var(--muted); }
code { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--code); padding: 1px 5px; border-radius: 4px; }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 12px; margin: 24px 0; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 14px 16px; }
.card .value { font-size: 28px; font-weight: 650; } .card .label { color: var(--muted); font-size: 13px; }
.card.red .value { color: var(--red); } .card.amber .value { color: var(--amber); }
.panel { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 16px; }
.timeline { width: 100%; height: auto; display: block; }
.timeline .axis, .timeline .tick { stroke: var(--muted); stroke-width: 1.5; }
.timeline .year { fill: var(--muted); font-size: 12px; }
.timeline .schedule-mark { fill: var(--muted); opacity: .6; }
.timeline .as-of { stroke: var(--accent); stroke-width: 2; stroke-dasharray: 5 4; }
.timeline .as-of-label { fill: var(--accent); font-size: 12px; font-weight: 600; }
.timeline .finding-mark circle { fill: var(--red); fill-opacity: .85; stroke: var(--card); stroke-width: 2; cursor: pointer; }
.timeline .finding-mark.upcoming circle { fill: var(--amber); }
.timeline .stem { stroke: var(--line); stroke-width: 1.5; }
.timeline .finding-mark text { fill: var(--fg); font-size: 12px; font-weight: 600; paint-order: stroke; stroke: var(--card); stroke-width: 4px; stroke-linejoin: round; }
.timeline .dimmed { opacity: .2; }
table { width: 100%; border-collapse: collapse; font-size: 14px; }
th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { color: var(--muted); font-weight: 600; } td.num, th.num { text-align: right; } td.date { white-space: nowrap; }
.tables { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(300px, 100%), 1fr)); gap: 16px; }
.scroll { overflow-x: auto; max-width: 100%; }
.timeline-list { display: none; list-style: none; margin: 0 0 8px; padding: 0; }
.timeline-list li { padding: 6px 0 6px 12px; border-left: 4px solid var(--red); margin: 4px 0; }
.timeline-list li.upcoming { border-left-color: var(--amber); }
.timeline-list .when { font-variant-numeric: tabular-nums; color: var(--muted); } .timeline-list .n { color: var(--muted); white-space: nowrap; }
.controls { position: sticky; top: 0; z-index: 2; display: flex; flex-wrap: wrap; gap: 12px; align-items: end; padding: 12px 16px; margin: 24px 0 8px; background: var(--card); border: 1px solid var(--line); border-radius: 10px; }
.controls label { display: flex; flex-direction: column; font-size: 12px; color: var(--muted); gap: 4px; }
.controls select, .controls input { font: inherit; padding: 6px 8px; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--fg); min-width: 160px; max-width: 280px; }
.controls .count { margin-left: auto; font-size: 13px; color: var(--muted); }
.item { background: var(--card); border: 1px solid var(--line); border-left: 5px solid var(--red); border-radius: 10px; padding: 18px 20px; margin: 16px 0; }
.item.upcoming { border-left-color: var(--amber); }
.badge { display: inline-block; font-size: 12px; font-weight: 650; padding: 2px 8px; border-radius: 999px; background: var(--red-bg); color: var(--red); }
.upcoming .badge { background: var(--amber-bg); color: var(--amber); }
.item header { display: flex; gap: 12px; align-items: baseline; flex-wrap: wrap; }
.item .facts { margin: 6px 0 10px; color: var(--muted); font-size: 14px; }
.item blockquote { margin: 8px 0; padding: 6px 12px; border-left: 3px solid var(--line); color: var(--muted); }
.item ol { margin: 8px 0 12px; padding-left: 22px; }
.location td:first-child { white-space: nowrap; } .location .source code { white-space: pre-wrap; word-break: break-word; }
.owners { color: var(--accent); font-size: 13px; }
.hidden { display: none !important; }
.empty { padding: 24px; text-align: center; color: var(--muted); }
@media (max-width: 640px) {
  main { padding: 20px 12px 48px; overflow-wrap: anywhere; } code { overflow-wrap: anywhere; } h1 { font-size: 22px; } h2 { font-size: 18px; margin-top: 28px; }
  .timeline { display: none; } .timeline-list { display: block; }
  .item { padding: 14px 12px; } .panel { padding: 12px; }
  .controls { padding: 10px 12px; } .controls label { flex: 1 1 140px; } .controls select, .controls input { min-width: 0; width: 100%; max-width: none; }
  .controls .count { margin-left: 0; }
  td.date, .location td:first-child { white-space: normal; } .location td:first-child code { word-break: break-all; }
}
@media print {
  body { background: #fff; color: #000; } main { max-width: none; padding: 0; }
  .controls { display: none; } .item, .panel, .card { break-inside: avoid; box-shadow: none; }
  .hidden { display: revert !important; } .item.hidden { display: block !important; } tr.hidden { display: table-row !important; }
}
`;

const SCRIPT = `
(() => {
  const $ = (selector, root = document) => Array.from(root.querySelectorAll(selector));
  const status = document.getElementById("filter-status");
  const item = document.getElementById("filter-item");
  const path = document.getElementById("filter-path");
  const sort = document.getElementById("sort");
  const count = document.getElementById("visible-count");
  const list = document.getElementById("items");
  function apply() {
    const wantedStatus = status.value, wantedItem = item.value, needle = path.value.trim().toLowerCase();
    let shown = 0;
    for (const section of $(".item", list)) {
      const matchesSection = (wantedStatus === "all" || section.dataset.status === wantedStatus) && (wantedItem === "all" || section.dataset.item === wantedItem);
      let rows = 0;
      for (const row of $("tr.location", section)) {
        const visible = matchesSection && (!needle || row.dataset.file.toLowerCase().includes(needle));
        row.classList.toggle("hidden", !visible);
        if (visible) rows++;
      }
      section.classList.toggle("hidden", rows === 0);
      shown += rows;
    }
    for (const mark of $(".finding-mark, .timeline .stem")) mark.classList.toggle("dimmed", wantedItem !== "all" && mark.dataset.item !== wantedItem);
    count.textContent = shown + " of " + count.dataset.total + " locations shown";
    document.getElementById("no-match").classList.toggle("hidden", shown > 0 || Number(count.dataset.total) === 0);
  }
  function reorder() {
    const sections = $(".item", list);
    const key = sort.value;
    sections.sort((a, b) => key === "count" ? Number(b.dataset.count) - Number(a.dataset.count) || Number(a.dataset.rank) - Number(b.dataset.rank)
      : key === "date" ? a.dataset.date.localeCompare(b.dataset.date) || Number(a.dataset.rank) - Number(b.dataset.rank)
      : Number(a.dataset.rank) - Number(b.dataset.rank));
    for (const section of sections) list.appendChild(section);
  }
  for (const control of [status, item, path]) control.addEventListener("input", apply);
  sort.addEventListener("input", reorder);
  for (const mark of $(".finding-mark")) {
    const choose = () => { item.value = item.value === mark.dataset.item ? "all" : mark.dataset.item; apply(); };
    mark.addEventListener("click", choose);
    mark.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); choose(); } });
  }
  apply();
})();
`;

function locationRow(location: PlanLocation): string {
  return (
    `<tr class="location" data-file="${e(location.file)}">` +
    `<td><label><input type="checkbox" aria-label="done"> <code>${e(`${location.file}:${location.line}`)}</code></label></td>` +
    `<td class="source"><code>${e(location.source)}</code>${location.owners.length > 0 ? `<div class="owners">${e(location.owners.join(" "))}</div>` : ""}</td>` +
    `</tr>`
  );
}

export const formatHtml: Formatter = (result, meta) => {
  const plan = buildMigrationPlan(result, meta);
  const totalLocations = plan.sections.reduce((sum, section) => sum + section.locations.length, 0) + plan.logpush.length;

  const cards = [
    ["Findings", plan.totals.findings, ""],
    ["In effect", plan.totals.inEffect, "red"],
    ["Upcoming", plan.totals.upcoming, "amber"],
    ["Files affected", plan.totals.files, ""],
    ["Files scanned", plan.totals.scannedFiles, ""],
  ]
    .map(([label, value, tone]) => `<div class="card ${tone}"><div class="value">${e(value)}</div><div class="label">${e(label)}</div></div>`)
    .join("");

  const byItemRows = plan.byItem
    .map((row) => `<tr><td class="num">${row.item}</td><td>${prose(row.title)}</td><td class="date">${e(row.date)}</td><td class="date">${row.state === "in-effect" ? "in effect" : "upcoming"}</td><td class="num">${row.count}</td></tr>`)
    .join("") + (plan.logpush.length > 0 ? `<tr><td class="num">—</td><td>Logpush filter problems</td><td class="date">—</td><td class="date">rejected now</td><td class="num">${plan.logpush.length}</td></tr>` : "");
  const byRuleRows = plan.byRule.map(([rule, count]) => `<tr><td><code>${e(rule)}</code></td><td class="num">${count}</td></tr>`).join("");
  const ownerRows = plan.owners?.map(([owner, count]) => `<tr><td>${e(owner)}</td><td class="num">${count}</td></tr>`).join("") ?? "";

  const sections = plan.sections
    .map((section, rank) => {
      const entry = section.entry;
      const badge = section.state === "in-effect" ? `in effect since ${entry.date} · ${plural(section.days, "day")}` : `from ${entry.date} · in ${plural(section.days, "day")}`;
      return (
        `<section class="item ${section.state}" id="item-${entry.item}" data-item="${entry.item}" data-status="${section.state}" data-date="${e(entry.date)}" data-count="${section.findings}" data-rank="${rank}">` +
        `<header><h3>Item ${entry.item}: ${prose(entry.title)}</h3><span class="badge">${e(badge)}</span></header>` +
        `<div class="facts">${plural(section.findings, "finding")} on ${plural(section.locations.length, "line")} in ${plural(section.files, "file")} · replacement: ${entry.replacement ? prose(entry.replacement) : "none"} · rule <code>${e(entry.rule)}</code></div>` +
        `<blockquote>${prose(entry.change)}</blockquote>` +
        `<ol>${section.steps.map((step) => `<li>${prose(step)}</li>`).join("")}</ol>` +
        `<div class="scroll"><table><thead><tr><th>Location</th><th>Code</th></tr></thead><tbody>${section.locations.map(locationRow).join("")}</tbody></table></div>` +
        `</section>`
      );
    })
    .join("");

  const logpush =
    plan.logpush.length === 0
      ? ""
      : `<section class="item" id="logpush" data-item="logpush" data-status="in-effect" data-date="9999" data-count="${plan.logpush.length}" data-rank="9999">` +
        `<header><h3>Logpush filter problems</h3><span class="badge">rejected now</span></header>` +
        `<div class="facts">The API rejects these job filters today (specification parts 2.2, 4.1 and 8).</div>` +
        `<div class="scroll"><table><thead><tr><th>Location</th><th>Problem</th></tr></thead><tbody>${plan.logpush
          .map((location) => `<tr class="location" data-file="${e(location.file)}"><td><code>${e(`${location.file}:${location.line}`)}</code></td><td>${prose(location.message)}<div><code>${e(location.source)}</code></div></td></tr>`)
          .join("")}</tbody></table></div></section>`;

  const problems =
    plan.problems.length === 0
      ? ""
      : `<h2>Files not scanned</h2><div class="panel"><ul>${plan.problems.map((p) => `<li><code>${e(p.file)}</code>: ${e(p.message)}</li>`).join("")}</ul></div>`;

  const itemOptions =
    plan.sections.map((s) => `<option value="${s.entry.item}">Item ${s.entry.item}: ${e(shorten(s.entry.title.replaceAll("`", ""), 48))}</option>`).join("") +
    (plan.logpush.length > 0 ? `<option value="logpush">Logpush filters</option>` : "");

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>API deprecation migration report · as of ${e(plan.asOf)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>API deprecation migration report</h1>
<div class="meta">Made ${e(plan.generatedAt.slice(0, 10))} · judged as of <strong>${e(plan.asOf)}</strong> · sunset-lint ${e(plan.toolVersion)}</div>
<div class="cards">${cards}</div>
<h2>Timeline</h2>
<div class="panel">${timelineSvg(plan)}${timelineList(plan)}<div class="muted">Each mark is a schedule item with findings, sized by their number (click one to filter); grey dots are the other items.</div></div>
<h2>Summary</h2>
<div class="panel scroll"><table><thead><tr><th class="num">Item</th><th>Change</th><th>Date</th><th>Status</th><th class="num">Findings</th></tr></thead><tbody>${byItemRows || `<tr><td colspan="5" class="empty">No findings</td></tr>`}</tbody></table></div>
<div class="tables" style="margin-top:16px">
<div class="panel scroll"><table><thead><tr><th>Rule</th><th class="num">Findings</th></tr></thead><tbody>${byRuleRows || `<tr><td colspan="2" class="empty">No findings</td></tr>`}</tbody></table></div>
${ownerRows ? `<div class="panel scroll"><table><thead><tr><th>Owner (CODEOWNERS)</th><th class="num">Findings</th></tr></thead><tbody>${ownerRows}</tbody></table></div>` : ""}
</div>
<h2>What to migrate, most urgent first</h2>
<div class="muted">Items in effect come first, the longest overdue first; then upcoming ones, the soonest first.</div>
<div class="controls" role="search">
<label>Status<select id="filter-status"><option value="all">All</option><option value="in-effect">In effect</option><option value="upcoming">Upcoming</option></select></label>
<label>Item<select id="filter-item"><option value="all">All items</option>${itemOptions}</select></label>
<label>Path contains<input id="filter-path" type="search" placeholder="src/dns"></label>
<label>Sort by<select id="sort"><option value="urgency">Urgency</option><option value="date">Date</option><option value="count">Findings</option></select></label>
<span class="count" id="visible-count" data-total="${totalLocations}"></span>
</div>
<div id="items">${sections}${logpush}</div>
<div id="no-match" class="empty hidden">Nothing matches these filters.</div>
${plan.totals.findings === 0 ? `<div class="panel empty">Nothing to migrate: no deprecated API use was found.</div>` : ""}
${problems}
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
};
