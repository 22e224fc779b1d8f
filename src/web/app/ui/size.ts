// A size in bytes as people read it (bytes, kB, MB, GB), with the number written the way the
// person's language writes it (a decimal comma in German and French).
import { t } from "../i18n/i18n.ts";

/** "512 bytes", "12 kB", "1.5 MB", "2.25 GB" (1024-based, as the server counts). */
export function size(bytes: number): string {
  if (bytes < 1024) return t("app.sizeBytes", { n: bytes });
  if (bytes < 1024 * 1024) return t("app.sizeKb", { n: Math.round(bytes / 1024) });
  if (bytes < 1024 ** 3) return t("app.sizeMb", { n: bytes / 1024 / 1024 });
  return t("app.sizeGb", { n: bytes / 1024 ** 3 });
}
