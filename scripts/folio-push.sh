#!/bin/sh
# folio-push.sh — push documentation to a Folio (or ShowDoc) project from CI, through its open API.
#
#   folio-push.sh markdown <folder> [catalog]   one page per .md file: catalog = [catalog/]folder path,
#                                               title = file name without .md (pages are upserted by title)
#   folio-push.sh comments <folder>             the /** showdoc @title … */ comments of a source tree,
#                                               one call per file (open/fromComments)
#
# Settings (environment):
#   FOLIO_URL        the site, e.g. http://localhost:4999 (no trailing slash)
#   FOLIO_API_KEY    the project's api_key   (project menu → Open API)
#   FOLIO_API_TOKEN  the project's api_token
#
# Needs only a POSIX shell, find, awk, sed and curl. Exits non-zero when any file was refused.
set -eu

usage() {
  echo "usage: $0 markdown <folder> [catalog] | comments <folder>" >&2
  exit 2
}

[ $# -ge 2 ] || usage
mode=$1
root=${2%/}
prefix=${3:-}
: "${FOLIO_URL:?set FOLIO_URL, e.g. http://localhost:4999}"
: "${FOLIO_API_KEY:?set FOLIO_API_KEY}"
: "${FOLIO_API_TOKEN:?set FOLIO_API_TOKEN}"
[ -d "$root" ] || { echo "not a folder: $root" >&2; exit 2; }

api="${FOLIO_URL%/}/server/index.php?s=/api"
failures=0
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT INT TERM

# Every value goes through --data-urlencode, so '&', '+' and newlines arrive as written.
push_markdown() {
  file=$1
  rel=${file#"$root"/}
  dir=$(dirname "$rel")
  [ "$dir" = "." ] && dir=""
  cat_name=$prefix
  if [ -n "$dir" ]; then cat_name=${cat_name:+$cat_name/}$dir; fi
  title=$(basename "$rel" .md)
  answer=$(curl -sS -X POST "$api/open/updatePage" \
    --data-urlencode "api_key=$FOLIO_API_KEY" \
    --data-urlencode "api_token=$FOLIO_API_TOKEN" \
    --data-urlencode "cat_name=$cat_name" \
    --data-urlencode "page_title=$title" \
    --data-urlencode "page_content@$file") || answer="curl failed"
  case $answer in
    *'"error_code":0'*) echo "ok      $rel" ;;
    *) echo "failed  $rel: $answer" >&2; failures=$((failures + 1)) ;;
  esac
}

# The /** … */ blocks that mention showdoc and @title, '&' written as ShowDoc's script writes it.
comment_blocks() {
  awk '
    /\/\*\*/ { inside = 1; block = "" }
    inside { block = block $0 "\n" }
    inside && /\*\// { inside = 0; if (block ~ /showdoc/ && block ~ /@title/) printf "%s", block }
  ' "$1" | sed 's/&/_this_and_change_/g'
}

# A file without NUL bytes is taken for text.
is_text() {
  tr -d '\000' <"$1" | cmp -s - "$1"
}

push_comments() {
  file=$1
  rel=${file#"$root"/}
  comment_blocks "$file" >"$tmp"
  [ -s "$tmp" ] || return 0
  answer=$(curl -sS -X POST "$api/open/fromComments" \
    --data-urlencode "from=shell" \
    --data-urlencode "api_key=$FOLIO_API_KEY" \
    --data-urlencode "api_token=$FOLIO_API_TOKEN" \
    --data-urlencode "content@$tmp") || answer="curl failed"
  case $answer in
    *成功*) echo "ok      $rel" ;;
    *) echo "failed  $rel: $answer" >&2; failures=$((failures + 1)) ;;
  esac
}

case $mode in
  markdown)
    list=$(find "$root" -type f -name '*.md' | LC_ALL=C sort)
    ;;
  comments)
    # Text files up to 1 MB (2048 blocks of 512 bytes), as ShowDoc's script reads; vendored folders skipped.
    list=$(find "$root" -type d \( -name .git -o -name node_modules \) -prune -o -type f -size -2049 -print | LC_ALL=C sort)
    ;;
  *) usage ;;
esac

# One name per line; names with a newline in them are not supported. No globbing of the names.
set -f
old_ifs=$IFS
IFS='
'
for file in $list; do
  IFS=$old_ifs
  if [ "$mode" = markdown ]; then
    push_markdown "$file"
  elif is_text "$file"; then
    push_comments "$file"
  fi
done
IFS=$old_ifs

if [ "$failures" -gt 0 ]; then
  echo "$failures file(s) failed" >&2
  exit 1
fi
