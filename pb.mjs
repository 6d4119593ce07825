import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
const paths = readFileSync("/tmp/s16/parsed.txt", "utf8").split("\n").filter(Boolean);
const texts = paths.map((p) => readFileSync(p, "utf8"));
const mode = process.argv[2];
const t0 = performance.now();
if (mode === "estree") {
  const { parse } = require("@typescript-eslint/typescript-estree");
  const { lowerEstree } = await import("./dist/eslint/lower.js");
  const t1 = performance.now();
  for (let pass = 0; pass < 2; pass++) { const a = performance.now(); for (let i = 0; i < paths.length; i++) { const program = parse(texts[i], { range: true, jsx: /\.[jt]sx$/.test(paths[i]), comment: false, filePath: paths[i] }); lowerEstree({ file: paths[i], text: texts[i], program }); } console.log("estree pass", pass, (performance.now() - a).toFixed(0)); }
  console.log("load", (t1 - t0).toFixed(0));
} else {
  require("@typescript-eslint/typescript-estree"); // as in ESLint: the parser is loaded anyway
  const t1 = performance.now();
  const { parseAndLower } = await import("./dist/scanner/lower.js");
  const t2 = performance.now();
  for (let pass = 0; pass < 2; pass++) { const a = performance.now(); for (let i = 0; i < paths.length; i++) parseAndLower(paths[i], texts[i]); console.log("ts pass", pass, (performance.now() - a).toFixed(0)); }
  console.log("load ours", (t2 - t1).toFixed(0));
}
console.log("rss", (process.memoryUsage().rss / 1048576).toFixed(0));
