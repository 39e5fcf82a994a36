#!/usr/bin/env bash
# Restores a backup made by backup.sh into an empty PostgreSQL database and an empty file store folder.
#
#   DATABASE_URL=postgres://… FILE_STORE_DIR=/var/lib/afterwards/files restore.sh --from DIR [--force]
#
# Stop the API and workers first, and use the API's own DATABASE_URL: the restored tables belong to
# the account that restores them. A database with any table in it, or a folder with anything in it, is
# refused; --force empties both first (every schema in that database is dropped). Afterwards, start the
# API with the same FILE_STORE_KEY and AUTH_SECRET as when the backup was made.
#
# Needs pg_restore, psql, tar and sha256sum, of the server's major version.
set -euo pipefail

usage() {
  sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
}

from=""
force=false
while [ $# -gt 0 ]; do
  case "$1" in
    --from) from=${2:?--from needs a backup folder}; shift 2 ;;
    --from=*) from=${1#--from=}; shift ;;
    --force) force=true; shift ;;
    -h | --help) usage; exit 0 ;;
    *) echo "restore: unknown argument $1" >&2; usage >&2; exit 2 ;;
  esac
done
[ -n "$from" ] || { usage >&2; exit 2; }
: "${DATABASE_URL:?restore: set DATABASE_URL to the database to restore into}"
# shellcheck source-path=SCRIPTDIR source=pg-connection.sh
source "$(dirname "${BASH_SOURCE[0]}")/pg-connection.sh"
need_files_dir_and_tools restore pg_restore psql tar sha256sum
# How far a new server's transaction counter is moved forward here (about 250,000 a second on a small
# machine); beyond it the operator moves it once with pg_resetwal, as the refusal explains.
advance_limit=${RESTORE_XACT_ADVANCE_LIMIT:-100000000}

# 1. The backup is whole and unchanged.
for f in manifest.json database.dump files.tar SHA256SUMS; do
  [ -f "$from/$f" ] || { echo "restore: $from/$f is missing: not a backup made by backup.sh" >&2; exit 1; }
done
if ! (cd "$from" && sha256sum --check --quiet --strict SHA256SUMS); then
  echo "restore: $from does not match its SHA256SUMS: the backup is damaged" >&2
  exit 1
fi
source_next=$(sed -n 's/.*"nextTransactionId": *"\([0-9]*\)".*/\1/p' "$from/manifest.json")
[[ $source_next =~ ^[0-9]+$ ]] || { echo "restore: $from/manifest.json has no nextTransactionId" >&2; exit 1; }

# 2. Nothing is overwritten unless asked.
tables=$(sql "SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
              WHERE n.nspname <> 'information_schema' AND n.nspname !~ '^pg_'")
files_present=false
if [ -d "$files_dir" ] && [ -n "$(find "$files_dir" -mindepth 1 -maxdepth 1 -print -quit)" ]; then files_present=true; fi
if ! $force && { [ "$tables" -gt 0 ] || $files_present; }; then
  [ "$tables" -gt 0 ] && echo "restore: the database is not empty ($tables tables, indexes and sequences)" >&2
  $files_present && echo "restore: $files_dir is not empty" >&2
  echo "restore: refusing to overwrite; restore into a new database and folder, or add --force to empty them first" >&2
  exit 1
fi

# 3. Events are ordered by the transaction that wrote them, and readers only see transactions below
#    the oldest one still running (decision 0001). On a server whose counter is behind the backup's,
#    the restored events would stay unseen and new ones would sort before them, so the counter is moved
#    past the backup's first. A new database on the same server never needs this.
behind=$(sql "SELECT greatest(0, '$source_next'::numeric - pg_snapshot_xmax(pg_current_snapshot())::text::numeric)")
if [ "$behind" != "0" ]; then
  if [ "$behind" -gt "$advance_limit" ]; then
    epoch=$(( source_next >> 32 ))
    cat >&2 <<MSG
restore: this PostgreSQL server's transaction counter is $behind behind the backup's ($source_next).
restore: Nothing was changed. On a new server, stop PostgreSQL and run, as its owner:
restore:   pg_resetwal -e $(( epoch + 1 )) "\$PGDATA"
restore: (it starts the counter at a later epoch; nothing else changes), start it again and restore again.
restore: Or set RESTORE_XACT_ADVANCE_LIMIT above $behind to have this script move it (slowly).
MSG
    exit 1
  fi
  echo "restore: moving the server's transaction counter forward by $behind (it is behind the backup's)"
  psql -X -q -w -v ON_ERROR_STOP=1 -d "$db_url" <<SQL
SET synchronous_commit = off;
DO \$\$
BEGIN
  WHILE pg_snapshot_xmax(pg_current_snapshot()) < '$source_next'::xid8 LOOP
    PERFORM pg_current_xact_id();
    COMMIT;
  END LOOP;
END
\$\$;
SQL
fi

# 4. The database.
if $force; then
  echo "restore: --force: dropping every schema in the database"
  psql -X -q -w -v ON_ERROR_STOP=1 -d "$db_url" <<'SQL'
SET client_min_messages = warning;
BEGIN;
DO $$
DECLARE s text;
BEGIN
  FOR s IN SELECT nspname FROM pg_namespace WHERE nspname <> 'information_schema' AND nspname !~ '^pg_' LOOP
    EXECUTE format('DROP SCHEMA %I CASCADE', s);
  END LOOP;
END
$$;
-- public as a new database has it (PostgreSQL 15 and later).
CREATE SCHEMA public AUTHORIZATION pg_database_owner;
GRANT USAGE ON SCHEMA public TO PUBLIC;
COMMIT;
SQL
fi
# Roles are shared by the whole server and not in a dump: create the product's (as its migration
# identity/0002 does) so the restored grants and row-level security have them on a new server.
psql -X -q -w -v ON_ERROR_STOP=1 -d "$db_url" <<'SQL'
SET client_min_messages = warning;
DO $$
BEGIN
  BEGIN
    CREATE ROLE afterwards_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
  EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
  END;
  BEGIN
    CREATE ROLE afterwards_admin NOLOGIN NOSUPERUSER NOBYPASSRLS;
  EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
  END;
END
$$;
DO $$
BEGIN
  EXECUTE format('GRANT afterwards_app, afterwards_admin TO %I', current_user);
EXCEPTION WHEN OTHERS THEN NULL; -- a superuser, or already a member
END
$$;
SQL
echo "restore: restoring the database"
# One transaction: a failed restore leaves the database as empty as it was. --no-owner: everything
# belongs to the restoring account, which must be the one the API connects as.
pg_restore --no-owner --single-transaction --exit-on-error --no-password --dbname "$db_url" "$from/database.dump"

# 5. The files, with their owner and modes when run as root (the image's API runs as uid 1000).
echo "restore: restoring the file store"
mkdir -p "$files_dir"
if $force; then find "$files_dir" -mindepth 1 -delete; fi
tar --extract --file "$from/files.tar" --directory "$files_dir" --numeric-owner

# 6. Every restored event can be read by the projections.
hidden=$(sql "SELECT CASE WHEN to_regclass('public.events') IS NULL THEN 0 ELSE
                (SELECT count(*) FROM events WHERE tx_id >= pg_snapshot_xmax(pg_current_snapshot())) END")
if [ "$hidden" != "0" ]; then
  echo "restore: $hidden restored events have transaction ids the server has not reached; see the advice above" >&2
  exit 1
fi
events=$(sql "SELECT CASE WHEN to_regclass('public.events') IS NULL THEN 0 ELSE (SELECT count(*) FROM events) END")
files=$(tar --list --file "$from/files.tar" | grep -cv '/$' || true)
echo "restore: restored $events events and $files files from $from"
echo "restore: start the API with the same FILE_STORE_KEY and AUTH_SECRET; 'node tools/dist/cli.js rebuild' then checks the read models"
