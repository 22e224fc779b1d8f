import type { ColumnType } from "kysely";

// Column types shared by the table declarations (schema.ts, kitchenTables.ts).
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type Json<T = unknown> = ColumnType<T, string, string>;
