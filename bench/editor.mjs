/** Child process: the editor's cost, linting one edited file through ESLint with the recommended config. */
import { readFileSync } from "node:fs";
import { ESLint } from "eslint";
import plugin from "../dist/eslint/index.js";

const [cwd, file] = process.argv.slice(2);
const eslint = new ESLint({ cwd, overrideConfigFile: true, overrideConfig: [plugin.configs.recommended] });
const text = readFileSync(`${cwd}/${file}`, "utf8");
await eslint.lintText(text, { filePath: `${cwd}/${file}` });
const runs = [];
for (let index = 0; index < 30; index++) {
  const started = performance.now();
  await eslint.lintText(`${text}\n// keystroke ${index}\n`, { filePath: `${cwd}/${file}` });
  runs.push(performance.now() - started);
}
runs.sort((a, b) => a - b);
process.stdout.write(JSON.stringify({ medianMs: runs[15], p90Ms: runs[27], peakMiB: process.resourceUsage().maxRSS / 1024 }));
