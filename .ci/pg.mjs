// Tiny helper for .ci/run: ping the local PostgreSQL server, create or drop a throwaway database.
import pg from "pg";

const [cmd, name] = process.argv.slice(2);
const client = new pg.Client({
  connectionString: "postgres://postgres@127.0.0.1:5432/postgres",
  connectionTimeoutMillis: 3000,
});
await client.connect();
try {
  if (cmd === "create") await client.query(`CREATE DATABASE "${name}"`);
  else if (cmd === "drop") await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  else await client.query("SELECT 1");
} finally {
  await client.end();
}
