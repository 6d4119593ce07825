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

  it("fits a phone (390 px) and a desktop (1400 px) with no sideways scrolling; the timeline becomes a list on the phone", async () => {
    for (const width of [390, 1400]) {
      const other = await browser.newPage({ viewport: { width, height: 900 } });
      await other.goto(page.url());
      // evaluated in the page: its globals, typed here by hand (the test compiles without the DOM library)
      const overflow = await other.evaluate(() => {
        const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
        return root.scrollWidth - root.clientWidth;
      });
      expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
      // every card, panel and item stays inside the viewport; wide tables scroll inside their own box
      const outside = await other.locator(".card, .panel, .item, .controls").evaluateAll((nodes, viewport) => nodes.filter((node) => (node as unknown as { getBoundingClientRect(): { right: number } }).getBoundingClientRect().right > viewport + 0.5).length, width);
      expect(outside, `boxes wider than ${width} px`).toBe(0);
      await expect(other.locator("svg.timeline").isVisible()).resolves.toBe(width > 640);
      await expect(other.locator(".timeline-list").isVisible()).resolves.toBe(width <= 640);
      await other.screenshot({ path: join(OUTPUT, `sample-app-${width}.png`), fullPage: true });
      await other.close();
    }
  });

  it("timeline labels name the item, never overlap, and sit above every stem", async () => {
    const labels = await page.locator("svg.timeline .finding-mark text").allTextContents();
    expect(labels.every((label) => /^#\d+ \S.* · \d+$/.test(label))).toBe(true);
    const boxes = await page.locator("svg.timeline .finding-mark text").evaluateAll((nodes) => nodes.map((node) => (node as unknown as { getBBox(): { x: number; y: number; width: number; height: number } }).getBBox()));
    for (let a = 0; a < boxes.length; a++) {
      for (let b = a + 1; b < boxes.length; b++) {
        const [p, q] = [boxes[a]!, boxes[b]!];
        const overlap = p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;
        expect(overlap, `labels ${labels[a]} and ${labels[b]} overlap`).toBe(false);
      }
    }
    const order = await page.locator("svg.timeline").evaluate((svg) => Array.from((svg as unknown as { children: ArrayLike<{ getAttribute(name: string): string | null }> }).children).map((child) => child.getAttribute("class") ?? ""));
    expect(order.lastIndexOf("stem")).toBeLessThan(order.findIndex((name) => name.startsWith("finding-mark")));
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
