import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

/**
 * pg-boss reads its cron schedules with cron-parser, whose dates are luxon's. luxon asks ICU for
 * the system's locale and time zone (`new Intl.DateTimeFormat().resolvedOptions()`) on its first
 * date, and that one question pages ICU's locale and time-zone data into the process for good
 * (~5 MiB resident in every worker process at rest, `npm run bench -- memory`). Neither answer is
 * used: cron-parser formats nothing, and pg-boss always hands it the schedule's zone (UTC unless a
 * schedule names one), which it compares with the zone of "now" read in the default one. With UTC
 * and a locale as luxon's defaults, a UTC schedule asks ICU nothing and lands on the same instants;
 * a schedule in a named zone still reads that zone's rules from ICU, as before. Reached through
 * pg-boss's own resolution so that it is the copy the scheduler loads; in another layout nothing
 * is set and the scheduler runs as it did.
 */
export function cronWithoutSystemLocale(): void {
  try {
    const fromBoss = createRequire(fileURLToPath(import.meta.resolve("pg-boss")));
    const fromCron = createRequire(fromBoss.resolve("cron-parser"));
    const { Settings } = fromCron("luxon") as {
      Settings: { defaultLocale: string | undefined; defaultZone: unknown };
    };
    Settings.defaultLocale ||= "en-US";
    Settings.defaultZone = "utc";
  } catch {
    // Not the layout above (a bundler, another pg-boss): the scheduler asks ICU itself, as before.
  }
}
