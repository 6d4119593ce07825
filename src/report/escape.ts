/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value).replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");
}

/** Inline code in Markdown that survives backticks inside it. */
export function markdownCode(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = "`".repeat(longest + 1);
  const pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** Text for a Markdown table cell. */
export function markdownCell(text: string): string {
  return text.replaceAll("\\", "\\\\").replaceAll("|", "\\|").replaceAll("\n", " ");
}

/** Markdown prose with the characters that would start markup escaped. */
export function markdownText(text: string): string {
  return text.replace(/([\\*_[\]<>#])/g, "\\$1");
}

const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g;

/**
 * Text from files (names, source lines, messages that quote them) made safe for a terminal or an
 * annotation: control characters (ESC, BEL, a newline in a file name…) are shown as `\xNN`, so
 * nothing in a scanned repository can colour, move or split what the user reads.
 */
export function visible(text: string): string {
  return text.replace(CONTROL, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, "0")}`);
}
