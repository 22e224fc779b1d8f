import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("config", () => {
  it("has the spec's defaults", () => {
    const c = loadConfig({ env: {}, file: null });
    expect(c.Ingest).toMatchObject({
      MaxDiscoveryCandidates: 10,
      DraftExpirationDays: 7,
      MaxFetchSizeBytes: 5 * 1024 * 1024,
      ContentCharacterBudget: 60_000,
      RespectRobotsTxt: true,
      MaxArtifactSizeBytes: 1024 * 1024,
      CircuitBreaker: { FailureThreshold: 5, FailureWindowMinutes: 10, BlockDurationMinutes: 30 },
      Guardrail: {
        TokenOverlapWarningThreshold: 40,
        TokenOverlapErrorThreshold: 80,
        NgramSimilarityWarningThreshold: 0.2,
        NgramSimilarityErrorThreshold: 0.35,
        NgramSize: 5,
        AutoRepairOnError: true,
      },
    });
    expect(c.Server).toMatchObject({ Host: "127.0.0.1", Port: 3000, DataDir: "./data" });
    expect(c.Server.DatabaseUrl).toBeUndefined();
    expect(c.Fetch.AllowPrivateHosts).toEqual([]);
  });

  it("reads Section__Key variables and the conventional names", () => {
    const c = loadConfig({
      env: {
        Ingest__DraftExpirationDays: "3",
        Ingest__Guardrail__NgramSize: "4",
        Ingest__RespectRobotsTxt: "false",
        "Llm__PhaseProviders__Ingest.Extract": "Local",
        PORT: "8080",
        DATABASE_URL: "postgres://x@127.0.0.1/db",
        LADLE_ALLOW_PRIVATE_HOSTS: "127.0.0.1, 10.0.0.0/8",
      } as NodeJS.ProcessEnv,
      file: null,
    });
    expect(c.Ingest.DraftExpirationDays).toBe(3);
    expect(c.Ingest.Guardrail.NgramSize).toBe(4);
    expect(c.Ingest.RespectRobotsTxt).toBe(false);
    expect(c.Llm.PhaseProviders["Ingest.Extract"]).toBe("Local");
    expect(c.Server.Port).toBe(8080);
    expect(c.Server.DatabaseUrl).toBe("postgres://x@127.0.0.1/db");
    expect(c.Fetch.AllowPrivateHosts).toEqual(["127.0.0.1", "10.0.0.0/8"]);
  });

  it("reads a JSON file, the environment winning", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "ladle-cfg-"));
    const file = path.join(dir, "ladle.config.json");
    writeFileSync(
      file,
      JSON.stringify({ Ingest: { DraftExpirationDays: 2, CircuitBreaker: { FailureThreshold: 9 } } }),
    );
    const c = loadConfig({ env: { Ingest__DraftExpirationDays: "5" }, file });
    expect(c.Ingest.DraftExpirationDays).toBe(5);
    expect(c.Ingest.CircuitBreaker.FailureThreshold).toBe(9);
    expect(c.Ingest.CircuitBreaker.BlockDurationMinutes).toBe(30);
  });

  it("stops on a bad value with a message naming the key", () => {
    expect(() => loadConfig({ env: { PORT: "eighty" }, file: null })).toThrow(ConfigError);
    expect(() => loadConfig({ env: { PORT: "eighty" }, file: null })).toThrow(/Server:Port/);
    expect(() =>
      loadConfig({ env: { Ingest__Guardrail__NgramSimilarityErrorThreshold: "2" }, file: null }),
    ).toThrow(/Ingest:Guardrail:NgramSimilarityErrorThreshold/);
    expect(() => loadConfig({ env: { Ingest__RespectRobotsTxt: "maybe" }, file: null })).toThrow(
      /Ingest:RespectRobotsTxt/,
    );
  });

  it("stops when a named config file is missing or not JSON", () => {
    expect(() => loadConfig({ env: {}, file: "/nonexistent/ladle.json" })).toThrow(/nonexistent/);
    const dir = mkdtempSync(path.join(os.tmpdir(), "ladle-cfg-"));
    const file = path.join(dir, "bad.json");
    writeFileSync(file, "{ nope");
    expect(() => loadConfig({ env: {}, file })).toThrow(/not valid JSON/);
  });
});
