// The structured data's graph as the schema.org readers walk it: a node, the graph's nodes by their
// @id, a value's first item and a bare reference's node (shared by schemaRecipe.ts and schemaAuthor.ts).

export type Node = Record<string, unknown>;

export interface MapContext {
  baseUrl: string;
  byId: Map<string, Node>;
}

/** A list's first item, or the value itself. */
export const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);

/** The node a bare `{"@id": …}` reference points at; any other value as it is. */
export function deref(v: unknown, ctx: MapContext): unknown {
  if (v && typeof v === "object" && !Array.isArray(v)) {
    const id = (v as Node)["@id"];
    if (typeof id === "string" && Object.keys(v).length === 1) return ctx.byId.get(id) ?? v;
  }
  return v;
}
