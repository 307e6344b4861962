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
    std::process::exit(papermap::cli::run());
}
