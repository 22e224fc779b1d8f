import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  hasBrowser,
  launchBrowser,
  openPage,
  screenshot,
  serveApp,
  type ServedApp,
  openFromNav,
} from "../helpers/browser.ts";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";

// The backups folder is a 1 MB tmpfs when this machine lets the test mount one (as root), so the
// screen can be shown a full disk; otherwise a plain folder, and the full-disk step is not checked.
const tmp = mkdtempSync(path.join(os.tmpdir(), "ladle-backups-ui-"));
const dir = path.join(tmp, "backups");
execFileSync("mkdir", ["-p", dir]);
let mounted = false;

let t: TestLadle;
let http: ServedApp;
let browser: Browser | null = null;

beforeAll(async () => {
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", dir], { stdio: "ignore" });
    mounted = true;
  } catch {
    mounted = false;
  }
  t = await startTestLadle({
    worker: false,
    config: { Backups: { Dir: dir, Keep: 3, Schedule: "0 3 * * *" }, Storage: { MaxMegabytesPerPerson: 1 } },
  });
  await t.json("POST", "/api/pantry", { name: "smoked paprika" });
  http = await serveApp(t.app);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  http?.close();
  await t?.close();
  if (mounted) execFileSync("umount", [dir]);
  rmSync(tmp, { recursive: true, force: true });
});

describe.skipIf(!hasBrowser)("backups screen in a browser", () => {
  it("makes a backup, lists it, downloads it; a full disk is said in words and loses nothing", async () => {
    const { page, errors } = await openPage(browser!, { width: 1280, height: 800 });
    await page.goto(`${http.base}/#/`);
    // In the menu under the person's name.
    await openFromNav(page, "Backups");
    await page.getByRole("heading", { name: "Backups" }).waitFor();
    await page.getByText("No backup yet.").waitFor();
    await page.getByText("A backup is made every day at 03:00.").waitFor();

    await page.getByRole("button", { name: "Back up now" }).click();
    const row = page.getByRole("row", { name: /Made by an admin/ });
    await row.waitFor();
    await screenshot(page, "backups-list-1280");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      row.getByRole("button", { name: /Download/ }).click(),
    ]);
    const saved = path.join(tmp, "downloaded.ladle");
    await download.saveAs(saved);
    expect(download.suggestedFilename()).toMatch(/^ladle-.*-manual\.ladle$/);
    const text = gunzipSync(readFileSync(saved)).toString("utf8");
    expect(JSON.parse(text.split("\n")[0]!)).toMatchObject({ ladleBackup: 1 });
    expect(text).toContain("smoked paprika");

    if (mounted) {
      // Fill the disk but for a few kB: the next backup cannot fit.
      const free = Number(statfsSync(dir).bavail) * Number(statfsSync(dir).bsize);
      writeFileSync(path.join(dir, "filler"), Buffer.alloc(Math.max(0, free - 4096)));
      await page.getByRole("button", { name: "Back up now" }).click();
      const alert = page.getByRole("alert");
      await alert.waitFor();
      expect(await alert.textContent()).toMatch(/the disk is full/);
      await screenshot(page, "backups-disk-full-1280");
      // Nothing lost: the earlier backup is still listed, the data still there.
      await page.reload();
      await page.getByRole("row", { name: /Made by an admin/ }).waitFor();
      expect(await page.getByRole("row", { name: /Made by an admin/ }).count()).toBe(1);
      expect((await t.json("GET", "/api/pantry")).body.items.map((i: { name: string }) => i.name)).toContain(
        "smoked paprika",
      );
      rmSync(path.join(dir, "filler"));
    }
    // Words for people, not internal codes.
    expect(await page.getByText(/BACKUP_WRITE_FAILED|ENOSPC|before-upgrade/).count()).toBe(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "backups-list-390");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows what each kind of thing takes, the limit, and everyone's for an admin", async () => {
    const up = await t.app.request("/v1/uploads", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: `Toast\n\nIngredients\n2 slices bread\n\nMethod\n1. Toast it.\n${"Notes. ".repeat(3000)}`,
    });
    expect(up.status).toBe(201);
    await t.ladle.maintenance();
    const { page, errors } = await openPage(browser!, { width: 1280, height: 800 });
    await page.goto(`${http.base}/#/`);
    // In the menu under the person's name.
    await openFromNav(page, "Storage");
    await page.getByRole("heading", { name: "Storage" }).waitFor();
    await page.getByText(/You use .* of your 1\.0 MB\./).waitFor();
    const uploads = page.getByRole("row", { name: /Uploaded files/ }).first();
    expect(await uploads.getByRole("cell").textContent()).toMatch(/kB/);
    await page.getByRole("heading", { name: "Everyone" }).waitFor();
    await page.getByText(/Backups take/).waitFor();
    await page.getByText(/0 expired drafts, 0 old page copies/).waitFor();
    await screenshot(page, "storage-1280");
    expect(await page.getByText(/MaxMegabytes|storage_full|upload\//).count()).toBe(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "storage-390");
    expect(errors).toEqual([]);
    await page.close();
  });
});
