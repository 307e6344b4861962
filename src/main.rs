// mimalloc: rendering allocates many small strings from every thread at once, where glibc's
// allocator spends a large share of the build (measured: malloc and free ~25 % of a 10 000-paper
// build).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    std::process::exit(papermap::cli::run());
}
