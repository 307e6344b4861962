//! Redirects from the earlier addresses of long-form pages (their versions' `aliases`): each is a
//! small page at the old address that sends readers and crawlers on to the version's page, in
//! the version's language (its file's locale, else the site's default). None may stand where the
//! site writes or copies another file, nor below one.

use rustc_hash::{FxHashMap, FxHashSet};

use crate::config::Config;
use crate::diagnostics::Diagnostic;
use crate::model::SiteModel;
use crate::parse::Page;
use crate::static_places::StaticPlaces;

/// One earlier address of a page version.
pub(super) struct Redirect<'a> {
    /// The old address, from the site's root without `/` at either end (`fr/about`).
    pub path: &'a str,
    /// The page it leads to.
    pub page: usize,
    /// The place, among the site's languages, of the language whose page it leads to.
    pub language: usize,
    /// The version that gives it, and where: for errors.
    version: &'a Page,
    at: crate::parse::Pos,
}

/// Every alias of every page version, in the order of the pages and of their versions.
pub(super) fn redirects<'a>(config: &Config, model: &'a SiteModel) -> Vec<Redirect<'a>> {
    let mut redirects = Vec::new();
    for (page, entry) in model.pages.iter().enumerate() {
        for version in entry.versions() {
            let language = version
                .file_locale
                .as_deref()
                .and_then(|code| config.languages.iter().position(|l| l.code == code))
                .unwrap_or(0);
            for (path, at) in &version.aliases {
                redirects.push(Redirect {
                    path,
                    page,
                    language,
                    version,
                    at: *at,
                });
            }
        }
    }
    redirects
}

/// An error at each alias that is another page's address, stands where the site writes or
/// copies a file or below one, or is also another version's alias; `outputs` are every other
/// file the pages make, `static_files` the files copied as they are.
pub(super) fn clashes(
    redirects: &[Redirect],
    outputs: &FxHashSet<String>,
    static_files: &StaticPlaces,
) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    let mut first_of: FxHashMap<&str, &Redirect> = FxHashMap::default();
    // The files for crawlers are written apart from the pages, and not among `outputs`.
    let written = |place: &str| outputs.contains(place) || crate::discover::is_site_file(place);
    for redirect in redirects {
        let error = |message: String, help: &str| {
            redirect
                .version
                .source
                .diagnostic_at_line_col(redirect.at.line, redirect.at.column, message)
                .with_help(help)
        };
        let path = redirect.path;
        let index = format!("{path}/index.html");
        // The folders the redirect's file needs: a file at any of them stands in its way.
        let above = || path.match_indices('/').map(|(end, _)| &path[..end]);
        let copied = static_files
            .source(&index)
            .or_else(|| static_files.source(path));
        if outputs.contains(&index) {
            errors.push(error(
                format!("the alias /{path}/ is the address of a page of the site"),
                "remove the alias: the page there would be replaced",
            ));
        } else if written(path) {
            errors.push(error(
                format!("the alias /{path}/ would stand where the site writes the file {path}"),
                "remove the alias",
            ));
        } else if let Some(source) = copied {
            errors.push(error(
                format!(
                    "the alias /{path}/ would stand where the site copies the static file {}",
                    source.display()
                ),
                "remove the alias, or move the static file",
            ));
        } else if let Some(file) = above().find(|folder| written(folder)) {
            errors.push(error(
                format!(
                    "the alias /{path}/ would stand below the file {file}, which the site writes"
                ),
                "remove the alias",
            ));
        } else if let Some(source) = above().find_map(|folder| static_files.source(folder)) {
            errors.push(error(
                format!(
                    "the alias /{path}/ would stand below the static file {}",
                    source.display()
                ),
                "remove the alias, or move the static file",
            ));
        } else if path.split('/').next() == Some(crate::search::BUNDLE_DIR) {
            errors.push(error(
                format!(
                    "the alias /{path}/ is in the search index's folder, /{}/",
                    crate::search::BUNDLE_DIR
                ),
                "remove the alias",
            ));
        } else if let Some(first) = first_of.get(path) {
            errors.push(error(
                format!(
                    "the alias /{path}/ is also an alias of {}:{}:{}",
                    first.version.source.path.display(),
                    first.at.line,
                    first.at.column
                ),
                "keep it on one page: an address can lead to one page only",
            ));
        } else {
            first_of.insert(path, redirect);
        }
    }
    errors
}
