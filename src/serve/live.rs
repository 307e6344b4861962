//! The site as `serve` holds it: every output file in memory, the last good build kept while a
//! broken edit is shown as an error, and each edit applied by loading the site again from what
//! changed (the last good site lends the rest: see `build::Reuse`) and re-rendering only the
//! pages the edit can change (see `plan`). After every edit the files are exactly those a fresh
//! full build would write. The pages open in a browser are rendered and served a moment before
//! the others (Hugo's "fast render" idea, without its stale pages), which are rendered at a low
//! priority while the browser reloads.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::build::{self, Options, Site};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::render::{self, RenderedPage, SiteRenderer, ROBOTS, SITEMAP};
use crate::static_places::{Clashes, StaticPlaces};

use super::plan::{affected_places, Change};

/// Output path → bytes: the whole site. Cloning it is cheap (it shares its nodes), so an edit
/// changes its own copy while the previous one is still served.
pub type Files = imbl::OrdMap<String, Arc<Vec<u8>>>;

/// Each place of the site and the output paths rendered for it.
type Outputs = FxHashMap<String, Vec<String>>;

/// What an edit did to the served site.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Update {
    /// Output paths whose bytes changed, appeared or disappeared, sorted.
    pub changed: Vec<String>,
    /// The build failed: the report, and the last good site stays served.
    pub error: Option<String>,
    /// Those of `changed` that an earlier update of the same edit announced: the pages open in a
    /// browser, which were rendered and served before the others.
    pub shown_first: Vec<String>,
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
    good: Option<(Arc<Site>, Outputs)>,
    files: Files,
    /// The files copied as they are, by output path.
    statics: BTreeMap<String, Arc<Vec<u8>>>,
    error: Option<String>,
    /// The places of the last good site's pages, in the renderer's order (a place is listed
    /// once per locale): comparing two lists needs no hashing.
    places: Vec<String>,
    /// The last good site's long-form pages, each with its address in each locale.
    page_addresses: Vec<(String, Vec<String>)>,
    /// The content files as last parsed: an edit parses again only what it changed.
    parsed: crate::parse::ParseCache,
    /// The changes of the edits that failed since the last good build: the next build applies
    /// them too (a template edited while a record was broken must still be re-rendered).
    pending: BTreeSet<Change>,
    /// The files those failed edits changed, with the same meaning as `apply`'s `paths`.
    pending_paths: Option<BTreeSet<PathBuf>>,
    /// Threads of the lowest priority, for the pages of an edit that no browser shows once
    /// those it shows are served: the reloading browser needs the cores more.
    background: Option<rayon::ThreadPool>,
    /// The last good site's warnings of its languages (missing messages, undeclared folders),
    /// made again when messages or the configuration change.
    language_warnings: Vec<String>,
    /// A warning for each static file that a page of the last good site stands in place of.
    shadowed_statics: Vec<String>,
    /// The warning for the site's own `robots.txt` when it names no sitemap.
    robots_warning: Option<String>,
    /// The warnings already told (see [`LiveSite::fresh_warnings`]).
    told: Vec<String>,
}

/// The places of the pages of `old` that `new` has at other addresses.
fn moved_pages(old: &[(String, Vec<String>)], new: &[(String, Vec<String>)]) -> FxHashSet<String> {
    let before: FxHashMap<&str, &Vec<String>> =
        old.iter().map(|(place, at)| (place.as_str(), at)).collect();
    new.iter()
        .filter(|(place, at)| before.get(place.as_str()).is_some_and(|was| *was != at))
        .map(|(place, _)| place.clone())
        .collect()
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
            files: Files::new(),
            statics: BTreeMap::new(),
            error: None,
            places: Vec::new(),
            page_addresses: Vec::new(),
            parsed: crate::parse::ParseCache::default(),
            pending: BTreeSet::new(),
            pending_paths: Some(BTreeSet::new()),
            background: rayon::ThreadPoolBuilder::new()
                .thread_name(|i| format!("papermap-background-{i}"))
                .start_handler(|_| lower_priority())
                .build()
                .ok(),
            language_warnings: Vec::new(),
            shadowed_statics: Vec::new(),
            robots_warning: None,
            told: Vec::new(),
        };
        live.apply(&BTreeSet::from([Change::Config]), None);
        live
    }

    pub fn files(&self) -> Files {
        self.files.clone()
    }

    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// The warnings a build of the last good site would print.
    pub fn warnings(&self) -> Vec<String> {
        let mut warnings = self.language_warnings.clone();
        warnings.extend(self.shadowed_statics.iter().cloned());
        warnings.extend(self.robots_warning.clone());
        warnings
    }

    /// The warnings not told since the last call: each is said once while it holds, and again
    /// if it goes and comes back.
    pub fn fresh_warnings(&mut self) -> Vec<String> {
        let now = self.warnings();
        let fresh = now
            .iter()
            .filter(|w| !self.told.contains(w))
            .cloned()
            .collect();
        self.told = now;
        fresh
    }

    /// The last good site, for the search index made beside the pages.
    pub fn site(&self) -> Option<Arc<Site>> {
        self.good.as_ref().map(|(site, _)| site.clone())
    }

    /// Applies edits of these kinds. `paths` are the files they changed, relative to the site's
    /// root, when the watcher knows them all: then no other content file is looked at. `None`
    /// looks at every file again.
    pub fn apply(&mut self, edits: &BTreeSet<Change>, paths: Option<&BTreeSet<PathBuf>>) -> Update {
        self.apply_open_first(edits, paths, &FxHashSet::default(), |_, _| {})
    }

    /// [`apply`](Self::apply), but the pages at the output paths `open` (those a browser shows)
    /// are rendered first and handed to `show` as the site to serve meanwhile (the served files
    /// with only those pages new) with the paths they changed, before the other pages of the
    /// edit are rendered: the page being looked at does not wait for the pages that list it.
    pub fn apply_open_first(
        &mut self,
        edits: &BTreeSet<Change>,
        paths: Option<&BTreeSet<PathBuf>>,
        open: &FxHashSet<String>,
        show: impl FnOnce(Files, Vec<String>),
    ) -> Update {
        let mut changes = std::mem::take(&mut self.pending);
        changes.extend(edits.iter().filter(|c| **c != Change::Ignored).cloned());
        let mut changed_paths = self.pending_paths.replace(BTreeSet::new());
        match (&mut changed_paths, paths) {
            (Some(all), Some(these)) => all.extend(these.iter().cloned()),
            _ => changed_paths = None,
        }
        if changes.is_empty() {
            return Update::default();
        }
        let stopwatch = crate::progress::Stopwatch::start("edit");
        // A change of any source (the watcher lost count, or a source folder appeared: files
        // may be new in it that no event told of) loads the templates and messages again.
        let anything = changes.contains(&Change::Config);
        let reuse = self.good.as_ref().map(|(site, _)| build::Reuse {
            site,
            changed: changed_paths.as_ref(),
            templates: !anything && !changes.iter().any(|c| matches!(c, Change::Template(_))),
            messages: !anything && !changes.iter().any(|c| matches!(c, Change::Messages(_))),
        });
        let site = match build::load_cached(&self.options, &mut self.parsed, reuse) {
            Ok(site) => site,
            Err(diagnostics) => return self.fail(diagnostics, changes, changed_paths),
        };
        // Listed at each edit, as a build lists them: an alias may not take a static file's place.
        let static_files = match site.listed_static_files() {
            Ok(files) => files,
            Err(diagnostics) => return self.fail(diagnostics, changes, changed_paths),
        };
        let static_places = StaticPlaces::new(&site.config.root, &static_files);
        let renderer = site.renderer(&static_places);
        stopwatch.lap("loaded");
        let places: Vec<String> = renderer.paths();
        let page_addresses = renderer.page_addresses();
        // A page whose slug changed is read at other addresses: its files at the old ones go.
        let moved = moved_pages(&self.page_addresses, &page_addresses);
        stopwatch.lap("places");
        let everything = self.good.is_none() || changes.contains(&Change::Config);
        let language_warnings = (everything
            || changes.iter().any(|c| matches!(c, Change::Messages(_))))
        .then(|| site.language_warnings());
        let (rendered, shown_first) = if everything {
            (renderer.render_selected(|_, _, _| true), Vec::new())
        } else {
            let (old, _) = self.good.as_ref().expect("checked above");
            let content = if changes.contains(&Change::Content) {
                affected_places(
                    &old.model,
                    &site.model,
                    site.config.page_size,
                    site.config.list_limit,
                    site.config.search_part_size,
                )
            } else {
                HashSet::new()
            };
            stopwatch.lap("planned");
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
                .any(|t| !crate::templates::is_page_template(t));
            // Messages reach more than their own locale's pages and those falling back to them:
            // a template may ask any language's messages (`t(key=…, in_locale=…)`), as the
            // language switcher of every page does for each language's own name.
            let messages = changes.iter().any(|c| matches!(c, Change::Messages(_)));
            let selected = |template: &str, place: &str| {
                content.contains(place)
                    || moved.contains(place)
                    || partial
                    || messages
                    || templates.contains(template)
            };
            self.render_open_first(&renderer, selected, open, |files, changed| {
                show(files, changed);
                stopwatch.lap("open pages shown");
            })
        };
        stopwatch.lap("rendered");
        let pages = match rendered {
            Ok(pages) => pages,
            Err(errors) => {
                let mut diagnostics = Diagnostics::new();
                diagnostics.extend(errors);
                return self.fail(diagnostics, changes, changed_paths);
            }
        };
        let statics_changed = everything || changes.contains(&Change::Static);
        let statics = if statics_changed {
            match static_files
                .iter()
                .map(|(place, source)| Ok((place.clone(), Arc::new(std::fs::read(source)?))))
                .collect::<std::io::Result<Vec<_>>>()
            {
                // A change reported in a folder of static files need not have changed one (an
                // editor's temporary file beside a record, the folder's own event): the same
                // files with the same bytes change nothing, and are not set against every page
                // (at 100 000 papers a set of 600 000 paths, 110 ms of each edit).
                Ok(files) if !everything && self.same_statics(&files) => None,
                Ok(files) => Some(files),
                Err(e) => {
                    let mut diagnostics = Diagnostics::new();
                    diagnostics.push(crate::diagnostics::Diagnostic::new(
                        &site.config.root,
                        format!("cannot read a static file: {e}"),
                    ));
                    return self.fail(diagnostics, changes, changed_paths);
                }
            }
        } else {
            None
        };
        if let Err(diagnostics) =
            self.refuse_clashes(&static_places, &pages, &places, statics.is_some())
        {
            return self.fail(diagnostics, changes, changed_paths);
        }

        let mut files: Files = if everything {
            Files::new()
        } else {
            self.files.clone()
        };
        // The output paths this edit put or removed: the only ones whose bytes can differ.
        let mut touched: Vec<String> = Vec::new();
        let mut outputs: Outputs = match (&mut self.good, everything) {
            (Some((_, outputs)), false) => std::mem::take(outputs),
            _ => Outputs::default(),
        };
        let places_changed = self.good.is_none() || self.places != places || !moved.is_empty();
        // Places that no longer exist take their files with them.
        if places_changed {
            let present: FxHashSet<&str> = places.iter().map(String::as_str).collect();
            outputs.retain(|place, paths| {
                let keep = present.contains(place.as_str()) || place == SITEMAP;
                if !keep {
                    for path in paths.iter() {
                        files.remove(path);
                        touched.push(path.clone());
                    }
                }
                keep
            });
        }
        for place in &moved {
            for path in outputs.remove(place).into_iter().flatten() {
                files.remove(&path);
                touched.push(path);
            }
        }
        let mut rendered_pages: Vec<RenderedPage> = pages;
        // Made again when a static file came or went too: a static robots.txt takes the place
        // of papermap's, which comes back when it goes.
        if everything || places_changed || statics.is_some() {
            for path in outputs.remove(SITEMAP).into_iter().flatten() {
                files.remove(&path);
                touched.push(path);
            }
            rendered_pages.extend(renderer.crawler_files());
        }
        // Whether a page took an output path that no page had: a static file there steps aside.
        let mut new_paths = places_changed;
        for page in rendered_pages {
            // A place may be re-rendered in part (a paper's page but not its Markdown twin, for
            // an edit of paper.html): the files it had stay its own, to go with it.
            let paths = outputs.entry(page.place.clone()).or_default();
            if !paths.contains(&page.output_path) {
                paths.push(page.output_path.clone());
                new_paths = true;
            }
            touched.push(page.output_path.clone());
            files.insert(page.output_path, Arc::new(page.contents));
        }
        // Pages win over static files at the same place, as they do when a build writes them:
        // a static file neither removes nor replaces a page, and shows again where a page went.
        if statics.is_some() || new_paths {
            let pages_at: FxHashSet<&String> = outputs.values().flatten().collect();
            if let Some(statics) = statics {
                for path in self.statics.keys() {
                    if !pages_at.contains(path) {
                        files.remove(path);
                        touched.push(path.clone());
                    }
                }
                self.statics = statics.into_iter().collect();
                self.robots_warning = self
                    .statics
                    .get(ROBOTS)
                    .and_then(|text| render::robots_warning(&site.config, &static_places, text));
            }
            self.shadowed_statics.clear();
            for (path, bytes) in &self.statics {
                if pages_at.contains(path) {
                    self.shadowed_statics
                        .push(static_places.shadowed(path, Path::new(path)));
                } else {
                    files.insert(path.clone(), bytes.clone());
                    touched.push(path.clone());
                }
            }
        }
        if let Some(warnings) = language_warnings {
            self.language_warnings = warnings;
        }
        drop(renderer);
        stopwatch.lap("files");

        let changed = if everything {
            diff(&self.files, &files)
        } else {
            diff_at(&self.files, &files, touched)
        };
        self.files = files;
        self.places = places;
        self.page_addresses = page_addresses;
        // Freeing a large map takes time that the edit need not wait for.
        let old = self.good.replace((Arc::new(site), outputs));
        std::thread::spawn(move || drop(old));
        self.error = None;
        stopwatch.lap("diffed");
        Update {
            changed,
            error: None,
            shown_first,
        }
    }

    /// What a build refuses to write, refused here too: a page where a static file needs a
    /// folder, or below a static file. The pages of the edit are checked; once the static files
    /// changed, the other pages still at their places are too.
    fn refuse_clashes(
        &self,
        statics: &StaticPlaces,
        pages: &[RenderedPage],
        places: &[String],
        statics_changed: bool,
    ) -> Result<(), Diagnostics> {
        let clashes = Clashes::default();
        for page in pages {
            clashes.check(statics, &page.output_path);
        }
        if let (true, Some((_, outputs))) = (statics_changed, &self.good) {
            let present: FxHashSet<&str> = places.iter().map(String::as_str).collect();
            let kept = outputs
                .iter()
                .filter(|(place, _)| present.contains(place.as_str()))
                .flat_map(|(_, paths)| paths);
            for path in kept {
                clashes.check(statics, path);
            }
        }
        let mut errors = statics.among_themselves();
        errors.extend(clashes.diagnostics(statics));
        if errors.is_empty() {
            return Ok(());
        }
        let mut diagnostics = Diagnostics::new();
        diagnostics.extend(errors);
        Err(diagnostics)
    }

    /// Whether `files` are the static files served now, by place and bytes.
    fn same_statics(&self, files: &[(String, Arc<Vec<u8>>)]) -> bool {
        files.len() == self.statics.len()
            && files
                .iter()
                .all(|(place, bytes)| self.statics.get(place) == Some(bytes))
    }

    /// The pages of an edit that `selected` names, those of the `open` pages' places first: if
    /// any of those changed, `show` gets them (see [`show_first`](Self::show_first)) before the
    /// others are rendered, on the low-priority threads. Returns every page, and the paths shown.
    fn render_open_first(
        &self,
        renderer: &SiteRenderer,
        selected: impl Fn(&str, &str) -> bool + Sync,
        open: &FxHashSet<String>,
        show: impl FnOnce(Files, Vec<String>),
    ) -> (Result<Vec<RenderedPage>, Vec<Diagnostic>>, Vec<String>) {
        let Some((_, old_outputs)) = &self.good else {
            return (
                renderer.render_selected(|t, _, p| selected(t, p)),
                Vec::new(),
            );
        };
        let open_places: FxHashSet<&str> = if open.is_empty() {
            FxHashSet::default()
        } else {
            old_outputs
                .iter()
                .filter(|(_, paths)| paths.iter().any(|path| open.contains(path)))
                .map(|(place, _)| place.as_str())
                .collect()
        };
        // When they fail, the error comes from rendering them again with the others.
        let first = (!open_places.is_empty())
            .then(|| {
                renderer.render_selected(|template, _, place| {
                    open_places.contains(place) && selected(template, place)
                })
            })
            .and_then(Result::ok)
            .filter(|pages| !pages.is_empty());
        let shown = match &first {
            Some(pages) => self.show_first(pages, old_outputs, show),
            None => Vec::new(),
        };
        let rendered_first = first.is_some();
        let rest = || {
            renderer.render_selected(|template, _, place| {
                !(rendered_first && open_places.contains(place)) && selected(template, place)
            })
        };
        let rest = match (&self.background, shown.is_empty()) {
            (Some(pool), false) => pool.install(rest),
            _ => rest(),
        };
        let all = rest.map(|mut pages| {
            pages.extend(first.unwrap_or_default());
            pages
        });
        (all, shown)
    }

    /// Hands `show` the served files with `pages` (the open pages, rendered first) in them, and
    /// the paths whose bytes that changed; returns those paths. A page only takes a path its
    /// place had: what appears or goes, and the static files it uncovers, wait for the rest.
    fn show_first(
        &self,
        pages: &[RenderedPage],
        outputs: &Outputs,
        show: impl FnOnce(Files, Vec<String>),
    ) -> Vec<String> {
        let mut files = self.files.clone();
        let mut touched = Vec::new();
        for page in pages {
            let had = outputs
                .get(&page.place)
                .is_some_and(|paths| paths.contains(&page.output_path));
            if had {
                files.insert(page.output_path.clone(), Arc::new(page.contents.clone()));
                touched.push(page.output_path.clone());
            }
        }
        let changed = diff_at(&self.files, &files, touched);
        if !changed.is_empty() {
            show(files, changed.clone());
        }
        changed
    }

    fn fail(
        &mut self,
        diagnostics: Diagnostics,
        changes: BTreeSet<Change>,
        paths: Option<BTreeSet<PathBuf>>,
    ) -> Update {
        self.pending = changes;
        self.pending_paths = paths;
        let text = report(diagnostics);
        self.error = Some(text.clone());
        Update {
            changed: Vec::new(),
            error: Some(text),
            shown_first: Vec::new(),
        }
    }
}

/// Files that were not rendered again are the same allocation: no need to compare bytes.
fn same(a: &Arc<Vec<u8>>, b: &Arc<Vec<u8>>) -> bool {
    Arc::ptr_eq(a, b) || a == b
}

/// The paths whose bytes differ between two file tables.
fn diff(before: &Files, after: &Files) -> Vec<String> {
    let mut changed: Vec<String> = after
        .iter()
        .filter(|(path, bytes)| !before.get(*path).is_some_and(|b| same(b, bytes)))
        .map(|(path, _)| path.clone())
        .collect();
    changed.extend(before.keys().filter(|p| !after.contains_key(*p)).cloned());
    changed.sort();
    changed
}

/// `diff`, when only the `touched` paths can differ.
fn diff_at(before: &Files, after: &Files, mut touched: Vec<String>) -> Vec<String> {
    touched.sort();
    touched.dedup();
    touched.retain(|path| match (before.get(path), after.get(path)) {
        (Some(a), Some(b)) => !same(a, b),
        (None, None) => false,
        _ => true,
    });
    touched
}

/// The site a fresh full build writes, in memory: what the served files must equal.
pub fn full_build(options: &Options) -> Result<BTreeMap<String, Vec<u8>>, Diagnostics> {
    let site = build::load(options)?;
    let pages = site.render()?;
    let mut files = BTreeMap::new();
    for (place, source) in site.static_files().map_err(|e| {
        Diagnostics::from(crate::diagnostics::Diagnostic::new(
            &site.config.root,
            e.to_string(),
        ))
    })? {
        files.insert(place, std::fs::read(source).unwrap_or_default());
    }
    for page in pages {
        files.insert(page.output_path, page.contents);
    }
    Ok(files)
}

/// Gives the calling thread the lowest scheduling priority, so that whatever else the machine
/// runs (the browser reloading a page) goes first.
fn lower_priority() {
    #[cfg(unix)]
    // SAFETY: setpriority only reads its arguments; `0` is the calling thread on Linux.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, 19);
    }
}
