//! papermap: a static site generator for a multilingual paper map.
//!
//! The crate is a pipeline of stages, each a module with one job and a typed product:
//! [`config`] reads `site.toml`, [`discover`] finds the content files, [`parse`] turns them into
//! records, [`model`] links the records into the map, [`localize`] and [`templates`] prepare the
//! per-locale machinery, [`render`] turns (model, locale, template) into pages, and [`output`]
//! writes them. [`build`] runs the stages in order; [`cli`] is the command line. [`coverage`]
//! tells translators what each language still lacks. [`import`] writes records from OpenAlex
//! data. [`search`] makes the search index and [`links`] checks the rendered links.

/// `print!` to standard output that does not panic when the output is closed
/// (`papermap check | head -1`): the rest of the text has no reader, which is not an error.
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stdout().lock(), $($arg)*);
    }};
}

/// `println!` that does not panic when the output is closed; see [`out!`].
#[macro_export]
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), $($arg)*);
    }};
}

pub mod bidi;
pub mod build;
pub mod cache;
pub mod characters;
pub mod check;
pub mod cli;
pub mod config;
pub mod coverage;
pub mod diagnostics;
pub mod discover;
pub mod format;
pub mod frontmatter;
pub mod import;
pub mod init;
pub mod links;
pub mod localize;
pub mod markdown;
pub mod memory;
pub mod model;
pub mod new;
pub mod new_files;
pub mod output;
pub mod parse;
pub mod progress;
pub mod records;
pub mod render;
pub mod search;
pub mod serve;
pub mod static_places;
pub mod templates;
pub mod translate;
