//! The site as `serve` holds it: every output file in memory, the last good build kept while a
//! broken edit is shown as an error, and each edit applied by rebuilding the model and
//! re-rendering only the pages the edit can change (see `plan`). After every edit the files are
//! exactly those a fresh full build would write.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::sync::Arc;

use crate::build::{self, Options, Site};
use crate::diagnostics::Diagnostics;
use crate::render::{RenderedPage, SiteRenderer, SITEMAP};

use super::plan::{affected_places, Change};

/// Output path → bytes: the whole site.
pub type Files = BTreeMap<String, Arc<Vec<u8>>>;

/// What an edit did to the served site.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Update {
    /// Output paths whose bytes changed, appeared or disappeared, sorted.
    pub changed: Vec<String>,
    /// The build failed: the report, and the last good site stays served.
    pub error: Option<String>,
}

impl Update {
    /// Only stylesheets changed: a page can swap them without reloading.
    pub fn css_only(&self) -> bool {
        !self.changed.is_empty() && self.changed.iter().all(|p| p.ends_with(".css"))
    }
}

pub struct LiveSite {
    options: Options,
    /// The last good site and the output paths of each place it rendered.
    good: Option<(Site, HashMap<String, Vec<String>>)>,
    files: Arc<Files>,
    /// Output paths of the files copied as they are.
    statics: BTreeSet<String>,
    error: Option<String>,
}

/// The report of a failed build, as the terminal and the overlay show it.
pub fn report(diagnostics: Diagnostics) -> String {
    let list = diagnostics.into_sorted();
    let mut text: String = list.iter().map(|d| d.render() + "\n").collect();
    let noun = if list.len() == 1 { "error" } else { "errors" };
    text.push_str(&format!(
        "papermap: {} {noun}; the last good site is still served\n",
        list.len()
    ));
    text
}

impl LiveSite {
    /// Builds the whole site in memory. A site that does not build yet is served empty, with
    /// its errors, until an edit fixes it.
    pub fn new(options: Options) -> LiveSite {
        let mut live = LiveSite {
            options,
            good: None,
            files: Arc::new(Files::new()),
            statics: BTreeSet::new(),
            error: None,
        };
        live.apply(&BTreeSet::from([Change::Config]));
        live
    }

    pub fn files(&self) -> Arc<Files> {
        self.files.clone()
    }

    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// Applies edits of these kinds.
    pub fn apply(&mut self, changes: &BTreeSet<Change>) -> Update {
        let changes: BTreeSet<&Change> =
            changes.iter().filter(|c| **c != Change::Ignored).collect();
        if changes.is_empty() {
            return Update::default();
        }
        let site = match build::load(&self.options) {
            Ok(site) => site,
            Err(diagnostics) => return self.fail(diagnostics),
        };
        let renderer =
            SiteRenderer::new(&site.config, &site.model, &site.localizer, &site.templates);
        let places: HashSet<String> = renderer.paths().into_iter().collect();
        let everything = self.good.is_none() || changes.contains(&Change::Config);
        let rendered = if everything {
            renderer.render_selected(|_, _, _| true)
        } else {
            let (old, _) = self.good.as_ref().expect("checked above");
            let content = if changes.contains(&Change::Content) {
                affected_places(&old.model, &site.model, site.config.page_size)
            } else {
                HashSet::new()
            };
            let templates: HashSet<&str> = changes
                .iter()
                .filter_map(|c| match c {
                    Change::Template(name) => Some(name.as_str()),
                    _ => None,
                })
                .collect();
            // A template that pages do not name (base.html, macros) can change every page.
            let partial = templates
                .iter()
                .any(|t| !crate::templates::REQUIRED.contains(t));
            let locales = changed_locales(&site, &changes);
            renderer.render_selected(|template, locale, place| {
                content.contains(place)
                    || partial
                    || templates.contains(template)
                    || locales.contains(locale)
            })
        };
        let pages = match rendered {
            Ok(pages) => pages,
            Err(errors) => {
                let mut diagnostics = Diagnostics::new();
                diagnostics.extend(errors);
                return self.fail(diagnostics);
            }
        };
        let statics_changed = everything || changes.contains(&Change::Static);
        let statics = if statics_changed {
            match site.static_files().and_then(|files| {
                files
                    .into_iter()
                    .map(|(place, source)| Ok((place, Arc::new(std::fs::read(source)?))))
                    .collect::<std::io::Result<Vec<_>>>()
            }) {
                Ok(files) => Some(files),
                Err(e) => {
                    let mut diagnostics = Diagnostics::new();
                    diagnostics.push(crate::diagnostics::Diagnostic::new(
                        &site.config.root,
                        format!("cannot read a static file: {e}"),
                    ));
                    return self.fail(diagnostics);
                }
            }
        } else {
            None
        };

        let mut files: Files = if everything {
            Files::new()
        } else {
            (*self.files).clone()
        };
        let mut outputs: HashMap<String, Vec<String>> = match (&self.good, everything) {
            (Some((_, outputs)), false) => outputs.clone(),
            _ => HashMap::new(),
        };
        // Places that no longer exist take their files with them.
        outputs.retain(|place, paths| {
            let keep = places.contains(place) || place == SITEMAP;
            if !keep {
                for path in paths.iter() {
                    files.remove(path);
                }
            }
            keep
        });
        let places_changed = match &self.good {
            Some((old, _)) => {
                let before =
                    SiteRenderer::new(&old.config, &old.model, &old.localizer, &old.templates)
                        .paths();
                before.len() != places.len() || before.iter().any(|p| !places.contains(p))
            }
            None => true,
        };
        let mut rendered_pages: Vec<RenderedPage> = pages;
        if everything || places_changed {
            rendered_pages.push(renderer.sitemap());
        }
        let mut touched_places: HashSet<String> = HashSet::new();
        for page in rendered_pages {
            if touched_places.insert(page.place.clone()) {
                outputs.insert(page.place.clone(), Vec::new());
            }
            outputs
                .entry(page.place.clone())
                .or_default()
                .push(page.output_path.clone());
            files.insert(page.output_path, Arc::new(page.contents.into_bytes()));
        }
        if let Some(statics) = statics {
            for path in &self.statics {
                files.remove(path);
            }
            self.statics = statics.iter().map(|(p, _)| p.clone()).collect();
            // Pages win over static files at the same place, as they do when a build writes them.
            for (path, bytes) in statics {
                files.entry(path).or_insert(bytes);
            }
        }
        drop(renderer);

        let changed = diff(&self.files, &files);
        self.files = Arc::new(files);
        self.good = Some((site, outputs));
        self.error = None;
        Update {
            changed,
            error: None,
        }
    }

    fn fail(&mut self, diagnostics: Diagnostics) -> Update {
        let text = report(diagnostics);
        self.error = Some(text.clone());
        Update {
            changed: Vec::new(),
            error: Some(text),
        }
    }
}

/// The locales whose pages a change of messages reaches: the changed locale and those that fall
/// back to it (all of them for the default language).
fn changed_locales(site: &Site, changes: &BTreeSet<&Change>) -> HashSet<String> {
    let mut locales = HashSet::new();
    for change in changes {
        if let Change::Messages(code) = change {
            for language in &site.config.languages {
                let reaches = language.code == *code
                    || language.langid.language.as_str() == code
                    || site.config.default_language().code == *code;
                if reaches {
                    locales.insert(language.code.clone());
                }
            }
        }
    }
    locales
}

fn diff(before: &Files, after: &Files) -> Vec<String> {
    let mut changed: Vec<String> = after
        .iter()
        .filter(|(path, bytes)| before.get(*path).map(|b| b.as_slice()) != Some(bytes.as_slice()))
        .map(|(path, _)| path.clone())
        .collect();
    changed.extend(before.keys().filter(|p| !after.contains_key(*p)).cloned());
    changed.sort();
    changed
}

/// The site a fresh full build writes, in memory: what the served files must equal.
pub fn full_build(options: &Options) -> Result<BTreeMap<String, Vec<u8>>, Diagnostics> {
    let site = build::load(options)?;
    let pages = site.render()?;
    let mut files = BTreeMap::new();
    for (place, source) in site.static_files().map_err(|e| {
        let mut d = Diagnostics::new();
        d.push(crate::diagnostics::Diagnostic::new(
            &site.config.root,
            e.to_string(),
        ));
        d
    })? {
        files.insert(place, std::fs::read(source).unwrap_or_default());
    }
    for page in pages {
        files.insert(page.output_path, page.contents.into_bytes());
    }
    Ok(files)
}
