//! The command line: `papermap build`, `check`, `serve`, `import openalex`, `init` and
//! `translate`. Exit codes: 0 success, 1 errors in the site's files (or in the files to
//! import), 2 a command line that does not parse (clap's own code for usage errors).

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::build::{self, Options, Report};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::import;

#[derive(Parser, Debug)]
#[command(
    name = "papermap",
    version,
    about = "Build a multilingual paper-map website from paper records",
    long_about = "papermap turns content/ (paper records in Markdown with YAML front matter), \
                  site.toml, a theme and i18n/ (Fluent translations) into a static website."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Build the site into the output folder (default: public/).
    Build(BuildArgs),
    /// Check the site's records, translations and templates without writing anything, and report
    /// what each language still lacks.
    Check(CheckArgs),
    /// Write paper records from data of another service.
    #[command(subcommand)]
    Import(ImportSource),
    /// Write a new site to start from: site.toml, two paper records (one translated), the
    /// default theme and the messages of three languages. No file is replaced.
    Init(InitArgs),
    /// Start translations of paper records or long-form pages into one of the site's languages:
    /// a draft file beside each original, holding its title and text to translate in place and
    /// the `translated_from` of the version it copies. No file is replaced.
    Translate(TranslateArgs),
    /// Start long-form pages: a draft in content/ for each, made from the site's archetype for
    /// its folder (archetypes/<folder>.md, else archetypes/default.md, else a title from the
    /// file's name, today's date and `draft: true`). No file is replaced.
    New(NewArgs),
    /// Preview the site: build it in memory, serve it, and update open pages as you edit.
    Serve(ServeArgs),
}

#[derive(Args, Debug)]
pub struct ServeArgs {
    #[command(flatten)]
    pub site: SiteArgs,
    /// The port to listen on; 0 picks a free one.
    #[arg(long, short, default_value_t = 1111)]
    pub port: u16,
    /// The address to listen on. Another than the loopback address makes the preview reachable
    /// from other machines.
    #[arg(long, default_value = "127.0.0.1", value_name = "ADDR")]
    pub bind: std::net::IpAddr,
    /// Open the site in the default browser.
    #[arg(long)]
    pub open: bool,
}

#[derive(Subcommand, Debug)]
pub enum ImportSource {
    /// Write one paper record per work of OpenAlex API responses.
    ///
    /// Each file is a page of results ({"meta": …, "results": [work, …]}) or one work, as the
    /// OpenAlex API returns them. Every file is checked before anything is written: nothing is
    /// written if a file is malformed, a work cannot become a record, or a record would change
    /// without --force. Records that would not change are left alone.
    #[command(name = "openalex")]
    OpenAlex(OpenAlexArgs),
}

#[derive(Args, Debug)]
pub struct OpenAlexArgs {
    /// OpenAlex API responses (JSON), relative to the current folder.
    #[arg(required = true, value_name = "FILE.json")]
    pub files: Vec<PathBuf>,
    /// The site's folder, holding site.toml.
    #[arg(long, default_value = ".", value_name = "DIR")]
    pub root: PathBuf,
    /// Where to write the records, relative to the site's folder.
    #[arg(long, default_value = "content/papers", value_name = "DIR")]
    pub into: PathBuf,
    /// Replace records whose content would change (the whole file: fields added by hand are lost).
    #[arg(long)]
    pub force: bool,
    /// Stop on works that cannot become a record (no title, no publication year, a malformed
    /// id or date) instead of leaving them out with a warning.
    #[arg(long)]
    pub strict: bool,
}

#[derive(Args, Debug)]
pub struct InitArgs {
    /// The new site's folder, made if missing.
    #[arg(default_value = ".", value_name = "DIR")]
    pub dir: PathBuf,
}

#[derive(Args, Debug)]
pub struct TranslateArgs {
    /// The language to translate into: a `code` of site.toml's `[[languages]]`.
    #[arg(value_name = "CODE")]
    pub locale: String,
    /// Papers by id (2103.14749), long-form pages by path in content/ without .md
    /// (press/story), or the file of either.
    #[arg(required = true, value_name = "PAPER|PAGE")]
    pub originals: Vec<String>,
    /// The site's folder, holding site.toml.
    #[arg(long, default_value = ".", value_name = "DIR")]
    pub root: PathBuf,
}

#[derive(Args, Debug)]
pub struct NewArgs {
    /// Each page's path in content/, with or without .md (press/launch).
    #[arg(required = true, value_name = "PAGE")]
    pub pages: Vec<String>,
    /// The site's folder, holding site.toml.
    #[arg(long, default_value = ".", value_name = "DIR")]
    pub root: PathBuf,
}

#[derive(Args, Debug)]
pub struct SiteArgs {
    /// The site's folder, holding site.toml.
    #[arg(long, default_value = ".", value_name = "DIR")]
    pub root: PathBuf,
    /// Include records and pages marked `draft: true`.
    #[arg(long)]
    pub drafts: bool,
}

#[derive(Args, Debug)]
pub struct CheckArgs {
    #[command(flatten)]
    pub site: SiteArgs,
    /// Fail (exit code 1) when a language lacks a message or term of the default language,
    /// instead of only reporting it.
    #[arg(long)]
    pub strict: bool,
    /// Print the report as JSON, every item of every list (for scripts and translation tools);
    /// the summary line goes to standard error.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct BuildArgs {
    #[command(flatten)]
    pub site: SiteArgs,
    /// Where to write the site, relative to the site's folder.
    #[arg(long, short, default_value = "public", value_name = "DIR")]
    pub output: PathBuf,
    /// The site's address, instead of site.toml's `base_url` (e.g. for a preview deployment).
    #[arg(long, value_name = "URL", value_parser = parse_base_url)]
    pub base_url: Option<String>,
    /// Write only the pages of this language (all records are still read, so counts stay
    /// the whole map's). The files of no language go with the default language's pages.
    #[arg(long, value_name = "CODE")]
    pub locale: Option<String>,
    /// Write only the i-th of n disjoint parts of the pages (e.g. 2/4), for builds spread over
    /// machines: together the parts are the whole site. A part adds its files to the output
    /// folder and removes none.
    #[arg(long, value_name = "I/N", value_parser = crate::render::part::parse_shard)]
    pub shard: Option<(usize, usize)>,
}

fn parse_base_url(url: &str) -> Result<String, String> {
    if url.starts_with("https://") || url.starts_with("http://") {
        Ok(url.to_string())
    } else {
        Err("the base URL must start with https:// or http://".to_string())
    }
}

/// Runs the command line and returns the process's exit code.
pub fn run() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return e.exit_code();
        }
    };
    match cli.command {
        Command::Build(args) => {
            let options = Options {
                root: args.site.root,
                output: args.output,
                base_url: args.base_url,
                drafts: args.site.drafts,
                part: crate::render::part::Part {
                    locale: args.locale,
                    shard: args.shard,
                },
            };
            finish_build(build::build(&options))
        }
        Command::Check(args) => {
            let options = Options {
                root: args.site.root,
                drafts: args.site.drafts,
                ..Options::default()
            };
            finish_check(crate::check::check(&options), args.strict, args.json)
        }
        Command::Serve(args) => {
            if let Err(error) = crate::config::Config::check_root(&args.site.root) {
                print_errors(Diagnostics::from(error), "nothing is served");
                return 1;
            }
            serve(args)
        }
        Command::Import(ImportSource::OpenAlex(args)) => import(args),
        Command::Init(args) => finish_init(crate::init::init(&args.dir)),
        Command::Translate(args) => {
            finish_translate(crate::translate::translate(&crate::translate::Options {
                root: args.root,
                locale: args.locale,
                originals: args.originals,
            }))
        }
        Command::New(args) => finish_new(crate::new::new_pages(&crate::new::Options {
            root: args.root,
            pages: args.pages,
            today: crate::records::Date::today(),
        })),
    }
}

fn serve(args: ServeArgs) -> i32 {
    crate::serve::run(crate::serve::ServeOptions {
        root: args.site.root,
        drafts: args.site.drafts,
        bind: args.bind,
        port: args.port,
        open: args.open,
    })
}

fn import(args: OpenAlexArgs) -> i32 {
    let options = import::Options {
        files: args.files,
        root: args.root,
        into: args.into,
        force: args.force,
        strict: args.strict,
    };
    finish_import(import::openalex(&options))
}

fn finish_translate(result: Result<crate::translate::Report, Diagnostics>) -> i32 {
    finish_drafts(
        result.map(|report| report.written),
        ("a translation", "translations"),
        "translate",
    )
}

fn finish_new(result: Result<crate::new::Report, Diagnostics>) -> i32 {
    finish_drafts(
        result.map(|report| report.written),
        ("a page", "pages"),
        "write",
    )
}

/// The files of drafts started, then what to do with them: `task` (`translate`) each, then
/// publish it.
fn finish_drafts(
    result: Result<Vec<PathBuf>, Diagnostics>,
    (one, many): (&str, &str),
    task: &str,
) -> i32 {
    match result {
        Ok(written) => {
            for path in &written {
                crate::outln!("{}", path.display());
            }
            let (count, each) = match written.len() {
                1 => (one.to_string(), "it"),
                n => (format!("{n} {many}"), "each"),
            };
            crate::outln!(
                "papermap: started {count}, as drafts: {task} {each}, then delete its `draft: true` line to publish it; `papermap serve --drafts` shows drafts"
            );
            0
        }
        Err(diagnostics) => {
            print_errors(diagnostics, "nothing was written");
            1
        }
    }
}

fn finish_init(result: Result<crate::init::Report, Diagnostics>) -> i32 {
    match result {
        Ok(report) => {
            let root = report.root.display().to_string();
            let option = if root == "." {
                String::new()
            } else {
                format!(" --root {root}")
            };
            crate::outln!(
                "papermap: wrote a new site ({} files) into {root}; preview it with `papermap serve{option}`, build it with `papermap build{option}`",
                report.files
            );
            0
        }
        Err(diagnostics) => {
            print_errors(diagnostics, "nothing was written");
            1
        }
    }
}

/// Each warning on a line of its own on standard error, as every command prints them.
pub(crate) fn print_warnings(warnings: &[impl std::fmt::Display]) {
    let stderr = std::io::stderr();
    let mut out = stderr.lock();
    for w in warnings {
        let _ = writeln!(out, "warning: {w}");
    }
}

fn finish_import(outcome: import::Outcome) -> i32 {
    print_warnings(&outcome.warnings);
    match outcome.result {
        Ok(report) => {
            let noun = if report.works == 1 { "work" } else { "works" };
            crate::outln!(
                "papermap: imported {} {noun} ({} new, {} updated, {} unchanged) into {}",
                report.works,
                report.new,
                report.updated,
                report.unchanged,
                report.into.display()
            );
            0
        }
        Err(diagnostics) => {
            print_errors(diagnostics, "nothing was written");
            1
        }
    }
}

const NOTHING_WRITTEN: &str = "nothing was written, the last output is unchanged";

/// `papermap build`: the summary line; a warning line for each language with missing messages,
/// since their pages silently show those sentences in another language.
fn finish_build(result: Result<Report, Diagnostics>) -> i32 {
    match result {
        Ok(report) => {
            print_warnings(&report.warnings);
            crate::outln!("{}", summary(&report, "built"));
            0
        }
        Err(diagnostics) => {
            print_errors(diagnostics, NOTHING_WRITTEN);
            1
        }
    }
}

/// `papermap check`: the summary line, then the translations' coverage (as JSON with `json`,
/// the summary line then on standard error). With `strict`, every missing message is also an
/// error and the check fails, after the coverage report.
fn finish_check(result: Result<Report, Diagnostics>, strict: bool, json: bool) -> i32 {
    match result {
        Ok(report) => {
            print_warnings(&report.warnings);
            let text = |coverage: &crate::coverage::Coverage| {
                if json {
                    coverage.json()
                } else {
                    coverage.report()
                }
            };
            let (errors, coverage) = match &report.coverage {
                Some(coverage) if strict => (coverage.missing_errors(), text(coverage)),
                Some(coverage) => (Vec::new(), text(coverage)),
                None => (Vec::new(), String::new()),
            };
            if errors.is_empty() {
                if json {
                    let _ = writeln!(std::io::stderr(), "{}", summary(&report, "checked"));
                } else {
                    crate::outln!("{}", summary(&report, "checked"));
                }
                crate::out!("{coverage}");
                0
            } else {
                crate::out!("{coverage}");
                let _ = std::io::stdout().flush();
                let mut diagnostics = Diagnostics::new();
                diagnostics.extend(errors);
                print_errors(diagnostics, NOTHING_WRITTEN);
                1
            }
        }
        Err(diagnostics) => {
            print_errors(diagnostics, NOTHING_WRITTEN);
            1
        }
    }
}

/// `papermap: built 42 pages (en 14, fr 14, zh 14) into public in 0.09 s`.
fn summary(report: &Report, verb: &str) -> String {
    let total: usize = report.pages.iter().map(|(_, n)| n).sum();
    // A part of the site (`--locale`, `--shard`) names the languages it built pages of.
    let per_locale: Vec<String> = report
        .pages
        .iter()
        .filter(|(_, n)| *n > 0 || total == 0)
        .map(|(l, n)| format!("{l} {n}"))
        .collect();
    let place = report
        .output
        .as_ref()
        .map(|p| format!(" into {}", p.display()))
        .unwrap_or_default();
    let files = report
        .written
        .as_ref()
        .map(|w| {
            format!(
                " ({} written, {} unchanged, {} removed)",
                counted(w.changed, "file", "files"),
                w.unchanged,
                w.removed
            )
        })
        .unwrap_or_default();
    format!(
        "papermap: {verb} {} ({}){place} in {:.2} s{files}",
        counted(total, "page", "pages"),
        per_locale.join(", "),
        report.elapsed.as_secs_f64()
    )
}

/// `1 page`, `2 pages`: the command line speaks English only, so one and other are its forms.
fn counted(count: usize, one: &str, other: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { other })
}

/// Every error, sorted, then `papermap: N errors; <closing>`.
fn print_errors(diagnostics: Diagnostics, closing: &str) {
    let diagnostics: Vec<Diagnostic> = diagnostics.into_sorted();
    let count = diagnostics.len();
    let stderr = std::io::stderr();
    let mut out = stderr.lock();
    for d in diagnostics {
        let _ = writeln!(out, "{}", d.render());
    }
    let _ = writeln!(
        out,
        "papermap: {}; {closing}",
        counted(count, "error", "errors")
    );
}
