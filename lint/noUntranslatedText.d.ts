import type { Rule } from "eslint";

/** Words on screen must come from the catalogues (see noUntranslatedText.js). */
export const noUntranslatedText: Rule.RuleModule;
declare const plugin: { rules: { "no-untranslated-text": Rule.RuleModule } };
export default plugin;
