/**
 * Writes the command line's help texts beside the compiled main.js (`npm run build` runs it after
 * `tsc`), for `--help` to be answered without loading commander (see `help-cache.ts`).
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { HELP_FILE, mainStamp, type HelpTexts } from "./help-cache.js";
import { helpTexts } from "./main.js";

const directory = new URL("./", import.meta.url);
const main = mainStamp(directory);
if (main === null) throw new Error("write-help: no main.js beside it");
writeFileSync(fileURLToPath(new URL(HELP_FILE, directory)), `${JSON.stringify({ main, texts: helpTexts() } satisfies HelpTexts)}\n`);
