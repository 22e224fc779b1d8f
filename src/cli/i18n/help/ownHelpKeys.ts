/** Commands whose English help lives beside them (main.ts, collectionsHelp.ts), said in every language. */
export const OWN_HELP_KEYS = ["users", "import-file", "export", "extract", "check-url", "article"] as const;
export type OwnHelpKey = (typeof OWN_HELP_KEYS)[number];
