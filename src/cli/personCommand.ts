import path from "node:path";
import type { Ladle } from "../app/ladle.ts";
import { cliActor } from "./cliActor.ts";
import { say as words } from "./i18n/cliWords.ts";
import { problemWords } from "./i18n/cliProblems.ts";

/** `ladle users export NAME -o FILE` and `ladle users erase NAME --confirm NAME`, as the local admin. */
export async function personCommand(
  ladle: Ladle,
  sub: "export" | "erase",
  who: string,
  values: { output?: string | undefined; confirm?: string | undefined },
): Promise<number> {
  const admin = await cliActor(ladle);
  if (sub === "export") {
    if (!values.output) {
      process.stderr.write(`${words("exportNeedsFile")}\n`);
      return 2;
    }
    const file = path.resolve(values.output);
    const r = await ladle.personData.export(admin, who, file).catch((err: NodeJS.ErrnoException) => {
      if (err.code === "EEXIST")
        return {
          ok: false as const,
          code: "EEXIST",
          message: words("fileExists", { file }),
        };
      throw err;
    });
    if (!r.ok) {
      process.stderr.write(
        `ladle users: ${r.message ? problemWords(r.code, r.message) : words("noSuchUser", { name: who })}\n`,
      );
      return r.code === "USER_NOT_FOUND" ? 3 : 1;
    }
    process.stderr.write(`${words("exportedPerson", { rows: String(r.value.rows), name: who, file })}\n`);
    return 0;
  }
  const r = await ladle.personData.erase(admin, who, values.confirm);
  if (!r.ok) {
    const why =
      r.code === "CONFIRMATION_NEEDED"
        ? words("eraseNeedsConfirm", { name: who })
        : r.code === "LAST_ADMIN"
          ? words("onlyAdmin", { name: who })
          : r.message
            ? problemWords(r.code, r.message)
            : words("noSuchUser", { name: who });
    process.stderr.write(`ladle users: ${why}\n`);
    return r.code === "USER_NOT_FOUND" ? 3 : 1;
  }
  const n = Object.values(r.value.deleted).reduce((a, b) => a + b, 0);
  process.stderr.write(`${words("erasedPerson", { name: r.value.name, n: String(n) })}\n`);
  return 0;
}
