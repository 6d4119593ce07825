import { mkdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeFileSync } from "node:fs";
import { formatHtml } from "../../src/report/html.js";
import { fixedMeta, fixedResult } from "../report/fixed-result.js";
import { chooseChromium } from "../support/chromium.js";
import { AS_OF, runCli, scratch } from "../support/cli.js";

const OUTPUT = fileURLToPath(new URL("../../test-output/report", import.meta.url));

describe("the HTML report of the sample app, in Chromium", () => {
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  let itemsWithFindings = 0;
  let totalFindings = 0;

  beforeAll(async () => {
    const app = scratch("sample-app");
    mkdirSync(OUTPUT, { recursive: true });
    const report = join(OUTPUT, "sample-app.html");
    const run = runCli(["report", "--format", "html", "--output", report, "--as-of", AS_OF], app);
    expect(run.code, run.stderr).toBe(0);
    const scanned = JSON.parse(runCli(["scan", "--format", "json", "--as-of", AS_OF], app).stdout) as { findings: { item: number | null }[] };
    itemsWithFindings = new Set(scanned.findings.flatMap((f) => (f.item === null ? [] : [f.item]))).size;
    totalFindings = scanned.findings.length;

    const choice = await chooseChromium();
    browser = await chromium.launch({ executablePath: choice.executablePath, args: choice.args, headless: true });
    page = await browser.newPage({ viewport: { width: 1280, height: 1600 } });
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("request", (request) => {
      if (!request.url().startsWith("file:")) errors.push(`external request: ${request.url()}`);
    });
    await page.goto(pathToFileURL(report).href);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it("loads offline with no console errors and no external requests", () => {
    expect(errors).toEqual([]);
  });

  it("shows the timeline with one mark per schedule item with findings", async () => {
    await expect(page.locator("svg.timeline").isVisible()).resolves.toBe(true);
    expect(itemsWithFindings).toBeGreaterThan(10);
    await expect(page.locator("svg.timeline .finding-mark").count()).resolves.toBe(itemsWithFindings);
    await expect(page.locator("svg.timeline .as-of-label").textContent()).resolves.toBe(`as of ${AS_OF}`);
  });

  it("filters by status, item and path, and hides what it should", async () => {
    const visibleItems = () => page.locator("#items .item:not(.hidden)").evaluateAll((nodes) => nodes.map((node) => (node as unknown as { dataset: Record<string, string> }).dataset.item));
    const visibleFiles = () => page.locator("#items tr.location:not(.hidden)").evaluateAll((rows) => rows.map((row) => (row as unknown as { dataset: Record<string, string> }).dataset.file!));
    const counter = () => page.locator("#visible-count").textContent();

    const everything = (await visibleFiles()).length;
    expect(await counter()).toBe(`${everything} of ${everything} locations shown`);

    await page.selectOption("#filter-status", "upcoming");
    expect(await visibleItems()).toEqual([]);
    await expect(page.locator("#no-match").isVisible()).resolves.toBe(true);

    await page.selectOption("#filter-status", "all");
    await page.selectOption("#filter-item", "8");
    expect(await visibleItems()).toEqual(["8"]);
    await expect(page.locator("#item-1").isVisible()).resolves.toBe(false);

    await page.selectOption("#filter-item", "all");
    await page.fill("#filter-path", "legacy/");
    const files = await visibleFiles();
    expect(files.length).toBe(3);
    expect(files.every((file) => file.startsWith("src/legacy/"))).toBe(true);
    expect(await counter()).toBe(`3 of ${everything} locations shown`);
    await page.fill("#filter-path", "");
    expect((await visibleFiles()).length).toBe(everything);
    expect(everything).toBeLessThanOrEqual(totalFindings);
  });

  it("filters by item when a timeline mark is clicked, and sorts by count", async () => {
    await page.locator('svg.timeline .finding-mark[data-item="12"] circle').click();
    await expect(page.inputValue("#filter-item")).resolves.toBe("12");
    await page.locator('svg.timeline .finding-mark[data-item="12"] circle').click();
    await expect(page.inputValue("#filter-item")).resolves.toBe("all");
    await page.selectOption("#sort", "count");
    const counts = await page.locator("#items .item").evaluateAll((nodes) => nodes.map((node) => Number((node as unknown as { dataset: Record<string, string> }).dataset.count)));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    await page.selectOption("#sort", "urgency");
  });

  it("renders source text as text, and is saved as a screenshot", async () => {
    await expect(page.locator("img").count()).resolves.toBe(0);
    const screenshot = join(OUTPUT, "sample-app.png");
    await page.screenshot({ path: screenshot, fullPage: true });
    expect(statSync(screenshot).size).toBeGreaterThan(50_000);
  });

  it("shows hostile source text (</script>, markup) as text, running nothing", async () => {
    const hostile = join(OUTPUT, "hostile.html");
    writeFileSync(hostile, formatHtml(fixedResult(), fixedMeta));
    const other = await browser.newPage();
    const dialogs: string[] = [];
    other.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await other.goto(pathToFileURL(hostile).href);
    const code = await other.locator(`tr.location[data-file="src/dns/rules.ts"] td.source code`).textContent();
    expect(code).toBe("await cf.get(`/zones/${id}/firewall/rules`); // </script><img src=x onerror=alert(1)>");
    await expect(other.locator("img").count()).resolves.toBe(0);
    expect(dialogs).toEqual([]);
    await other.close();
  });
});
