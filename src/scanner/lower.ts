/**
 * The TypeScript front end of the scanner: `src/languages/typescript.ts` bound to the compiler
 * ts-morph ships (`#typescript`), a pinned, known compiler API whatever TypeScript the project has.
 */
import ts from "#typescript";
import { compilerLowering } from "../languages/typescript.js";

export const { scriptKindOf, parseAndLower, syntaxErrorsOf, lowerSourceFile, commentsOf } = compilerLowering(ts);
