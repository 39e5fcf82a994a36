#!/usr/bin/env bash
# Backs up Afterwards: the PostgreSQL database (pg_dump, custom format) and the file store (a tar of
# FILE_STORE_DIR), with a manifest of times, sizes and SHA-256 sums. Restore with restore.sh.
#
#   DATABASE_URL=postgres://… FILE_STORE_DIR=/var/lib/afterwards/files backup.sh [--out DIR]
#
# DIR (default backups/afterwards-<UTC time>) must not exist yet, or be empty. The backup is written
# beside it first and moved into place when complete, so a folder by that name is always a whole backup.
#
# Not in the backup, on purpose: FILE_STORE_KEY (every stored file is encrypted under it: keep it
# separately, or the restored files cannot be read) and AUTH_SECRET (it also protects two-step
# verification secrets); Redis (jobs: the sweeps queue again what is due); and KurrentDB's events when
# EVENTSTORE_URL is set (back it up with KurrentDB's own tools at the same time).
#
# Needs pg_dump, psql, tar and sha256sum; pg_dump must be of the server's major version or newer
# (the `ops` target of the Dockerfile is PostgreSQL's own image with these scripts).
set -euo pipefail
# The dump holds personal data in clear (names, e-mail addresses, notes): readable by its owner only.
umask 077

usage() {
  sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
}

out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out=${2:?--out needs a folder}; shift 2 ;;
    --out=*) out=${1#--out=}; shift ;;
    -h | --help) usage; exit 0 ;;
    *) echo "backup: unknown argument $1" >&2; usage >&2; exit 2 ;;
  esac
done

: "${DATABASE_URL:?backup: set DATABASE_URL to the database to back up}"
# shellcheck source-path=SCRIPTDIR source=pg-connection.sh
source "$(dirname "${BASH_SOURCE[0]}")/pg-connection.sh"
need_files_dir_and_tools backup pg_dump psql tar sha256sum

started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
out=${out:-backups/afterwards-$(date -u +%Y%m%dT%H%M%SZ)}
if [ -e "$out" ] && [ -n "$(ls -A "$out")" ]; then
  echo "backup: $out is not empty; give a new folder with --out" >&2
  exit 1
fi
mkdir -p "$(dirname "$out")"
work=$(mktemp -d "$out.partial.XXXXXX")
trap 'rm -rf "$work"' EXIT

if [ -n "${EVENTSTORE_URL:-}" ]; then
  echo "backup: warning: EVENTSTORE_URL is set, so the events are in KurrentDB, which this backup does not hold." >&2
fi

# The database first, then the files: an upload that finishes in between is kept as a file nothing
# refers to, which is harmless. For an exact pair, stop the API and workers while this runs.
echo "backup: dumping the database"
pg_dump --format=custom --no-password --file "$work/database.dump" --dbname "$db_url"
# Every event in the dump was written by a transaction below this number. A restore onto a new
# PostgreSQL server must first move that server's counter past it (restore.sh does; decision 0001 and
# 0020 explain why).
next_xact_id=$(sql 'SELECT pg_snapshot_xmax(pg_current_snapshot())')
server_version=$(sql "SELECT current_setting('server_version')")

echo "backup: archiving the file store"
if [ -d "$files_dir" ]; then
  # .tmp holds partial uploads only, which the API removes at start-up anyway.
  status=0
  tar --create --file "$work/files.tar" --directory "$files_dir" --numeric-owner --exclude=./.tmp . || status=$?
  # 1: a file changed or went while being read (e.g. deleted by Delete Forever meanwhile); the rest is whole.
  if [ "$status" -eq 1 ]; then
    echo "backup: warning: files changed while they were archived (see above)" >&2
  elif [ "$status" -ne 0 ]; then
    exit "$status"
  fi
else
  echo "backup: $files_dir does not exist yet (nothing uploaded): the archive is empty" >&2
  tar --create --file "$work/files.tar" --files-from /dev/null
fi
file_count=$(tar --list --file "$work/files.tar" | grep -cv '/$' || true)

(cd "$work" && sha256sum database.dump files.tar >SHA256SUMS)
sum() { awk -v f="$1" '$2 == f { print $1 }' "$work/SHA256SUMS"; }
size() { stat -c %s "$work/$1"; }
json_string() { local s=${1//\\/\\\\}; printf '"%s"' "${s//\"/\\\"}"; }

cat >"$work/manifest.json" <<JSON
{
  "format": "afterwards-backup/1",
  "startedAt": "$started",
  "finishedAt": "$(date -u +%Y-%m-%dT%H:%M:%SZ)",
  "database": {
    "file": "database.dump",
    "bytes": $(size database.dump),
    "sha256": "$(sum database.dump)",
    "serverVersion": $(json_string "$server_version"),
    "nextTransactionId": "$next_xact_id"
  },
  "files": {
    "file": "files.tar",
    "bytes": $(size files.tar),
    "sha256": "$(sum files.tar)",
    "count": $file_count
  },
  "notIncluded": "FILE_STORE_KEY and AUTH_SECRET (keep them separately: without FILE_STORE_KEY the files cannot be read), Redis, and KurrentDB when EVENTSTORE_URL is set"
}
JSON

# An empty folder given with --out is replaced, so the move is one rename.
if [ -d "$out" ]; then rmdir "$out"; fi
mv "$work" "$out"
trap - EXIT
echo "backup: wrote $out (database $(stat -c %s "$out/database.dump") bytes, $file_count files)"
