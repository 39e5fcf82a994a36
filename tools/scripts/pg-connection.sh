# shellcheck shell=bash
# Sourced by backup.sh and restore.sh: the connection both use, from DATABASE_URL.
# The password goes to libpq through PGPASSWORD, not on a command line where `ps` would show it.
db_url=$DATABASE_URL
if [[ $db_url =~ ^(postgres(ql)?://[^:@/]+):([^@]*)@(.*)$ ]]; then
  pw=${BASH_REMATCH[3]}
  export PGPASSWORD
  PGPASSWORD=$(printf '%b' "${pw//%/\\x}")
  db_url="${BASH_REMATCH[1]}@${BASH_REMATCH[4]}"
fi
export PGCONNECT_TIMEOUT=${PGCONNECT_TIMEOUT:-10}
# One statement, its result unaligned and without headers.
sql() { psql -X -A -t -q -w -v ON_ERROR_STOP=1 -d "$db_url" -c "$1"; }
