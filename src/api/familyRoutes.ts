import type { Ladle } from "../app/ladle.ts";
import type { Gate } from "./auth.ts";
import type { LazyFamily } from "./lazyRoutes.ts";

/**
 * Each family's routes, by the paths they answer under and how to load them (lazyRoutes.ts): an
 * API process loads a family's routes, schemas and words with the first request for it, not at
 * start (issue 51). app.ts mounts each where its `app.route()` stood.
 */
export function familyRoutes(ladle: Ladle, gate: Gate) {
  const { shared, users, backups, imports, tasks, recipes, kitchen, search, articles, items } =
    ladle.families;
  const { parseRequests, collections, webhooks, share, captures, feeds, archives, highlights } =
    ladle.families;
  return {
    sharedPage: {
      under: ["/shared"],
      load: async () => {
        const { sharedPageRoutes } = await import("./shares/shares.routes.ts");
        return (r) => {
          r.route("/", sharedPageRoutes(kitchen));
        };
      },
    },
    parseRequests: {
      under: ["/api/parse-requests"],
      load: async () => {
        const { parseRequestsRoutes } = await import("./parseRequests/parseRequests.routes.ts");
        return (r) => {
          r.route("/api/parse-requests", parseRequestsRoutes(parseRequests, shared));
        };
      },
    },
    shareTarget: {
      under: ["/share"],
      load: async () => {
        const { shareTargetRoutes } = await import("./share/share.routes.ts");
        return (r) => {
          r.route("/", shareTargetRoutes(share));
        };
      },
    },
    signIn: {
      under: ["/api/session"],
      load: async () => {
        const { signInRoutes } = await import("./session/session.routes.ts");
        return (r) => {
          r.route("/api/session", signInRoutes(users, ladle.config));
        };
      },
    },
    welcome: {
      under: ["/api/welcome"],
      load: async () => {
        const { welcomeRoutes } = await import("./household/household.routes.ts");
        return (r) => {
          r.route("/api/welcome", welcomeRoutes(users, ladle.config));
        };
      },
    },
    session: {
      under: ["/api/session"],
      load: async () => {
        const [{ sessionsRoutes }, { sessionRoutes }] = await Promise.all([
          import("./household/household.routes.ts"),
          import("./session/session.routes.ts"),
        ]);
        return (r) => {
          r.route("/api/session/sessions", sessionsRoutes(users));
          r.route("/api/session", sessionRoutes(users, ladle.config));
        };
      },
    },
    tasks: {
      under: ["/api/tasks"],
      load: async () => {
        const [{ tasksRoutes }, { duplicatesRoutes }] = await Promise.all([
          import("./tasks/tasks.routes.ts"),
          import("./duplicates/duplicates.routes.ts"),
        ]);
        return (r) => {
          r.route("/api/tasks", tasksRoutes(tasks, shared));
          r.route("/api/tasks", duplicatesRoutes(tasks));
        };
      },
    },
    ops: {
      under: ["/api/ops"],
      load: async () => {
        const { opsRoutes } = await import("./ops/ops.routes.ts");
        return (r) => {
          r.route("/api/ops", opsRoutes(ladle, shared, parseRequests));
        };
      },
    },
    backups: {
      under: ["/api/backups"],
      load: async () => {
        const { backupsRoutes } = await import("./backups/backups.routes.ts");
        return (r) => {
          r.route("/api/backups", backupsRoutes(backups, ladle.config));
        };
      },
    },
    storage: {
      under: ["/api/storage"],
      load: async () => {
        const { storageRoutes } = await import("./storage/storage.routes.ts");
        return (r) => {
          r.route("/api/storage", storageRoutes(backups));
        };
      },
    },
    recipes: {
      under: ["/api/recipes"],
      load: async () => {
        const { recipesRoutes } = await import("./recipes/recipes.routes.ts");
        return (r) => {
          r.route("/api/recipes", recipesRoutes(recipes, tasks));
        };
      },
    },
    prompts: {
      under: ["/api/prompts"],
      load: async () => {
        const { promptsRoutes } = await import("./prompts/prompts.routes.ts");
        return (r) => {
          r.route("/api/prompts", promptsRoutes(shared));
        };
      },
    },
    discovery: {
      under: ["/api/discovery", "/api/tasks"],
      load: async () => {
        const { discoveryRoutes } = await import("./discovery/discovery.routes.ts");
        return (r) => {
          r.route("/api", discoveryRoutes(tasks, shared));
        };
      },
    },
    normalize: {
      under: ["/api/tasks", "/api/recipes"],
      load: async () => {
        const { normalizeRoutes } = await import("./normalize/normalize.routes.ts");
        return (r) => {
          r.route("/api", normalizeRoutes(tasks));
        };
      },
    },
    refresh: {
      under: ["/api/recipes"],
      load: async () => {
        const { refreshRoutes } = await import("./refresh/refresh.routes.ts");
        return (r) => {
          r.route("/api", refreshRoutes(tasks));
        };
      },
    },
    share: {
      under: ["/api/share"],
      load: async () => {
        const { shareRoutes } = await import("./share/share.routes.ts");
        return (r) => {
          r.route("/api/share", shareRoutes(share));
        };
      },
    },
    captures: {
      under: ["/api/captures"],
      load: async () => {
        const { capturesRoutes } = await import("./captures/captures.routes.ts");
        return (r) => {
          r.route("/api/captures", capturesRoutes(captures));
        };
      },
    },
    libraries: {
      under: ["/api/libraries"],
      load: async () => {
        const { librariesRoutes } = await import("./libraries/libraries.routes.ts");
        return (r) => {
          r.route("/api/libraries", librariesRoutes(users));
        };
      },
    },
    users: {
      under: ["/api/users"],
      load: async () => {
        const [{ peopleAdminRoutes }, { usersRoutes }, { personDataRoutes }] = await Promise.all([
          import("./household/household.routes.ts"),
          import("./users/users.routes.ts"),
          import("./users/personData.routes.ts"),
        ]);
        return (r) => {
          r.route("/api/users", peopleAdminRoutes(users));
          r.route("/api/users", usersRoutes(users));
          r.route("/api/users", personDataRoutes(users));
        };
      },
    },
    plans: {
      under: ["/api/plans"],
      load: async () => {
        const { plansRoutes } = await import("./plans/plans.routes.ts");
        return (r) => {
          r.route("/api/plans", plansRoutes(kitchen));
        };
      },
    },
    shopping: {
      under: ["/api/shopping-lists", "/api/pantry"],
      load: async () => {
        const { shoppingRoutes, pantryRoutes } = await import("./shopping/shopping.routes.ts");
        return (r) => {
          r.route("/api/shopping-lists", shoppingRoutes(kitchen, users));
          r.route("/api/pantry", pantryRoutes(kitchen));
        };
      },
    },
    shares: {
      under: ["/api/recipe-shares"],
      load: async () => {
        const { sharesRoutes } = await import("./shares/shares.routes.ts");
        return (r) => {
          r.route("/api/recipe-shares", sharesRoutes(kitchen));
        };
      },
    },
    search: {
      under: ["/api/search"],
      load: async () => {
        const { searchRoutes } = await import("./search/search.routes.ts");
        return (r) => {
          r.route("/api/search", searchRoutes(search));
        };
      },
    },
    webhooks: {
      under: ["/api/webhooks"],
      load: async () => {
        const { webhooksRoutes } = await import("./webhooks/webhooks.routes.ts");
        return (r) => {
          r.route("/api/webhooks", webhooksRoutes(webhooks));
        };
      },
    },
    feeds: {
      under: ["/api/feeds"],
      load: async () => {
        const { feedsRoutes } = await import("./feeds/feeds.routes.ts");
        return (r) => {
          r.route("/api/feeds", feedsRoutes(feeds));
        };
      },
    },
    archives: {
      under: ["/api/archives"],
      load: async () => {
        const { archivesRoutes } = await import("./archives/archives.routes.ts");
        return (r) => {
          r.route("/api/archives", archivesRoutes(archives));
        };
      },
    },
    highlights: {
      under: ["/api/highlights"],
      load: async () => {
        const { highlightsRoutes } = await import("./highlights/highlights.routes.ts");
        return (r) => {
          r.route("/api/highlights", highlightsRoutes(highlights));
        };
      },
    },
    items: {
      under: ["/api/v1/items"],
      load: async () => {
        const { itemsRoutes } = await import("./items/items.routes.ts");
        return (r) => {
          r.route("/api/v1/items", itemsRoutes(items, shared));
        };
      },
    },
    collections: {
      under: ["/api/collections"],
      load: async () => {
        const { collectionsRoutes } = await import("./collections/collections.routes.ts");
        return (r) => {
          r.route("/api/collections", collectionsRoutes(collections));
        };
      },
    },
    images: {
      under: ["/api/images"],
      load: async () => {
        const { imagesRoutes } = await import("./media/media.routes.ts");
        const sources = {
          recipes: recipes.recipes,
          collections: collections.collections,
          tasks: tasks.tasks,
        };
        return (r) => {
          r.route("/api/images", imagesRoutes(articles, sources));
        };
      },
    },
    media: {
      under: ["/media"],
      load: async () => {
        const { mediaRoutes } = await import("./media/media.routes.ts");
        return (r) => {
          r.route("/media", mediaRoutes(articles, shared));
        };
      },
    },
    archivePage: {
      under: ["/archives"],
      load: async () => {
        const { archivePageRoutes } = await import("./archives/archives.routes.ts");
        return (r) => {
          r.route("/archives", archivePageRoutes(archives));
        };
      },
    },
    imports: {
      under: ["/v1"],
      load: async () => {
        const { importsRoutes } = await import("./imports/imports.routes.ts");
        return (r) => {
          r.route("/v1", importsRoutes(imports));
        };
      },
    },
    mcp: {
      under: ["/mcp"],
      load: async () => {
        const { mcpRoutes } = await import("../mcp/mcpRoutes.ts");
        return (r) => {
          r.route(
            "/mcp",
            mcpRoutes(gate, imports, async (caller) =>
              // The tools' server loads with the first request to /mcp (see mcpRoutes.ts).
              (await import("../mcp/mcpServer.ts")).createMcpServer(ladle, caller),
            ),
          );
        };
      },
    },
  } satisfies Record<string, LazyFamily>;
}
