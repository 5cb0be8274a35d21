#!/bin/sh
# Restores the database from its Litestream replica when the database file does not exist (a new or
# replaced volume). docker-start.sh runs it before the server starts; the restore drill
# (tests/integration/restore-drill.test.ts) runs the same script against a local file replica.
#
# Usage: sh scripts/litestream-restore.sh CONFIG
#   CONFIG   litestream.yml, which takes the database and the replica from the environment:
#   DATABASE_PATH, LITESTREAM_REPLICA_URL (s3://BUCKET/PATH, or file:///PATH in the drill) and, for
#   object storage, LITESTREAM_ENDPOINT, LITESTREAM_REGION and the credentials.
#   The `litestream` binary is taken from PATH.
#
# Exit 0: restored, or nothing to do (the database exists, or the replica holds nothing yet: the
# very first deploy). Any other outcome exits non-zero and leaves no database file behind, so the
# caller can refuse to start rather than serve a new, empty database.
set -eu

config="${1:?usage: litestream-restore.sh CONFIG (with DATABASE_PATH and LITESTREAM_REPLICA_URL set)}"
db="${DATABASE_PATH:?DATABASE_PATH is not set}"
: "${LITESTREAM_REPLICA_URL:?LITESTREAM_REPLICA_URL is not set}"

if [ -e "$db" ]; then
  echo "litestream-restore: $db exists, nothing to restore"
  exit 0
fi

dir="$(dirname "$db")"
mkdir -p "$dir"
# Without its database, a -wal or -shm is left over from an earlier file: SQLite would apply that
# WAL's frames to the restored file. Litestream's local state and a half-written restore (.tmp) of
# an earlier attempt describe no existing file either.
rm -rf "$db-wal" "$db-shm" "$db-journal" "$db.tmp" "$db.tmp-wal" "$db.tmp-shm" "$dir/.$(basename "$db")-litestream"

# Litestream writes the snapshot and WAL to $db.tmp and renames it to $db when complete.
litestream restore -if-replica-exists -config "$config" "$db"
# Litestream 0.3 leaves the empty -wal/-shm of its temporary file behind.
rm -f "$db.tmp-wal" "$db.tmp-shm"

if [ -e "$db" ]; then
  echo "litestream-restore: restored $db from $LITESTREAM_REPLICA_URL"
else
  echo "litestream-restore: no replica at $LITESTREAM_REPLICA_URL yet, starting with a new database"
fi
