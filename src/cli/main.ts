#!/usr/bin/env node
import { loadBundledCatalogue } from "../catalogue/index.js";

const catalogue = loadBundledCatalogue();
for (const entry of catalogue.entries) {
  process.stdout.write(`${String(entry.item).padStart(2)}  ${entry.date}  ${entry.rule.padEnd(32)} ${entry.title.replaceAll("`", "")}\n`);
}
