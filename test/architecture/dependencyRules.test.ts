import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

// `npm run deps` (part of `npm run check`) is the layout's guard: this plants one violation of each
// rule in src/ and checks that the very command the check runs fails on each, naming the rule.
const root = path.resolve(import.meta.dirname, "../..");
const bin = path.join(root, "node_modules/dependency-cruiser/bin/dependency-cruiser.mjs");
const run = promisify(execFile);

async function cruise(): Promise<{ code: number; out: string }> {
  try {
    const r = await run(
      process.execPath,
      [bin, "src", "--config", ".dependency-cruiser.cjs", "--output-type", "err"],
      {
        cwd: root,
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    return { code: 0, out: r.stdout + r.stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, out: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}

const tag = randomUUID().slice(0, 8);
const planted: string[] = [];
function plant(rel: string, text: string, folder?: string): string {
  const file = path.join(root, rel);
  if (folder) {
    mkdirSync(path.join(root, folder));
    planted.push(path.join(root, folder));
  }
  writeFileSync(file, text);
  planted.push(file);
  return rel;
}

afterAll(() => {
  for (const f of planted) rmSync(f, { force: true, recursive: true });
});

describe("dependency rules (npm run deps)", () => {
  it("fails on a planted violation of each rule and names it", async () => {
    const pure = plant(
      `src/extract/plantedNetwork_${tag}.ts`,
      `import { fetchPage } from "../fetcher/fetchPage.ts";\nexport const planted = fetchPage;\n`,
    );
    const api = plant(
      `src/api/plantedRepo_${tag}.ts`,
      `import { UsersRepo } from "../storage/users.repo.ts";\nexport const planted = UsersRepo;\n`,
    );
    const db = plant(
      `src/services/plantedSql_${tag}.ts`,
      `import { sql } from "kysely";\nexport const planted = sql;\n`,
    );
    const family = plant(
      `src/services/kitchen/plantedFamily_${tag}.ts`,
      `import { UsersService } from "../users/users.service.ts";\nexport const planted = UsersService;\n`,
    );
    const shared = plant(
      `src/services/shared/plantedFamily_${tag}.ts`,
      `import { createUsers } from "../users/index.ts";\nexport const planted = createUsers;\n`,
    );
    const apiInside = plant(
      `src/api/plantedFamilyFile_${tag}.ts`,
      `import { UsersService } from "../services/users/users.service.ts";\nexport const planted = UsersService;\n`,
    );
    const apiOther = plant(
      `src/api/plans/plantedOtherFamily_${tag}.ts`,
      `import { createUsers } from "../../services/users/index.ts";\nexport const planted = createUsers;\n`,
    );
    // A new HTTP folder uses no family until .dependency-cruiser.cjs names the ones it is handed.
    const apiUnnamed = plant(
      `src/api/plantedFolder_${tag}/planted.routes.ts`,
      `import { createUsers } from "../../services/users/index.ts";\nexport const planted = createUsers;\n`,
      `src/api/plantedFolder_${tag}`,
    );
    const queue = plant(
      `src/queue/plantedFamily_${tag}.ts`,
      `import { TASK_JOB } from "../services/tasks/taskJob.ts";\nexport const planted = TASK_JOB;\n`,
    );
    const a = plant(
      `src/domain/plantedCircleA_${tag}.ts`,
      `import { b } from "./plantedCircleB_${tag}.ts";\nexport const a = () => b;\n`,
    );
    plant(
      `src/domain/plantedCircleB_${tag}.ts`,
      `import { a } from "./plantedCircleA_${tag}.ts";\nexport const b = () => a;\n`,
    );

    const web = plant(
      `src/web/app/plantedServer_${tag}.ts`,
      `import { Ladle } from "../../app/ladle.ts";\nexport const planted = Ladle;\n`,
    );

    const r = await cruise();
    expect(r.code).not.toBe(0);
    expect(r.out).toMatch(new RegExp(`web-app-is-a-client: ${web}`));
    expect(r.out).toMatch(new RegExp(`pure-layers-stay-pure: ${pure}`));
    expect(r.out).toMatch(new RegExp(`adapters-go-through-services: ${api}`));
    expect(r.out).toMatch(new RegExp(`only-storage-talks-to-the-database: ${db}`));
    expect(r.out).toMatch(new RegExp(`no-circular: ${a}`));
    expect(r.out).toMatch(new RegExp(`families-meet-through-their-index: ${family}`));
    expect(r.out).toMatch(new RegExp(`shared-knows-no-family: ${shared}`));
    expect(r.out).toMatch(new RegExp(`api-meets-families-through-their-index: ${apiInside}`));
    expect(r.out).toMatch(new RegExp(`api-folder-uses-its-family: ${apiOther}`));
    expect(r.out).toMatch(new RegExp(`api-folder-uses-its-family: ${apiUnnamed}`));
    expect(r.out).toMatch(new RegExp(`queue-knows-no-family: ${queue}`));
  });
});
