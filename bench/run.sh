#!/usr/bin/env bash
# The benchmark of issue 8 (not a test: its figures depend on the machine). For each N given
# (default: 1000 10000 100000) it writes the deterministic synthetic map of N papers × 3 locales
# (examples/synthetic/) into $BENCH_DIR/map-N, then measures with the release binary:
#   - the full build into an empty folder: wall time, pages per second, peak RSS;
#   - the rebuild with nothing changed (same folder: no file is rewritten);
#   - with --serve, the save → browser round trip of `papermap serve` after a one-record edit
#     (tests/browser/serve-bench.mjs, median of 11 edits; needs Chromium and npm ci there).
# It prints one Markdown table row per N, as the README's table keeps them.
#
#   bench/run.sh [--serve] [N…]
set -euo pipefail
cd "$(dirname "$0")/.."

serve=false
sizes=()
for arg in "$@"; do
  case "$arg" in
    --serve) serve=true ;;
    *) sizes+=("$arg") ;;
  esac
done
[ "${#sizes[@]}" -gt 0 ] || sizes=(1000 10000 100000)
# In memory (tmpfs) where there is one: on this project's virtual machines the disk takes about
# 30 µs to create a file or a folder (tmpfs: 4–10 µs), which would measure the disk rather than
# papermap. BENCH_DIR=/some/disk/folder measures a disk.
if [ -z "${BENCH_DIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ]; then
  bench_dir=/dev/shm/papermap-bench
else
  bench_dir="${BENCH_DIR:-${TMPDIR:-/tmp}/papermap-bench}"
fi
mkdir -p "$bench_dir"
# A large map's output may not fit in memory beside the build: the output takes about 130 KB a
# paper (13 GB at 100 000 papers), the build about 10 KB a paper, then the search indexer about
# 0.8 GiB (0.95–0.99 GiB at most at 100 000 papers, measured). When they would not fit in what the
# machine has free, the output goes to $BENCH_OUTPUT_DIR (default /var/tmp/papermap-bench, on
# the disk) and the row says so; setting BENCH_OUTPUT_DIR sends every output there.
in_memory=false
[ "$(stat -f -c %T "$bench_dir")" = tmpfs ] && in_memory=true

cargo build --release --quiet
cargo build --release --quiet --example synthetic
binary="$PWD/target/release/papermap"

# /usr/bin/time's -f: wall seconds and peak resident set size in KiB.
measure() {
  local log="$1"
  shift
  /usr/bin/time -f "%e %M" -o "$log.time" "$@" >"$log" 2>&1
  cat "$log.time"
}

# An earlier output is moved aside, and deleted only once every figure is taken: on ext4 without
# a journal (these machines' disk) the kernel skips the inodes freed in the last one to six
# minutes when it makes a file (fs/ext4/ialloc.c, recently_deleted), so right after a deletion of
# many files each new one costs several times as much (measured: 40 000 files and folders in
# 5.5 s of system time just after deleting 160 000, 1.2 s otherwise).
# On tmpfs there is no such effect, and an output kept aside would hold its memory (13 GB at
# 100 000 papers) through the next run: there it is deleted at once.
set_aside_dirs=()
set_aside() {
  [ -e "$1" ] || return 0
  if [ "$(stat -f -c %T "$1")" = tmpfs ]; then
    rm -rf "$1"
    return 0
  fi
  local aside
  aside="$(dirname "$1")/.set-aside-$$-${#set_aside_dirs[@]}"
  mv "$1" "$aside"
  set_aside_dirs+=("$aside")
}

rows=()
for n in "${sizes[@]}"; do
  map="$bench_dir/map-$n"
  target/release/examples/synthetic "$n" "$map" >/dev/null
  output="$map/public"
  where=""
  set_aside "$output"
  available_kib=$(awk '/^MemAvailable:/ { print $2 }' /proc/meminfo)
  if [ -n "${BENCH_OUTPUT_DIR:-}" ] || { $in_memory && [ $((n * 140 + 1048576)) -gt "$available_kib" ]; }; then
    output="${BENCH_OUTPUT_DIR:-/var/tmp/papermap-bench}/public-$n"
    where=", output on disk"
    mkdir -p "$(dirname "$output")"
  fi
  set_aside "$map/public"
  set_aside "$output"
  rm -rf "$map/.papermap"
  # Writing the output into memory costs the kernel more the less of the machine's memory is
  # free: on this project's virtual machines a 100 000-paper build spent 26.5 of its CPU-seconds
  # in the kernel with 6 GB of files just read in the page cache, and 14.8 right after the page
  # cache was dropped (55.3 s against 51.2 s). So, where it may (as root), the script drops the
  # page cache before each full build, and each row starts from the same free memory;
  # BENCH_KEEP_CACHE=1 leaves it. (An earlier warm-up `fallocate`d the output's size and freed
  # it: tmpfs does not write a page it allocates for `fallocate`, and that changed nothing.)
  sync
  if [ -z "${BENCH_KEEP_CACHE:-}" ] && [ -w /proc/sys/vm/drop_caches ]; then
    echo 1 >/proc/sys/vm/drop_caches
  fi
  read -r full_s full_kib < <(cd "$map" && measure "$bench_dir/full-$n.log" "$binary" build --output "$output")
  pages=$(grep -o 'built [0-9]* pages' "$bench_dir/full-$n.log" | grep -o '[0-9]*')
  read -r again_s again_kib < <(cd "$map" && measure "$bench_dir/again-$n.log" "$binary" build --output "$output")
  written=$(grep -o '([0-9]* files\? written' "$bench_dir/again-$n.log" | grep -o '[0-9]*')
  per_second=$(awk -v p="$pages" -v s="$full_s" 'BEGIN { printf "%.0f", p / s }')
  rss_mib=$(awk -v k="$full_kib" 'BEGIN { printf "%.0f", k / 1024 }')
  share=$(awk -v a="$again_s" -v f="$full_s" 'BEGIN { printf "%.0f", 100 * a / f }')
  round_trip="not measured"
  if $serve; then
    round_trip=$(cd tests/browser && node serve-bench.mjs --papers "$n" --site "$map" --runs 11 2>&1 |
      grep -o 'median [0-9.]* ms' | head -1 || echo "failed")
  fi
  row="| $n | $pages | $full_s s$where | $per_second | $rss_mib MiB | $again_s s ($share %, $written files written) | $round_trip |"
  echo "$row"
  rows+=("$row")
done

if [ "${#set_aside_dirs[@]}" -gt 0 ]; then
  echo "deleting the earlier outputs; a run in the next minutes measures slower file creation" >&2
  rm -rf "${set_aside_dirs[@]}"
fi

echo
echo "$(nproc) cores, $(date -u +%Y-%m-%d), maps and output in $bench_dir"
echo "| papers | pages | full build | pages/s | peak RSS | no-change rebuild | serve: edit → browser |"
echo "|---|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
