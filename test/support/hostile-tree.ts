/**
 * A source tree built to break a scanner: binary and huge files, a minified bundle, code nested
 * 20,000 deep, a template with 20,000 holes, link loops and dangling links, mixed encodings and
 * line endings, unicode and spaces in paths, an unreadable file, ignored findings and a syntax
 * error next to a real finding. Built at test time (nothing of it is checked in).
 */
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

export const FINDING = `fetch("https://api.cloudflare.com/client/v4/zones/z/settings/brotli", { method: "PATCH" });`;

export interface HostileTree {
  /** Files that hold a real finding the scan must report. */
  findings: string[];
  /** Files the scan must name as not analysed (`unscannable`). */
  unscannable: string[];
  /** Files the scan must name as left out by policy (`skipped`). */
  skipped: string[];
}

export function buildHostileTree(root: string): HostileTree {
  const tree: HostileTree = { findings: [], unscannable: [], skipped: [] };
  const write = (file: string, content: string | Buffer) => {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), content);
  };

  write("bin/blob.ts", Buffer.from([0x63, 0x6f, 0x6e, 0x73, 0x74, 0, 0, 0, 0xff, 0xfe]));
  tree.skipped.push("bin/blob.ts");

  const filler = Array.from({ length: 20_000 }, (_, index) => `a${index}=${index}`).join(",");
  // A large application script is read; the same on one line is a minifier's output, left out and named.
  write("public/app.js", `!function(){var ${filler.replaceAll(",a1", ",\na1")};\n${FINDING}\n}();`);
  tree.findings.push("public/app.js");
  write("public/app.bundle.js", `!function(){var ${filler};${FINDING.replace(/\s+/g, "")}}();`);
  tree.skipped.push("public/app.bundle.js");
  write("public/vendor.min.js", `!function(){${FINDING}}();`);
  tree.skipped.push("public/vendor.min.js");

  write("deep/nesting.ts", `export const x = ${"(".repeat(20_000)}1${")".repeat(20_000)};\n${FINDING}\n`);
  tree.findings.push("deep/nesting.ts");
  write("deep/chain.ts", `export const y = ${Array.from({ length: 20_000 }, (_, index) => `"p${index}"`).join(" + ")};\n${FINDING}\n`);
  tree.findings.push("deep/chain.ts");

  write("huge/line.ts", `export const big = "${"x".repeat(3 * 1024 * 1024)}";\n${FINDING}\n`);
  tree.skipped.push("huge/line.ts");

  write("tpl/holes.ts", `declare const a: string;\nexport const t = \`${"${a}".repeat(20_000)}\`;\n${FINDING}\n`);
  tree.findings.push("tpl/holes.ts");

  mkdirSync(join(root, "links"), { recursive: true });
  symlinkSync("loop-b.ts", join(root, "links/loop-a.ts"));
  symlinkSync("loop-a.ts", join(root, "links/loop-b.ts"));
  symlinkSync("..", join(root, "links/up"));
  symlinkSync("nowhere.ts", join(root, "links/dangling.ts"));
  tree.unscannable.push("links/dangling.ts", "links/loop-a.ts", "links/loop-b.ts");

  write("enc/crlf-bom.ts", `\ufeff// CRLF and a byte-order mark\r\n${FINDING}\r\n`);
  write("enc/latin1.ts", Buffer.concat([Buffer.from("// caf"), Buffer.from([0xe9]), Buffer.from(`\n${FINDING}\n`)]));
  write("uni/ünïcödé dir/with space.ts", `${FINDING}\n`);
  tree.findings.push("enc/crlf-bom.ts", "enc/latin1.ts", "uni/ünïcödé dir/with space.ts");

  write("secret/unreadable.ts", `${FINDING}\n`);
  chmodSync(join(root, "secret/unreadable.ts"), 0);
  // Permissions do not stop root: then the file is read and its finding is real.
  if (process.getuid?.() === 0) tree.findings.push("secret/unreadable.ts");
  else tree.unscannable.push("secret/unreadable.ts");

  write(".gitignore", "ignored/\n");
  write("ignored/x.ts", `${FINDING}\n`);
  write("node_modules/pkg/index.js", `${FINDING}\n`);

  // A syntax error: named as only partly analysed (the run fails), and the path read before it is kept.
  write("broken/syntax.ts", `export const url = "https://api.cloudflare.com/client/v4/zones/z/settings/minify" +;\n`);
  tree.unscannable.push("broken/syntax.ts");
  tree.findings.push("broken/syntax.ts");
  write("broken/good.ts", `${FINDING}\n`);
  tree.findings.push("broken/good.ts");

  for (const list of [tree.findings, tree.unscannable, tree.skipped]) list.sort();
  return tree;
}
