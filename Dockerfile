# Ladle: API, worker and web UI. Not built or run in this repository's CI (no container engine there).
FROM node:24-bookworm-slim
# Debian's chromium for `render: auto|always` (playwright-core drives /usr/bin/chromium).
RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium ca-certificates fonts-dejavu-core tini \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
# bin/ first: the install runs bin/prepareEmbedded.js (which waits for the sources, copied after).
COPY bin ./bin
RUN npm ci --omit=dev --no-audit --no-fund
COPY src ./src
# The fresh embedded database a new data directory starts from (see bin/prepareEmbedded.js).
RUN node bin/prepareEmbedded.js
# MALLOC_ARENA_MAX, MALLOC_MMAP_THRESHOLD_: glibc's malloc in two arenas, blocks from 1 MiB mapped
# on their own (bin/serverMalloc.js: bin/ladle.js sets both for `ladle serve` elsewhere).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=1048576 \
    HOST=0.0.0.0 \
    PORT=3000 \
    LOG_FORMAT=json
USER node
EXPOSE 3000
# tini forwards SIGTERM so `ladle serve` shuts down gracefully (jobs finish or are released).
ENTRYPOINT ["/usr/bin/tini", "--", "node", "--max-semi-space-size=4", "--liftoff-only", "bin/ladle.js", "serve"]
CMD ["--role", "all"]
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
