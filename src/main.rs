fn main() {
    std::process::exit(papermap::cli::run());
}
