import { RuleTester } from "@typescript-eslint/rule-tester";
import { afterAll, describe, it } from "vitest";
import { loadBundledCatalogue } from "../../src/catalogue/index.js";
import { deprecationMessage } from "../../src/core/messages.js";
import { AS_OF } from "./analyze.js";

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.describeSkip = describe.skip;
RuleTester.it = it;
RuleTester.itOnly = it.only;
RuleTester.itSkip = it.skip;

/** A RuleTester for TypeScript and JSX, judged as of a fixed date. */
export function ruleTester(): RuleTester {
  return new RuleTester({
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
    settings: { "sunset-lint": { asOf: AS_OF } },
  });
}

/** The message data the rule must produce for an entry and subject. */
export function dataFor(item: number, subject: string, whenNone: string) {
  const entry = loadBundledCatalogue().lookup(item);
  if (!entry) throw new Error(`no item ${item}`);
  return deprecationMessage(entry, subject, whenNone, AS_OF).data;
}
