# Litestream's retention from BACKUP_RETENTION_DAYS, for litestream.yml (decision 045). Sourced by
# docker-start.sh before Litestream starts. Go durations have no days, so litestream.yml's
# `retention` reads LITESTREAM_RETENTION in hours. Unset, the server's default (app/core/env.server.ts,
# which validates the same variable at start; tests/integration/account-deletion.test.ts checks
# that the two defaults agree). A value the shell cannot count with stops the start here: Litestream
# would otherwise keep the backups for a wrong time while the server refused to start.
BACKUP_RETENTION_DAYS="${BACKUP_RETENTION_DAYS:-7}"
case "$BACKUP_RETENTION_DAYS" in
  '' | *[!0-9]* | 0*)
    echo "BACKUP_RETENTION_DAYS must be a whole number of days from 1 (got \"$BACKUP_RETENTION_DAYS\")" >&2
    exit 1
    ;;
esac
LITESTREAM_RETENTION="$((BACKUP_RETENTION_DAYS * 24))h"
export BACKUP_RETENTION_DAYS LITESTREAM_RETENTION
