import { ESLintUtils } from "@typescript-eslint/utils";

import { ruleDocsUrl } from "../core/rules.js";

/** Every rule's `meta.docs.url` points at its own page under docs/rules/. */
export const docsUrl = ruleDocsUrl;

export interface RuleDocs {
  description: string;
  recommended?: boolean;
}

export const createRule = ESLintUtils.RuleCreator<RuleDocs>(docsUrl);
