# shellcheck shell=bash
# Sourced by backup.sh and restore.sh: the connection both use, from DATABASE_URL, and what else both need.
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

# The file store folder as `files_dir` (the product's own default: DATA_DIR/files), and each tool named
# after the script's own name (`$1`, for the messages) installed.
need_files_dir_and_tools() {
  local me=$1
  shift
  files_dir=${FILE_STORE_DIR:-${DATA_DIR:+$DATA_DIR/files}}
  : "${files_dir:?$me: set FILE_STORE_DIR (or DATA_DIR) to the file store folder}"
  for tool in "$@"; do
    command -v "$tool" >/dev/null || { echo "$me: $tool is not installed" >&2; exit 1; }
  done
}
