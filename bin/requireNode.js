// Plain JavaScript on purpose: it must run, and say something useful, on any Node before the
// TypeScript sources (and undici 8, which needs Node 22.19) are loaded.
export const MIN_NODE = [22, 19];

/** A sentence for a Node older than Ladle supports, or null when `version` ("22.12.0") is fine. */
export function nodeTooOld(version) {
  const [major = 0, minor = 0] = String(version).replace(/^v/, "").split(".").map(Number);
  const [needMajor, needMinor] = MIN_NODE;
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return null;
  return `Ladle needs Node.js ${needMajor}.${needMinor} or newer (24 recommended, see .nvmrc); this is Node ${version}. Install a newer Node and run the command again.`;
}
