// mimalloc: rendering allocates many small strings from every thread at once, where glibc's
// allocator spends a large share of the build (measured: malloc and free ~25 % of a 10 000-paper
// build).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    // By default mimalloc returns freed pages to the system after 10 ms, and the next page
    // rendered faults them in again: zeroing those pages was a sixth of a 10 000-paper build.
    // A build is short-lived, so freed memory is kept for reuse instead.
    papermap::memory::keep_freed_memory();
    std::process::exit(papermap::cli::run());
}
