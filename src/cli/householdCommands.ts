import type { Config } from "../config.ts";
import { zUserRole } from "../domain/user.ts";
import type { Ladle } from "../app/ladle.ts";
import { cliActor } from "./cliActor.ts";
import { say as words } from "./i18n/cliWords.ts";
import { sayProblem } from "./i18n/cliProblems.ts";

export const HOUSEHOLD_USAGE = `  ladle users setup                                             print a new one-time setup code for the first run
  ladle users invite [--role admin|user] [--url URL]            print a one-time invitation link
  ladle users reset NAME [--url URL]                            print a one-time link to choose a new password
  ladle users disable NAME | ladle users enable NAME            disable a person (sign-ins and tokens end) or enable them
  ladle users remove NAME --to NAME                             remove a person; the other receives their recipes and libraries`;

/** Where a printed link opens: `--url`, else the address the server listens on. */
function base(config: Config, url: string | undefined): string {
  if (url) return url.replace(/\/+$/, "");
  const host = config.Server.Host.includes(":") ? `[${config.Server.Host}]` : config.Server.Host;
  return `http://${host === "0.0.0.0" || host === "[::]" ? "127.0.0.1" : host}:${config.Server.Port}`;
}

const say = (s: string) => void process.stderr.write(s + "\n");

/**
 * The household's `ladle users` commands, acting as the machine's operator (the owner once the
 * first run is done): the same powers as the People screen, and the rescue (`reset NAME`). Links
 * and codes go to stdout, everything else to stderr. Null when `sub` is not one of them.
 */
export async function householdCommand(
  ladle: Ladle,
  sub: string,
  who: string | undefined,
  opts: { role: string; url?: string | undefined; to?: string | undefined },
): Promise<number | null> {
  const h = ladle.household;
  const fail = (r: { code: string; message: string }) => (
    say(`ladle users: ${sayProblem(r.code, r.message)}`),
    1
  );
  switch (sub) {
    case "setup": {
      if (!(await h.status()).firstRun) {
        say(words("alreadyOwned"));
        return 1;
      }
      const { code, expiresAt } = await h.newSetupCode();
      say(words("setupCode", { until: expiresAt.toISOString() }));
      process.stdout.write(code + "\n");
      return 0;
    }
    case "invite": {
      const role = zUserRole.safeParse(opts.role);
      if (!role.success) return fail({ code: "INVALID_USER", message: words("roleAdminOrUser") });
      const res = await h.invite(await cliActor(ladle), role.data);
      if (!res.ok) return fail(res);
      say(words("invitation", { until: res.value.expiresAt.toISOString() }));
      process.stdout.write(`${base(ladle.config, opts.url)}/#/invite/${res.value.code}\n`);
      return 0;
    }
    case "reset": {
      const res = await h.resetLink(await cliActor(ladle), who ?? "");
      if (!res.ok) return fail(res);
      say(words("passwordLink", { name: res.value.name, until: res.value.expiresAt.toISOString() }));
      process.stdout.write(`${base(ladle.config, opts.url)}/#/reset/${res.value.code}\n`);
      return 0;
    }
    case "disable":
    case "enable": {
      const res = await h.setDisabled(await cliActor(ladle), who ?? "", sub === "disable");
      if (!res.ok) return fail(res);
      say(words(sub === "disable" ? "personDisabled" : "personEnabled", { name: who ?? "" }));
      return 0;
    }
    case "remove": {
      if (!opts.to) return fail({ code: "INVALID_USER", message: words("sayWhoReceives") });
      const res = await h.remove(await cliActor(ladle), who ?? "", opts.to);
      if (!res.ok) return fail(res);
      say(words("personRemoved", { name: who ?? "", to: opts.to }));
      return 0;
    }
    default:
      return null;
  }
}
