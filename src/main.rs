// mimalloc: rendering allocates many small strings from every thread at once, where glibc's
// allocator spends a large share of the build (measured: malloc and free ~25 % of a 10 000-paper
// build).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `mi_option_purge_delay` of mimalloc 3's `mi_option_e` (include/mimalloc.h), which
/// libmimalloc-sys does not name.
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

fn main() {
    // By default mimalloc returns freed pages to the system after 10 ms, and the next page
    // rendered faults them in again: zeroing those pages was a sixth of a 10 000-paper build.
    // A build is short-lived, so freed memory is kept for reuse instead.
    // SAFETY: called once, before any other thread exists.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, -1) };
    no_transparent_huge_pages();
    std::process::exit(papermap::cli::run());
}

/// mimalloc asks for transparent huge pages, and where the kernel compacts memory to find them
/// on the first touch (THP `defrag` = `madvise`, the kernel's default) a 2 MiB fault can stall
/// for milliseconds: a 10 000-paper build took 26 s with them and 21.8 s without. The process
/// flag covers the arena mimalloc reserved before `main`, which its own option does not.
#[cfg(target_os = "linux")]
fn no_transparent_huge_pages() {
    // SAFETY: prctl with PR_SET_THP_DISABLE only sets a flag of this process; on a kernel
    // without it the call fails and nothing changes.
    unsafe { libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0) };
}

#[cfg(not(target_os = "linux"))]
fn no_transparent_huge_pages() {}
