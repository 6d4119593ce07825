import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { scan } from "../../src/scanner/scan.js";
import { AS_OF } from "../support/analyze.js";
import { ageTree } from "../support/scratch.js";

// A page names the setting; a card component in another module hands it to a hook in a third,
// which completes the path and sends it through a fetcher in a fourth. Neither the page nor the
// card holds the rest of the path or a request library.
const PAGE = `import { Card } from "./card";
export const Page = ({ zone }: { zone: string }) => (
  <div>
    <Card zone={zone} setting="mobile_redirect" />
    <Card zone={zone} setting="always_online" />
  </div>
);
`;
const CARD = `import { useSetting } from "../hooks/setting";
export function Card({ zone, setting }: { zone: string; setting: string }) {
  const { save } = useSetting(zone, setting);
  return <button onClick={() => save("off")}>{setting}</button>;
}
`;
const SENDING_HOOK = `import { send } from "../lib/send";
export function useSetting(zone: string, setting: string) {
  return { save: (value: string) => send(\`client/v4/zones/\${zone}/settings/\${setting}\`, { method: "PATCH", body: JSON.stringify({ value }) }) };
}
`;
const QUIET_HOOK = `export function useSetting(zone: string, setting: string) {
  return { save: (value: string) => console.log(zone, setting, value) };
}
`;
const SEND = `export const send = (path: string, init: RequestInit) => fetch(new URL(path, "https://dash.example.com/proxy/"), init);\n`;

const roots: string[] = [];
afterAll(() => roots.forEach((root) => [root, `${root}.cache.json`].forEach((path) => rmSync(path, { recursive: true, force: true }))));


function project(hook: string): string {
  const root = mkdtempSync(join(tmpdir(), "sunset-lint-components-"));
  roots.push(root);
  for (const folder of ["pages", "hooks", "lib"]) mkdirSync(join(root, folder));
  writeFileSync(join(root, "pages/page.tsx"), PAGE);
  writeFileSync(join(root, "pages/card.tsx"), CARD);
  writeFileSync(join(root, "hooks/setting.ts"), hook);
  writeFileSync(join(root, "lib/send.ts"), SEND);
  ageTree(root);
  return root;
}

async function findings(root: string, cache: boolean): Promise<string[]> {
  const result = await scan({ cwd: root, paths: ["."], asOf: AS_OF, jobs: 0, ...(cache ? { cache: `${root}.cache.json` } : {}) });
  return result.findings.map((finding) => `${finding.file}:${finding.line} ${finding.method} ${finding.path}`);
}

describe("a setting a page names for a component that hands it to a hook of another module", () => {
  it("is reported where the page names it, and a current setting is not", async () => {
    expect(await findings(project(SENDING_HOOK), false)).toEqual(["pages/page.tsx:4 PATCH /zones/:zone_identifier/settings/mobile_redirect"]);
  });

  it("is found by a cached run once the hook starts sending it (the page's result rests on the card's imports)", async () => {
    const root = project(QUIET_HOOK);
    // The page is analysed on its own words (a current setting it reads itself); the card, which
    // hands its props to a hook that sends nothing yet, is not worth parsing.
    // A second page imports the same card: its analysis meets the card's verdict as remembered from the first.
    const page = `${PAGE}export const online = (zone: string) => fetch(\`https://api.cloudflare.com/client/v4/zones/\${zone}/settings/always_online\`);\n`;
    writeFileSync(join(root, "pages/page.tsx"), page);
    writeFileSync(join(root, "pages/second.tsx"), page);
    ageTree(root);
    expect(await findings(root, true)).toEqual([]);
    writeFileSync(join(root, "hooks/setting.ts"), SENDING_HOOK);
    ageTree(root);
    expect(await findings(root, true)).toEqual([
      "pages/page.tsx:4 PATCH /zones/:zone_identifier/settings/mobile_redirect",
      "pages/second.tsx:4 PATCH /zones/:zone_identifier/settings/mobile_redirect",
    ]);
  });
});
