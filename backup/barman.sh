#!/bin/sh
# Barman in docker-compose.yml, set up as `npm start` sets it up (services/src/backup/barman.ts: the same server
# settings, checked by tests/infra/compose-backup.test.ts). It runs as `postgres`, in the database's image
# (backup/Dockerfile), with the database's data directory mounted read-only where the server has it (local-rsync
# copies it from there) and the `backup-data` volume at /backup, where the server archives its WAL.
#
#   fanmission-backup schedule                  every minute: archived WAL into the archive, retention; a base
#                                               backup when none is younger than BACKUP_INTERVAL_HOURS (default)
#   fanmission-backup backup                    a base backup now, verified
#   fanmission-backup restore [--target-time T] the newest base backup before T and the WAL up to T (to the end of
#                                               the archive without T) into the empty data directory
#
# The connection comes from libpq's variables (PGHOST, PGUSER, PGPASSWORD, PGDATABASE).
set -eu

BACKUP_DIR=/backup
PGDATA=${PGDATA:-/var/lib/postgresql/data}
INTERVAL_HOURS=${BACKUP_INTERVAL_HOURS:-24}
RETENTION_DAYS=${BACKUP_RETENTION_DAYS:-7}
CONFIG=/tmp/barman.conf

cat > "$CONFIG" <<CONF
[barman]
barman_home = $BACKUP_DIR
barman_user = postgres
log_file = $BACKUP_DIR/barman.log
log_level = WARNING
compression = gzip

[fanmission]
description = Fanmission's database
conninfo = dbname=postgres
backup_method = local-rsync
backup_options = concurrent_backup
immediate_checkpoint = true
archiver = on
reuse_backup = link
retention_policy = RECOVERY WINDOW OF $RETENTION_DAYS DAYS
wal_retention_policy = main
retention_policy_mode = auto
minimum_redundancy = 1
CONF
chmod 600 "$CONFIG"
barman() { command barman -c "$CONFIG" "$@"; }

# A base backup, its WAL checked complete (`check-backup`), then retention (`cron`) and the server's check.
backup_now() {
  barman backup --wait --wait-timeout 600 fanmission || return 1
  latest=$(barman list-backups --minimal fanmission | head -n 1)
  barman check-backup fanmission "$latest" || return 1
  barman cron || true
  barman check fanmission || echo 'fanmission-backup: barman check found a problem (above)' >&2
}

case "${1:-schedule}" in
  schedule)
    last_backup_marker="$BACKUP_DIR/last-base-backup"
    while true; do
      barman cron || true
      if [ -z "$(find "$last_backup_marker" -mmin "-$((INTERVAL_HOURS * 60))" 2>/dev/null)" ]; then
        if backup_now; then touch "$last_backup_marker"; fi
      fi
      sleep 60
    done
    ;;
  backup)
    backup_now || exit 1
    touch "$BACKUP_DIR/last-base-backup"
    ;;
  restore)
    shift
    if [ -n "$(ls -A "$PGDATA" 2>/dev/null)" ]; then
      echo "fanmission-backup: $PGDATA is not empty: restore into a new volume (docs/operations.md)" >&2
      exit 1
    fi
    barman archive-wal fanmission
    if [ "${1:-}" = "--target-time" ] && [ -n "${2:-}" ]; then
      barman restore --target-time "$2" --target-action promote fanmission auto "$PGDATA"
    else
      barman restore --target-tli latest fanmission latest "$PGDATA"
    fi
    echo "fanmission-backup: restored into $PGDATA; PostgreSQL replays the WAL at its next start"
    ;;
  *)
    echo "usage: fanmission-backup schedule|backup|restore [--target-time <time>]" >&2
    exit 2
    ;;
esac
