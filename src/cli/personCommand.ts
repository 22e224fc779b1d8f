import path from "node:path";
import type { Ladle } from "../app/ladle.ts";
import { cliActor } from "./cliActor.ts";

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
      process.stderr.write("ladle users export: give the file to write with -o FILE\n");
      return 2;
    }
    const file = path.resolve(values.output);
    const r = await ladle.personData.export(admin, who, file).catch((err: NodeJS.ErrnoException) => {
      if (err.code === "EEXIST")
        return {
          ok: false as const,
          code: "EEXIST",
          message: `${file} already exists: choose another name.`,
        };
      throw err;
    });
    if (!r.ok) {
      process.stderr.write(
        `ladle users: ${r.message ?? `no user "${who}"; list them with \`ladle users list\``}\n`,
      );
      return r.code === "USER_NOT_FOUND" ? 3 : 1;
    }
    process.stderr.write(`exported ${r.value.rows} records of ${who} to ${file}\n`);
    return 0;
  }
  const r = await ladle.personData.erase(admin, who, values.confirm);
  if (!r.ok) {
    const why =
      r.code === "CONFIRMATION_NEEDED"
        ? `this deletes ${who} and everything of theirs; to go ahead, add --confirm ${who}`
        : r.code === "LAST_ADMIN"
          ? `${who} is the only admin: make another person an admin first`
          : (r.message ?? `no user "${who}"; list them with \`ladle users list\``);
    process.stderr.write(`ladle users: ${why}\n`);
    return r.code === "USER_NOT_FOUND" ? 3 : 1;
  }
  const n = Object.values(r.value.deleted).reduce((a, b) => a + b, 0);
  process.stderr.write(`deleted ${r.value.name} and ${n} records of theirs\n`);
  return 0;
}
