/** Commands whose English help lives beside them and is said in German and French so far. */
export const OWN_HELP_KEYS = ["users", "import-file", "export", "extract", "check-url", "article"] as const;
export type OwnHelpKey = (typeof OWN_HELP_KEYS)[number];
