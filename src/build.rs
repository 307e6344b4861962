//! The pipeline, stage by stage: configuration, content, the linked model, messages and
//! templates, rendering, and (for `build`) writing. Stages that do not depend on each other all
//! run, so one build reports every error it can find.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::cache;
use crate::config::Config;
use crate::coverage::Coverage;
use crate::diagnostics::{Diagnostic, Diagnostics, SourceFile};
use crate::discover::{self, CONTENT_DIR};
use crate::localize::{self, Localizer};
use crate::model::{PageEntry, SiteModel};
use crate::output::{self, CommitError, InTheWay, Writer};
use crate::parse;
use crate::progress::Progress;
use crate::render::{self, RenderedPage};
use crate::static_places::{Clashes, StaticPlaces};
use crate::templates::Templates;

#[derive(Debug, Clone)]
pub struct Options {
    pub root: PathBuf,
    pub output: PathBuf,
    pub base_url: Option<String>,
    pub drafts: bool,
    /// The part of the site to write: all of it, one locale's pages, one shard.
    pub part: render::part::Part,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            root: PathBuf::from("."),
            output: PathBuf::from("public"),
            base_url: None,
            drafts: false,
            part: render::part::Part::whole(),
        }
    }
}

/// What a successful build or check did.
#[derive(Debug)]
pub struct Report {
    /// Pages per locale, in the site's language order.
    pub pages: Vec<(String, usize)>,
    pub elapsed: Duration,
    /// Where the site was written (none for `check`).
    pub output: Option<PathBuf>,
    /// What each language but the default still lacks: messages, papers, pages (`check`).
    pub coverage: Option<Coverage>,
    /// The warnings to print: languages with missing messages, static files a page stands in
    /// the place of.
    pub warnings: Vec<String>,
    /// How many files were written, left as they were, removed (none for `check`).
    pub written: Option<output::Written>,
}

/// Everything a site's pages are rendered from.
pub struct Site {
    pub config: Config,
    pub model: SiteModel,
    pub localizer: Arc<Localizer>,
    /// Shared with the next load of `serve` when no template changed.
    pub templates: Arc<Templates>,
    /// Shared with the next load of `serve` when no file of `content/` came or went.
    pub discovered: Arc<discover::Discovered>,
}

/// What a load may take over from the last good site instead of making it again: `serve` knows
/// which files an edit changed. Nothing is taken over when `site.toml` changed.
pub struct Reuse<'a> {
    pub site: &'a Site,
    /// The changed sources, relative to the site's root; `None` when they are not known (the
    /// watcher lost count), and every content file is looked at again.
    pub changed: Option<&'a BTreeSet<PathBuf>>,
    /// No template changed.
    pub templates: bool,
    /// No message file changed.
    pub messages: bool,
}

impl Reuse<'_> {
    /// The content files of the last site, if no file of `content/` came or went: each changed
    /// path is a file it had and still a file, or a file that came and went since (an editor's
    /// temporary file), which no walk would have seen.
    fn discovered(&self, config: &Config) -> Option<Arc<discover::Discovered>> {
        let found = &self.site.discovered;
        let content = |path: &Path| -> PathBuf {
            path.strip_prefix(CONTENT_DIR).unwrap_or(path).to_path_buf()
        };
        let known = |path: &Path| {
            found.files.iter().any(|f| f.relative == path)
                || found.assets.iter().any(|a| *a == content(path))
        };
        // A folder moved away is one event, for the folder, not one per file in it.
        let holds_known = |path: &Path| {
            found.files.iter().any(|f| f.relative.starts_with(path))
                || found.assets.iter().any(|a| a.starts_with(content(path)))
        };
        let unchanged = |path: &PathBuf| {
            let on_disk = config.path(path);
            if known(path) {
                on_disk.is_file()
            } else {
                !on_disk.exists() && !holds_known(path)
            }
        };
        self.changed?
            .iter()
            .filter(|path| path.starts_with(CONTENT_DIR))
            .all(unchanged)
            .then(|| found.clone())
    }
}

/// Runs every stage up to the rendered pages; writes nothing.
pub fn load(options: &Options) -> Result<Site, Diagnostics> {
    load_cached(options, &mut parse::ParseCache::disabled(), None)
}

/// `load`, parsing again only the content files that changed since `cache` was filled, and
/// taking over what `reuse` allows of the last good site.
pub fn load_cached(
    options: &Options,
    cache: &mut parse::ParseCache,
    reuse: Option<Reuse>,
) -> Result<Site, Diagnostics> {
    let mut errors = Diagnostics::new();
    let mut config =
        Config::load(&options.root, options.base_url.as_deref()).map_err(Diagnostics::from)?;
    config.include_drafts = options.drafts;
    let reuse = reuse.filter(|r| r.site.config.source.text == config.source.text);

    let stopwatch = crate::progress::Stopwatch::start("load");
    let found = match reuse.as_ref().and_then(|r| r.discovered(&config)) {
        Some(found) => found,
        None => {
            let (found, discover_errors) = discover::discover(&config);
            errors.extend(discover_errors);
            Arc::new(found)
        }
    };
    stopwatch.lap("discovered");
    let changed = reuse.as_ref().and_then(|r| r.changed);
    // The messages and templates are read and compiled beside the records, on one core, rather
    // than after them with the other core idle.
    let ((parsed, parse_errors), (localizer, templates)) = rayon::join(
        || parse::parse_all_cached(&config, &found, cache, changed),
        || {
            let localizer = match reuse.as_ref().filter(|r| r.messages) {
                Some(r) => Ok(r.site.localizer.clone()),
                None => Localizer::load(&config),
            };
            let templates = match reuse.as_ref().filter(|r| r.templates) {
                Some(r) => Ok(r.site.templates.clone()),
                None => Templates::load(&config).map(Arc::new),
            };
            (localizer, templates)
        },
    );
    errors.extend(parse_errors);
    let localizer = localizer.map_err(|e| errors.extend(e)).ok();
    let templates = templates.map_err(|e| errors.extend(e)).ok();
    if let Some(templates) = &templates {
        errors.extend(templates.unknown_names(&config, localizer.as_deref()));
    }
    stopwatch.lap("parsed, with the messages and templates");
    let relinked = match &reuse {
        Some(r) if errors.is_empty() => r.site.model.relink(&config, &parsed),
        _ => None,
    };
    let model = match relinked {
        Some(model) => Some(model),
        None => SiteModel::link(&config, parsed)
            .map_err(|e| errors.extend(e))
            .ok(),
    };
    if let (Some(model), Some(localizer)) = (&model, &localizer) {
        errors.extend(localize::unnamed_languages(
            localizer,
            record_languages(model),
        ));
    }
    stopwatch.lap("linked");
    // The model is made: what is allocated from here on comes and goes (`memory`).
    crate::memory::base_pages_from_now();
    match (model, localizer, templates) {
        (Some(model), Some(localizer), Some(templates)) if errors.is_empty() => Ok(Site {
            config,
            model,
            localizer,
            templates,
            discovered: found,
        }),
        _ => Err(errors),
    }
}

/// The language of each paper and of each version of each page, with its file.
fn record_languages(model: &SiteModel) -> impl Iterator<Item = (&str, &SourceFile)> {
    let papers = model
        .papers
        .iter()
        .map(|entry| (entry.record.lang.as_str(), &entry.record.source));
    let pages = model
        .pages
        .iter()
        .flat_map(PageEntry::versions)
        .map(|page| (page.lang.as_str(), &page.source));
    papers.chain(pages)
}

/// Where a site keeps files that are copied as they are: the theme's, then its own (which win).
pub const SITE_STATIC_DIR: &str = "static";

impl Site {
    /// The files copied as they are, as (place in the site, source file): the theme's static
    /// files, the site's own static files in their place, and the non-Markdown files of content/.
    pub fn static_files(&self) -> std::io::Result<Vec<(String, PathBuf)>> {
        let config = &self.config;
        let mut files: BTreeMap<String, PathBuf> = BTreeMap::new();
        let theme_static = config.path(Templates::theme_dir(config).join("static"));
        for (place, source) in output::files_of(&theme_static, "")?
            .into_iter()
            .chain(output::files_of(&config.path(SITE_STATIC_DIR), "")?)
        {
            files.insert(place, source);
        }
        let content = config.path(CONTENT_DIR);
        for asset in &self.discovered.assets {
            files.insert(
                asset.to_string_lossy().replace('\\', "/"),
                content.join(asset),
            );
        }
        Ok(files.into_iter().collect())
    }

    /// The warning for the site's own `robots.txt` among `static_files` (placed by `statics`),
    /// when it names no sitemap ([`render::robots_warning`]).
    pub fn robots_warning(
        &self,
        static_files: &[(String, PathBuf)],
        statics: &StaticPlaces,
    ) -> Option<String> {
        let (_, source) = static_files
            .iter()
            .find(|(place, _)| place == render::ROBOTS)?;
        let text = std::fs::read(source).ok()?;
        render::robots_warning(&self.config, statics, &text)
    }

    /// [`Site::static_files`], its failure an error of the site.
    pub fn listed_static_files(&self) -> Result<Vec<(String, PathBuf)>, Diagnostics> {
        self.static_files().map_err(|e| {
            Diagnostics::from(Diagnostic::new(
                &self.config.root,
                format!("cannot read a static file: {e}"),
            ))
        })
    }

    /// The renderer of the site's pages, beside its static files (whose places no alias may
    /// take).
    pub fn renderer<'a>(&'a self, statics: &'a StaticPlaces) -> render::SiteRenderer<'a> {
        render::SiteRenderer::new(
            &self.config,
            &self.model,
            &self.localizer,
            &self.templates,
            statics,
        )
    }

    /// Every page of every locale, and the files for crawlers.
    pub fn render(&self) -> Result<Vec<RenderedPage>, Diagnostics> {
        let statics = StaticPlaces::new(&self.config.root, &self.listed_static_files()?);
        self.renderer(&statics)
            .render_all()
            .map_err(Diagnostics::from)
    }

    /// What each language but the default still lacks.
    pub fn coverage(&self) -> Coverage {
        Coverage::of(&self.config, &self.localizer, &self.model)
    }

    /// The warnings of the site's languages: those with missing messages, and the folders of
    /// `i18n/` named for no language of the site.
    pub fn language_warnings(&self) -> Vec<String> {
        language_warnings(&self.coverage(), &self.config)
    }

    /// The HTML pages of each language, counted in `per_locale`, in the site's order of its
    /// languages.
    pub(crate) fn page_counts(&self, per_locale: &BTreeMap<String, usize>) -> Vec<(String, usize)> {
        self.config
            .languages
            .iter()
            .map(|l| {
                (
                    l.code.clone(),
                    per_locale.get(l.code.as_str()).copied().unwrap_or(0),
                )
            })
            .collect()
    }
}

/// [`Site::language_warnings`], of a coverage already made.
fn language_warnings(coverage: &Coverage, config: &Config) -> Vec<String> {
    let mut warnings = coverage.warnings();
    warnings.extend(crate::localize::unlisted_languages(config));
    warnings
}

/// The warning for the files of the output folder that the site does not have and that no
/// build of it wrote, left in place.
fn kept_files_warning(output: &Path, kept: &[String]) -> String {
    let (are, were, they, them) = match kept.len() {
        1 => ("is", "was", "it", "it"),
        _ => ("are", "were", "they", "them"),
    };
    format!(
        "{}: {} {are} not the site's and {were} not written by papermap, so {they} {are} left in place; delete {them} if the built site should not have {them}",
        output.display(),
        crate::diagnostics::named_and_counted(kept, 5, ("file", "files")),
    )
}

/// An error for each thing of someone else's that stands where the site writes: nothing was
/// moved into the output folder, and nothing of theirs is replaced.
fn in_the_way(output: &Path, obstacles: &[InTheWay]) -> Diagnostics {
    let mut diagnostics = Diagnostics::new();
    for obstacle in obstacles {
        let message = if obstacle.is_folder {
            "this folder holds files that papermap did not write, where the site writes a file"
        } else {
            "this file was not written by papermap, and stands where the site needs a folder"
        };
        diagnostics.push(
            Diagnostic::new(output.join(&obstacle.place), message)
                .with_help("move it out of the output folder, or build into another with --output"),
        );
    }
    diagnostics
}

/// `papermap build`: the site (or the part of it that `options.part` names), written into the
/// output folder only if nothing failed. Pages are written as they are rendered; a file whose
/// bytes did not change is not rewritten.
pub fn build(options: &Options) -> Result<Report, Diagnostics> {
    let start = Instant::now();
    let stopwatch = crate::progress::Stopwatch::start("build");
    let output = if options.root == Path::new(".") {
        options.output.clone()
    } else {
        options.root.join(&options.output)
    };
    // A whole build whose inputs did not change, into an output folder as the last one left it,
    // has nothing to do.
    let fingerprint = if options.part.is_whole() {
        let asked = format!(
            "{:?}",
            (
                &options.base_url,
                options.drafts,
                std::path::absolute(&output).ok()
            )
        );
        cache::fingerprint(&options.root, &asked).ok()
    } else {
        None
    };
    stopwatch.lap("inputs fingerprinted");
    if let Some(fingerprint) = fingerprint {
        if let Some(last) = cache::load(&options.root, &output) {
            if last.fingerprint == fingerprint && cache::output_is_intact(&output, &last) {
                return Ok(Report {
                    pages: last.pages,
                    elapsed: start.elapsed(),
                    output: Some(output),
                    coverage: None,
                    warnings: last.warnings,
                    written: Some(output::Written {
                        changed: 0,
                        unchanged: last.files.len(),
                        removed: 0,
                        kept: Vec::new(),
                    }),
                });
            }
        }
    }
    let site = load(options)?;
    output::refuse_source_folders(&options.root, &output)?;
    let part = &options.part;
    if let Some(locale) = &part.locale {
        let codes = site.config.codes();
        if !codes.contains(&locale.as_str()) {
            return Err(Diagnostics::from(Diagnostic::new(
                &site.config.source.path,
                format!(
                    "--locale {locale}: the site has no language `{locale}`; its languages are {}",
                    codes.join(", ")
                ),
            )));
        }
    }
    let cannot_write = |e: std::io::Error| {
        Diagnostics::from(Diagnostic::new(
            &output,
            format!("cannot write the site: {e}"),
        ))
    };
    let writer = Writer::new(&output).map_err(cannot_write)?;
    let static_files = site.listed_static_files()?;
    let statics = StaticPlaces::new(&site.config.root, &static_files);
    let renderer = site.renderer(&statics);
    stopwatch.lap("loaded");
    let page_count = renderer.count_of(part);
    writer.reserve(page_count);
    let progress = Progress::new(page_count, "pages");
    let per_locale: std::sync::Mutex<BTreeMap<String, usize>> = Default::default();
    let makes_search = part.owns_site_files(&site.config.default_language().code);
    let robots_warning = makes_search
        .then(|| site.robots_warning(&static_files, &statics))
        .flatten();
    // The search index is made once the pages are written and the model is freed, from its
    // records kept aside meanwhile: the build then holds the model or the indexer, never both
    // (at 100 000 papers, 0.95–0.99 GiB instead of 1.54), and the indexer has the cores to
    // itself, so that a 10 000-paper build takes no longer than with the index beside the pages.
    let write_failures = crate::output::WriteFailures::default();
    let clashes = Clashes::default();
    let (rendered, searched) = rayon::join(
        || {
            let rendered = renderer.render_each(part, |page| {
                // Not written: the build fails once every page is made (below).
                if clashes.check(&statics, &page.output_path) {
                    return Ok(());
                }
                if let Err(e) = writer.put(&page.output_path, &page.contents) {
                    let path = output.join(&page.output_path);
                    // The failure is counted either way; the build fails on the first of its kind.
                    return write_failures.first(&path, &e).map_or(Ok(()), Err);
                }
                if page.is_counted() {
                    *per_locale
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .entry(page.locale)
                        .or_default() += 1;
                }
                progress.step();
                Ok(())
            });
            progress.finish();
            stopwatch.lap("rendered and written");
            rendered
        },
        || -> Result<Option<crate::search::Spill>, Diagnostics> {
            if !makes_search {
                return Ok(None);
            }
            let spill = crate::search::Spill::make(&site.config, &site.model).map_err(|e| {
                Diagnostics::from(Diagnostic::new(&output, e).with_help(
                    "set TMPDIR to a folder with room for about 1.5 KB a page in each language",
                ))
            })?;
            stopwatch.lap("search records kept aside");
            Ok(Some(spill))
        },
    );
    let mut errors = rendered.err().unwrap_or_default();
    errors.extend(write_failures.more(&output));
    errors.extend(statics.among_themselves());
    errors.extend(clashes.diagnostics(&statics));
    if !errors.is_empty() {
        return Err(Diagnostics::from(errors));
    }
    let spill = searched?;
    // A whole build's sitemaps list every page: they are made once the model is freed (below,
    // where a build with a search index frees it), from the pages' paths taken now (made beside
    // the model, they raised the 100 000-paper peak by 19 MiB: 25 MB a sitemap file).
    let site_files = if spill.is_some() {
        Some((renderer.sitemap_paths(), static_files))
    } else {
        None
    };
    let per_locale = per_locale.into_inner().unwrap_or_else(|e| e.into_inner());
    let pages = site.page_counts(&per_locale);
    let coverage = site.coverage();
    let mut warnings = language_warnings(&coverage, &site.config);
    warnings.extend(robots_warning);
    if let Some(spill) = spill {
        drop(renderer);
        let Site {
            config,
            model,
            localizer,
            templates,
            discovered,
        } = site;
        crate::memory::hand_back_once(|| drop((model, localizer, templates, discovered)));
        stopwatch.lap("model freed");
        if let Some((paths, static_files)) = site_files {
            for page in render::crawler_files(&config, paths, &statics) {
                if clashes.check(&statics, &page.output_path) {
                    continue;
                }
                writer
                    .put(&page.output_path, &page.contents)
                    .map_err(cannot_write)?;
            }
            // Pages win over static files at the same place; the static file's author is told.
            for (place, source) in static_files {
                if writer.has(&place) {
                    warnings.push(statics.shadowed(&place, &source));
                } else {
                    writer.copy(&place, &source).map_err(cannot_write)?;
                }
            }
            stopwatch.lap("sitemaps and static files written");
        }
        let progress = Progress::new(spill.pages() * config.languages.len(), "pages indexed");
        let write = |files: crate::search::BundleFiles| {
            for (place, bytes) in files {
                if clashes.check(&statics, &place) {
                    continue;
                }
                writer
                    .put(&place, &bytes)
                    .map_err(|e| format!("cannot write the site: {e}"))?;
            }
            Ok(())
        };
        crate::search::bundle_spilled(&config, &spill, &|| progress.step(), write)
            .map_err(|e| Diagnostics::from(Diagnostic::new(&output, e)))?;
        progress.finish();
        stopwatch.lap("search index made");
    }
    let late = clashes.diagnostics(&statics);
    if !late.is_empty() {
        return Err(Diagnostics::from(late));
    }
    // What the last build wrote there may go; what someone else put there stays.
    let written_before: rustc_hash::FxHashSet<String> = cache::load(&options.root, &output)
        .map(|last| last.files.into_iter().map(|(place, ..)| place).collect())
        .unwrap_or_default();
    cache::forget(&options.root, &output);
    let (written, files) =
        writer
            .commit(part.is_whole(), &written_before)
            .map_err(|e| match e {
                CommitError::Io(e) => cannot_write(e),
                CommitError::InTheWay(obstacles) => in_the_way(&output, &obstacles),
            })?;
    drop(written_before);
    if !written.kept.is_empty() {
        warnings.push(kept_files_warning(&output, &written.kept));
    }
    stopwatch.lap("committed");
    if let Some(fingerprint) = fingerprint {
        // Without a manifest the next build is a whole one: nothing is lost.
        let _ = cache::store(
            &options.root,
            &output,
            fingerprint,
            &pages,
            &warnings,
            &files,
            &written.kept,
        );
    }
    Ok(Report {
        pages,
        elapsed: start.elapsed(),
        output: Some(output),
        coverage: Some(coverage),
        warnings,
        written: Some(written),
    })
}
