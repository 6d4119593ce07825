/**
 * Which Chromium the browser test drives, so that `npm test` works on any machine:
 * 1. `CHROMIUM_PATH`, when set: a path to a Chromium or Chrome binary, or `bundled` for the npm one;
 * 2. a system browser, if one is installed (Debian's chromium, Chrome);
 * 3. the headless Chromium that the `@sparticuz/chromium` dev dependency ships as a compressed
 *    binary (unpacked to the temporary directory on first use; nothing is downloaded).
 */
import { existsSync } from "node:fs";

export interface ChromiumChoice {
  executablePath: string;
  args: string[];
  /** Where it came from, for messages. */
  source: string;
}

const SYSTEM_BROWSERS = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable", "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"];
const SYSTEM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

export async function chooseChromium(): Promise<ChromiumChoice> {
  const wanted = process.env.CHROMIUM_PATH;
  if (wanted && wanted !== "bundled") {
    if (!existsSync(wanted)) throw new Error(`CHROMIUM_PATH=${wanted}: no such file (give a Chromium or Chrome binary, or "bundled" for the npm one)`);
    return { executablePath: wanted, args: SYSTEM_ARGS, source: `CHROMIUM_PATH (${wanted})` };
  }
  if (!wanted) {
    const system = SYSTEM_BROWSERS.find((path) => existsSync(path));
    if (system) return { executablePath: system, args: SYSTEM_ARGS, source: `the system browser (${system})` };
  }
  const { default: bundled } = await import("@sparticuz/chromium");
  // Its default arguments are for AWS Lambda: --single-process there closes the whole browser
  // when a page is closed, so pages are kept in their own processes here.
  const args = bundled.args.filter((arg) => arg !== "--single-process" && arg !== "--no-zygote");
  return { executablePath: await bundled.executablePath(), args, source: "@sparticuz/chromium (npm)" };
}
