import { ESLintUtils } from "@typescript-eslint/utils";

export const REPOSITORY_URL = "https://github.com/sunset-lint/sunset-lint";

/** Every rule's `meta.docs.url` points at its own page under docs/rules/. */
export const docsUrl = (name: string) => `${REPOSITORY_URL}/blob/main/docs/rules/${name}.md`;

export interface RuleDocs {
  description: string;
  recommended?: boolean;
}

export const createRule = ESLintUtils.RuleCreator<RuleDocs>(docsUrl);
