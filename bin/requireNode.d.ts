/** The oldest Node Ladle runs on: [major, minor]. */
export declare const MIN_NODE: [number, number];
/** A sentence for a Node older than Ladle supports, or null when `version` is fine. */
export declare function nodeTooOld(version: string): string | null;
