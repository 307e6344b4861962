//! What the process's allocator does with freed memory. The binary allocates with mimalloc
//! (`src/main.rs`), which is told to keep what is freed for reuse rather than hand it back to
//! the system: a build allocates and frees page after page, and pages handed back are faulted
//! in and zeroed again (a sixth of a 10 000-paper build). Once, though, a build frees much more
//! than it will allocate again soon: the map's model, before the search index, which needs less,
//! is made. Handed back, the model does not hold the build's resident memory at its peak until
//! the end. It also owns the size of the pages the process asks for: huge while the model is made,
//! the base size after.

use libmimalloc_sys::{mi_collect, mi_option_set, mi_option_t};

/// `mi_option_purge_delay` of mimalloc 3's `mi_option_e` (include/mimalloc.h), which
/// libmimalloc-sys does not name: how many milliseconds freed memory is kept before it goes
/// back to the system; below 0, forever; 0, at once.
const PURGE_DELAY: mi_option_t = 15;

/// The [`PURGE_DELAY`] that keeps freed memory for reuse and never hands it back.
const KEEP_FOREVER: std::ffi::c_long = -1;

/// Keeps freed memory for reuse from now on. Call it first thing, before any other thread
/// exists.
pub fn keep_freed_memory() {
    // SAFETY: options are plain numbers; the caller calls this before other threads run.
    unsafe { mi_option_set(PURGE_DELAY, KEEP_FOREVER) };
}

/// Asks the kernel for no more transparent huge pages in this process: call it once the map's
/// model is made. The model is read all over by every page rendered after it (a paper's page
/// lists dozens of others, each a few pointers deep), and in 2 MiB pages those reads miss the
/// address cache far less: paired builds at 100 000 papers took 58.0 s against 68.1 s (user CPU
/// 92 against 109 s), at 10 000 papers 5.6–6.1 s against 6.2–6.3 s, for a 100 000-paper peak
/// of 952 against 930 MiB. What is allocated after it comes and goes, and there a huge page
/// costs more than it saves: mimalloc asks for them on its arenas, and each first touch of one
/// zeroes 2 MiB at once (with huge pages for the whole build the kernel's page zeroing was
/// 10.4 % of a 10 000-paper build's perf samples, without them 0.2 %; builds whose index ran in
/// huge pages took up to 3.9 s of system time at 10 000 papers, against 1.7 s).
#[cfg(target_os = "linux")]
pub fn base_pages_from_now() {
    // SAFETY: PR_SET_THP_DISABLE only sets a flag of the process; its result is ignored because
    // a kernel without it serves the same memory, only in other page sizes.
    unsafe { libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0) };
}

#[cfg(not(target_os = "linux"))]
pub fn base_pages_from_now() {}

/// Runs `free` and hands what it freed back to the system (the memory of the threads that had
/// allocated it too, rayon's); freed memory is kept for reuse again afterwards. The search
/// indexer that runs next allocates and frees by turns on every thread: handing its freed
/// memory back after a second, as builds did until 5 December, faulted the same pages in again
/// and again (100 000 papers: the index stage's system time 4.6 CPU-seconds against 1.0 kept,
/// the stage 18.1 against 16.2 s; its resident memory at its end 590 against 677 MiB, under the
/// model's 917 MiB peak either way). Not handing the model back at all lets the indexer reuse
/// it as well, but holds the peak at the end of the build (940–948 MiB at 100 000 papers).
pub fn hand_back_once(free: impl FnOnce()) {
    // SAFETY: setting an option is a word's store; a thread that frees meanwhile keeps or hands
    // back that memory, either of which is sound.
    unsafe { mi_option_set(PURGE_DELAY, 0) };
    free();
    // A block freed by another thread than its own waits for its own thread to collect it.
    // SAFETY: `mi_collect` only walks the calling thread's heap.
    rayon::broadcast(|_| unsafe { mi_collect(true) });
    unsafe { mi_collect(true) };
    unsafe { mi_option_set(PURGE_DELAY, KEEP_FOREVER) };
}
