#!/usr/bin/env bash
# Validates the XML files of a built site against their published schemas, with xmllint
# (Debian: libxml2-utils):
#
#   - sitemap.xml: a sitemaps.org <urlset> whose <url>s carry <xhtml:link rel="alternate">
#     translations (sitemap-xhtml.xsd = sitemap.xsd + xhtml-link.xsd), or a <sitemapindex>
#     (siteindex.xsd) whose every <sitemap><loc> is a file of the site holding such a urlset;
#   - every **/atom.xml: the RELAX NG schema of RFC 4287 (atom.rng), plus the two rules that
#     the RFC writes as Schematron annotations and xmllint does not run (a feed without an
#     author needs one in every entry; an entry needs an alternate link or a content).
#
# Prints one line per file that fails, with xmllint's messages, and a summary per kind; the
# exit code is 1 when any file failed (or the sitemap is missing), else 0.
#
#   tests/validate/xml.sh [SITE_DIR]      (default: public)
set -uo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
site="${1:-public}"
site="${site%/}"
failed=0

if ! command -v xmllint >/dev/null 2>&1; then
  echo "xml: xmllint is missing (apt-get install libxml2-utils)" >&2
  exit 1
fi

# The local name and namespace of a file's root element, as "name namespace"; empty when the
# file is not well-formed XML.
root_of() {
  local name ns
  name="$(xmllint --xpath 'local-name(/*)' "$1" 2>/dev/null)" || return 0
  ns="$(xmllint --xpath 'namespace-uri(/*)' "$1" 2>/dev/null)"
  echo "$name $ns"
}

# Validates $1 against the XSD $2; prints xmllint's errors (indented) when it fails.
xsd_valid() {
  local out
  if out="$(xmllint --noout --schema "$2" "$1" 2>&1)"; then
    return 0
  fi
  echo "FAILED - $1 against $(basename "$2"):"
  echo "$out" | grep -v ' fails to validate$' | head -n 20 | sed 's/^/    /'
  return 1
}

# --- sitemaps -----------------------------------------------------------------------------
sm_ns="http://www.sitemaps.org/schemas/sitemap/0.9"
urlsets=0
urls=0

# Validates one urlset file; counts it and its <url>s.
check_urlset() {
  local file="$1" root
  root="$(root_of "$file")"
  if [ "$root" != "urlset $sm_ns" ]; then
    echo "FAILED - $file: the root element is not a sitemaps.org <urlset> (got: ${root:-not well-formed XML})"
    xmllint --noout "$file" 2>&1 | head -n 5 | sed 's/^/    /'
    return 1
  fi
  xsd_valid "$file" "$here/sitemap-xhtml.xsd" || return 1
  urlsets=$((urlsets + 1))
  urls=$((urls + $(xmllint --xpath "count(/*/*[local-name()='url'])" "$file")))
}

# The file of the site that a sitemap <loc> names: its path after the host, or, when the site
# lives under a path of its host, the shortest tail of that path that names a file.
file_of_loc() {
  local path="${1#*://*/}"
  while [ -n "$path" ]; do
    if [ -f "$site/$path" ]; then
      echo "$site/$path"
      return 0
    fi
    case "$path" in
      */*) path="${path#*/}" ;;
      *) path="" ;;
    esac
  done
  return 1
}

echo "-- sitemap ($site/sitemap.xml)"
sitemap_failed=0
if [ ! -f "$site/sitemap.xml" ]; then
  echo "FAILED - $site/sitemap.xml does not exist"
  sitemap_failed=1
else
  root="$(root_of "$site/sitemap.xml")"
  case "$root" in
    "urlset $sm_ns")
      check_urlset "$site/sitemap.xml" || sitemap_failed=1
      ;;
    "sitemapindex $sm_ns")
      if xsd_valid "$site/sitemap.xml" "$here/siteindex.xsd"; then
        count="$(xmllint --xpath "count(/*/*[local-name()='sitemap'])" "$site/sitemap.xml")"
        echo "sitemap.xml is a sitemap index of $count sitemaps"
        for ((i = 1; i <= count; i++)); do
          loc="$(xmllint --xpath "normalize-space((/*/*[local-name()='sitemap'])[$i]/*[local-name()='loc'])" "$site/sitemap.xml")"
          if child="$(file_of_loc "$loc")"; then
            check_urlset "$child" || sitemap_failed=1
          else
            echo "FAILED - $site/sitemap.xml names $loc, which is no file of $site"
            sitemap_failed=1
          fi
        done
      else
        sitemap_failed=1
      fi
      ;;
    *)
      echo "FAILED - $site/sitemap.xml: neither a sitemaps.org <urlset> nor a <sitemapindex> (got: ${root:-not well-formed XML})"
      xmllint --noout "$site/sitemap.xml" 2>&1 | head -n 5 | sed 's/^/    /'
      sitemap_failed=1
      ;;
  esac
fi
if [ "$sitemap_failed" = 0 ]; then
  echo "sitemap: valid ($urlsets urlset file(s), $urls urls)"
else
  echo "sitemap: INVALID"
  failed=1
fi

# --- Atom feeds ---------------------------------------------------------------------------
echo "-- Atom feeds ($site/**/atom.xml)"
mapfile -t feeds < <(find "$site" -name atom.xml -type f | sort)
feeds_failed=0
if [ "${#feeds[@]}" -gt 0 ]; then
  # One xmllint for all the feeds: it reads the schema once and says, per file, "validates"
  # or "fails to validate" (or nothing when the file is not well-formed).
  out="$(xmllint --noout --relaxng "$here/atom.rng" "${feeds[@]}" 2>&1)"
  a='namespace-uri()="http://www.w3.org/2005/Atom"'
  for feed in "${feeds[@]}"; do
    problems=""
    if ! grep -qxF "$feed validates" <<<"$out"; then
      problems="$(awk -v p="$feed:" 'index($0, p) == 1' <<<"$out" | head -n 20)"
      [ -n "$problems" ] || problems="$(xmllint --noout "$feed" 2>&1 | head -n 5)"
    else
      # RFC 4287, Appendix B's Schematron rules on atom:feed and atom:entry.
      if [ "$(xmllint --xpath "boolean(/*[local-name()='feed' and $a][not(*[local-name()='author' and $a]) and *[local-name()='entry' and $a][not(*[local-name()='author' and $a])]])" "$feed")" = true ]; then
        problems="an atom:feed must have an atom:author unless all of its atom:entry children have an atom:author"
      fi
      if [ "$(xmllint --xpath "count(//*[local-name()='entry' and $a][not(*[local-name()='link' and $a][@rel='alternate' or not(@rel)] or *[local-name()='content' and $a])])" "$feed")" != 0 ]; then
        problems="${problems:+$problems$'\n'}an atom:entry must have at least one atom:link element with a rel attribute of 'alternate' or an atom:content"
      fi
    fi
    if [ -n "$problems" ]; then
      echo "FAILED - $feed:"
      echo "$problems" | sed 's/^/    /'
      feeds_failed=$((feeds_failed + 1))
    fi
  done
fi
echo "atom: ${#feeds[@]} feed(s) found, $((${#feeds[@]} - feeds_failed)) valid, $feeds_failed invalid"
[ "$feeds_failed" = 0 ] || failed=1

exit "$failed"
