#!/usr/bin/env bash
# Validates every HTML page of a built site, and its CSS files, with the W3C Nu HTML Checker
# (vnu.jar, from npm's vnu-jar package: `cd tests/browser && npm ci --ignore-scripts`), in one
# JVM. Errors only: the checker's warnings are not reported.
#
# Prints each error (file:line.column: message), then the distinct messages with how many
# times each occurs, and a summary line; the exit code is 1 when there is an error.
#
#   tests/validate/html.sh [SITE_DIR]      (default: public)
set -uo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
site="${1:-public}"
jar="${VNU_JAR:-$here/../browser/node_modules/vnu-jar/build/dist/vnu.jar}"

if [ ! -f "$jar" ]; then
  echo "html: $jar is missing (cd tests/browser && npm ci --ignore-scripts)" >&2
  exit 1
fi
if ! command -v java >/dev/null 2>&1; then
  echo "html: java is missing (apt-get install default-jre-headless)" >&2
  exit 1
fi

pages="$(find "$site" -type f -name '*.html' | wc -l)"
styles="$(find "$site" -type f -name '*.css' | wc -l)"
if [ "$pages" = 0 ]; then
  echo "html: no HTML page in $site" >&2
  exit 1
fi

# --skip-non-html: the folder also holds Markdown twins, XML and scripts, which the checker
# would otherwise report as files it cannot check.
out="$(java -jar "$jar" --skip-non-html --also-check-css --errors-only "$site" 2>&1)"
status=$?
# The checker names files as "file:/abs/path":L.C-L.C; show paths as given.
out="$(sed -E "s#^\"file:$(cd "$site" && pwd)/#\"$site/#" <<<"$out")"
errors=0
if [ -n "$out" ]; then
  echo "$out"
  errors="$(grep -c ': error: \|: fatal: ' <<<"$out")"
  echo "-- distinct messages (count, message):"
  sed -E 's/^"[^"]*":[0-9.-]*: //' <<<"$out" | sort | uniq -c | sort -rn
fi
if [ "$status" != 0 ] && [ "$errors" = 0 ]; then
  # The checker failed without reporting an error in a page (a crash, a bad option).
  echo "html: the checker exited with $status"
  exit 1
fi
echo "html: $pages pages and $styles stylesheets checked, $errors errors"
[ "$errors" = 0 ]
