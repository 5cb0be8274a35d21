#!/bin/sh
# Container entry point (Dockerfile CMD). Restores the SQLite database from object storage when the
# volume is empty, then starts the server, under Litestream when a replica is configured.
# See docs/decisions/003-sqlite-litestream-one-machine.md.
set -e

# The script's own folder: /app in the image, the assembled tree in the image rehearsal
# (tests/integration/image-rehearsal.test.ts). db/connection.ts resolves db/migrations from the
# working directory, and the paths below are relative to it.
cd "$(dirname "$0")"

# The app and litestream.yml must agree on the file; give both the image's default.
DATABASE_PATH="${DATABASE_PATH:-/data/tagback.db}"
export DATABASE_PATH

# Never as root: the server, Litestream and the restore run as the unprivileged user `node` (uid and
# gid 1000 in node:24-slim), which owns the database's folder. Fly mounts the volume on /data owned
# by root whatever the image says, so the script starts as root, gives that folder (and every file
# in it: a `-wal` or `-shm` left by a CLI run as root in `fly ssh console` too) to that user, and runs
# the rest of itself as it with setpriv (util-linux, in every Debian image). The ids are numbers,
# not the name, so the image rehearsal (a machine without a `node` user) runs the same line.
# Started as another user already (docker run --user), it goes on as that user.
RUN_AS=1000
if [ "$(id -u)" = "0" ]; then
  data="$(dirname "$DATABASE_PATH")"
  mkdir -p "$data"
  chown -R "$RUN_AS:$RUN_AS" "$data"
  HOME=/home/node
  export HOME
  exec setpriv --reuid="$RUN_AS" --regid="$RUN_AS" --clear-groups --inh-caps=-all -- sh "$(pwd)/$(basename "$0")" "$@"
fi

# Disaster recovery must not vanish without a word: no replica is a refusal to start, unless the
# operator said BACKUP=off (a local `docker run`, a throwaway environment), which is said at start
# and in the app's tagback_backup_off metric.
if [ -z "${LITESTREAM_REPLICA_URL:-}" ]; then
  if [ "${BACKUP:-}" != "off" ]; then
    echo "LITESTREAM_REPLICA_URL is not set: nothing would be backed up. Set it (docs/deploying.md), or set BACKUP=off to run without backups." >&2
    exit 1
  fi
  echo "Backups are off (BACKUP=off): the database is not replicated, and a lost volume loses it."
fi

if [ -n "${LITESTREAM_REPLICA_URL:-}" ]; then
  # How long the replica keeps old snapshots and WAL: BACKUP_RETENTION_DAYS, in hours for litestream.yml.
  . scripts/backup-retention.sh
  # litestream.yml reads LITESTREAM_ENDPOINT and LITESTREAM_REGION. On Fly, `fly storage create`
  # (Tigris) sets AWS_ENDPOINT_URL_S3 and AWS_REGION, so fall back to those; empty means AWS S3.
  LITESTREAM_ENDPOINT="${LITESTREAM_ENDPOINT:-${AWS_ENDPOINT_URL_S3:-}}"
  LITESTREAM_REGION="${LITESTREAM_REGION:-${AWS_REGION:-}}"
  export LITESTREAM_ENDPOINT LITESTREAM_REGION
fi

# A new or replaced volume starts empty. Restore the latest replica before the server starts;
# otherwise the server would create and migrate a fresh, empty database and Litestream would
# start replicating that instead. The script does nothing when the database exists, and lets the
# very first deploy (nothing replicated yet) go on. Any other restore failure stops the start
# (set -e): better a machine that does not start than one that silently serves an empty database.
# The restore drill (tests/integration/restore-drill.test.ts) runs the same script.
if [ -n "${LITESTREAM_REPLICA_URL:-}" ]; then
  sh scripts/litestream-restore.sh litestream.yml
fi

if [ -n "${LITESTREAM_REPLICA_URL:-}" ]; then
  # Litestream runs the server as its child: it streams the WAL while the server runs, passes
  # stop signals on to it, and exits when the server exits, so the machine restarts as a whole.
  exec litestream replicate -config litestream.yml -exec "node server.js"
fi

# BACKUP=off (checked above): serve without replication.
exec node server.js
