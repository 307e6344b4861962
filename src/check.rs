//! `papermap check`: every stage of a build but writing, each page's links followed as it is
//! rendered, and the diagnostics of the links that lead nowhere, at the source that wrote them.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::Path;
use std::sync::Mutex;
use std::time::Instant;

use crate::build::{load, Options, Report, Site};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::links::{BrokenLink, CheckedPage, Checker};
use crate::render::{self, part::Part};
use crate::static_places::{Clashes, StaticPlaces};

/// `papermap check`: every stage but writing, and the translations' coverage. Missing messages
/// are not errors here (pages fall back to other languages); with `--strict`, the command line
/// turns them into errors with [`crate::coverage::Coverage::missing_errors`].
pub fn check(options: &Options) -> Result<Report, Diagnostics> {
    let start = Instant::now();
    let site = load(options)?;
    let static_files = site.listed_static_files()?;
    let statics = StaticPlaces::new(&site.config.root, &static_files);
    let renderer = site.renderer(&statics);
    let checked = site.check_links(&renderer, &statics)?;
    if !checked.broken.is_empty() {
        return Err(checked.broken);
    }
    Ok(Report {
        pages: checked.pages,
        elapsed: start.elapsed(),
        output: None,
        coverage: Some(site.coverage()),
        warnings: crate::localize::unlisted_languages(&site.config)
            .into_iter()
            .chain(site.robots_warning(&static_files, &statics))
            .chain(checked.shadowed)
            .collect(),
        written: None,
    })
}

/// What the check of the links found.
struct Checked {
    /// The links that lead nowhere, and the files a build would refuse to write.
    broken: Diagnostics,
    /// How many HTML pages each language has.
    pages: Vec<(String, usize)>,
    /// The warning for each static file a page of the site stands in place of, as a build
    /// gives it, in the order of their places.
    shadowed: Vec<String>,
}

/// What the check keeps of the pages it has rendered.
#[derive(Default)]
struct Seen {
    pages: Vec<CheckedPage>,
    /// The HTML pages of each language.
    per_locale: BTreeMap<String, usize>,
}

impl Site {
    /// Every link of the site's HTML pages that leads nowhere in the site they make with the
    /// static files and the search bundle's lasting files ([`crate::search::lasting_files`]),
    /// at the place of the source that wrote it when a source holds it as written (a link in a
    /// record's Markdown), else at the page; how many HTML pages each language has; and the
    /// static files the site's own files stand in place of. The pages are checked as they are
    /// rendered, one at a time, and not kept.
    fn check_links(
        &self,
        renderer: &render::SiteRenderer,
        statics: &StaticPlaces,
    ) -> Result<Checked, Diagnostics> {
        let part = Part::whole();
        let pages = renderer.output_paths(&part);
        let crawler: Vec<String> = renderer.crawler_files().map(|p| p.output_path).collect();
        let files: HashSet<&str> = statics
            .places()
            .chain(pages.iter().map(String::as_str))
            .chain(crawler.iter().map(String::as_str))
            .collect();
        let checker = Checker::new(&self.config.base_url, &files);
        let seen = Mutex::new(Seen::default());
        let (rendered, search) = rayon::join(
            || {
                renderer.render_each(&part, |page| {
                    if page.is_html() {
                        let links = checker.page(&page.output_path, &page.contents);
                        let mut seen = seen.lock().unwrap_or_else(|e| e.into_inner());
                        seen.pages.push(links);
                        if page.is_counted() {
                            *seen.per_locale.entry(page.locale).or_default() += 1;
                        }
                    }
                    Ok(())
                })
            },
            || crate::search::lasting_files(&self.config, &self.model),
        );
        rendered.map_err(Diagnostics::from)?;
        let search =
            search.map_err(|e| Diagnostics::from(Diagnostic::new(&self.config.root, e)))?;
        let seen = seen.into_inner().unwrap_or_else(|e| e.into_inner());
        let search: HashSet<&str> = search.iter().map(String::as_str).collect();
        let broken = checker.finish(seen.pages, &search);
        // The places of the pages with a broken link alone: kept for every page, they were 52 MB
        // of a 100 000-paper check's 1 GB.
        let on: HashSet<&str> = broken.iter().map(|b| b.page.as_str()).collect();
        let place_of: HashMap<String, String> = if on.is_empty() {
            HashMap::new()
        } else {
            renderer
                .output_places(&part)
                .filter(|(output, _)| on.contains(output.as_str()))
                .collect()
        };
        let mut broken = self.link_diagnostics(broken, &place_of);
        // What a build would refuse to write: a file where a static file needs a folder, or
        // below one.
        let clashes = Clashes::default();
        let written = pages.iter().chain(&crawler).map(String::as_str);
        for output in written.chain(search.iter().copied()) {
            clashes.check(statics, output);
        }
        broken.extend(statics.among_themselves());
        broken.extend(clashes.diagnostics(statics));
        // Pages and crawler files win over static files at their place, as in a build.
        let mut shadowed: Vec<&str> = pages
            .iter()
            .chain(&crawler)
            .map(String::as_str)
            .filter(|place| statics.source(place).is_some())
            .collect();
        shadowed.sort_unstable();
        Ok(Checked {
            broken,
            pages: self.page_counts(&seen.per_locale),
            shadowed: shadowed
                .into_iter()
                .map(|place| statics.shadowed(place, Path::new(place)))
                .collect(),
        })
    }

    /// `broken`, each link as written one diagnostic at the place of the source that wrote it
    /// when a source holds it (a link in a record's Markdown), else at the first page that has
    /// it; `place_of` names the place of each page (`paper/2208.11695`).
    fn link_diagnostics(
        &self,
        broken: Vec<BrokenLink>,
        place_of: &HashMap<String, String>,
    ) -> Diagnostics {
        // One error per link as written: a link in a record shows on the page of every locale.
        let mut grouped: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
        for broken in broken {
            let reason = match &broken.missing {
                Some(path) if crate::search::is_named_by_contents(path) => format!(
                    "{}; Pagefind names this file by a hash of its contents, which changes with \
                     the records: link to pagefind/pagefind.js or a part's pagefind-entry.json",
                    broken.reason
                ),
                _ => broken.reason,
            };
            grouped
                .entry((broken.link, reason))
                .or_default()
                .push(broken.page);
        }
        let mut diagnostics = Diagnostics::new();
        for ((link, reason), on) in grouped {
            let shown: Vec<String> = on.iter().map(|page| format!("/{page}")).collect();
            let message = format!("broken link `{link}`: {reason}");
            let pages = format!("on {}", shown.join(", "));
            let written = on.iter().find_map(|page| {
                let place = place_of.get(page.as_str()).map_or("", String::as_str);
                self.sources_of(place).into_iter().find_map(|file| {
                    let source = file.reread()?;
                    let places = link_places(&source.text, &link);
                    let diagnostic =
                        Diagnostic::at(&source, *places.first()?, link.len(), &message);
                    let others: Vec<String> = places[1..]
                        .iter()
                        .map(|&offset| {
                            let (line, column) = source.line_col(offset);
                            format!("{line}:{column}")
                        })
                        .collect();
                    Some(match others.is_empty() {
                        true => diagnostic,
                        false => diagnostic.with_label(format!("also at {}", others.join(", "))),
                    })
                })
            });
            diagnostics.push(match written {
                Some(diagnostic) => diagnostic.with_help(pages),
                None => Diagnostic::new(&on[0], message).with_help(format!(
                    "{pages}; the link comes from a template or a message: fix it there"
                )),
            });
        }
        diagnostics
    }

    /// The content files a page is made from: a paper's record and its translations, a
    /// long-form page's versions.
    fn sources_of(&self, place: &str) -> Vec<&crate::diagnostics::SourceFile> {
        let model = &self.model;
        if let Some(id) = place.strip_prefix("paper/") {
            if let Some(i) = model.paper(id) {
                let entry = &model.papers[i];
                return std::iter::once(&entry.record.source)
                    .chain(entry.translations.values().map(|t| &t.source))
                    .collect();
            }
        }
        model
            .pages
            .iter()
            .filter(|entry| entry.path() == place)
            .flat_map(|entry| entry.versions().map(|version| &version.source))
            .collect()
    }
}

/// Where `link` stands as a link in a source's text: after `](`, `<`, `]:` or an attribute's
/// `="`, and before what ends it; else its first occurrence, if any (a link a template builds
/// from the record's words).
fn link_places(text: &str, link: &str) -> Vec<usize> {
    let occurrences: Vec<usize> = text.match_indices(link).map(|(at, _)| at).collect();
    let as_link: Vec<usize> = occurrences
        .iter()
        .copied()
        .filter(|&at| {
            let before = text[..at].trim_end_matches(' ');
            let after = text[at + link.len()..].chars().next();
            ["](", "](<", "<", "]:", "=\"", "='"]
                .iter()
                .any(|opening| before.ends_with(opening))
                && after.is_none_or(|c| matches!(c, ')' | '>' | '"' | '\'') || c.is_whitespace())
        })
        .collect();
    match as_link.is_empty() {
        true => occurrences.into_iter().take(1).collect(),
        false => as_link,
    }
}
