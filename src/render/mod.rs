//! Rendering: a pure function of (model, locale, template) per page, run in parallel. It lists
//! the pages of the site, builds each one's template context from the views, and hands the
//! HTML (and each paper's Markdown twin) on; it writes nothing.

mod aliases;
mod bibtex;
mod contexts;
mod errors;
pub mod feeds;
mod meta;
pub mod part;
mod places;
mod shared;
mod sitemap;
pub mod urls;
pub mod views;

use std::sync::Arc;

use rayon::prelude::*;

use contexts::facts;
use errors::PageError;
use places::{jobs, Job};
use shared::Shared;

use crate::config::Config;
use crate::diagnostics::Diagnostic;
use crate::localize::Localizer;
use crate::model::SiteModel;
use crate::static_places::StaticPlaces;
use crate::templates::{LocaleTemplates, Templates};

pub use sitemap::{SitemapPaths, ROBOTS};
pub use urls::Urls;
use views::SiteView;

/// A rendered file (a page, a Markdown twin, the sitemap), ready to be written.
#[derive(Debug)]
pub struct RenderedPage {
    pub locale: String,
    /// Its place in the site without the locale (`paper/2208.11695`), as `SiteRenderer::paths`.
    pub place: String,
    /// Relative to the output folder, e.g. `fr/paper/2208.11695/index.html`.
    pub output_path: String,
    /// The bytes to write: UTF-8, since Tera writes nothing but strings, and not checked again
    /// (checking every page was 1 % of a build's instructions).
    pub contents: Vec<u8>,
    /// A redirect from an earlier address, not a page of its own.
    pub redirect: bool,
}

impl RenderedPage {
    /// An HTML page, as opposed to a Markdown twin.
    pub fn is_html(&self) -> bool {
        self.output_path.ends_with(".html")
    }

    /// An HTML page readers are meant to read: not a redirect.
    pub fn is_counted(&self) -> bool {
        self.is_html() && !self.redirect
    }
}

/// The place of the site-wide files for crawlers: the sitemap (with its parts when it is an
/// index) and `robots.txt`.
pub const SITEMAP: &str = "sitemap.xml";

/// The place of the search page.
pub const SEARCH_PATH: &str = "search";

/// The place of the not-found page among the others; its file is `<locale>/404.html`.
pub const NOT_FOUND_PATH: &str = "404";

/// Everything that renders the pages of one site model, prepared once: the per-locale templates
/// and site views, and the list of pages. `serve` keeps one to re-render single pages.
pub struct SiteRenderer<'a> {
    renderer: Renderer<'a>,
    locales: Vec<LocaleRendering<'a>>,
    jobs: Vec<Job>,
}

/// What the pages of one locale are rendered with, made once a build.
struct LocaleRendering<'a> {
    /// Its place in the site's languages.
    index: usize,
    code: &'a str,
    templates: LocaleTemplates,
    site: SiteView<'a>,
    /// The places in the model's list of subfields, in the locale's alphabetical order of the
    /// names its pages show.
    subfield_order: Vec<usize>,
}

impl<'a> SiteRenderer<'a> {
    /// `static_files` are the files the site copies as they are, whose places no page's alias
    /// may take.
    pub fn new(
        config: &'a Config,
        model: &'a SiteModel,
        localizer: &Arc<Localizer>,
        templates: &'a Templates,
        static_files: &'a StaticPlaces,
    ) -> SiteRenderer<'a> {
        let urls = Urls::new(config);
        let locales = config
            .languages
            .iter()
            .enumerate()
            .map(|(i, language)| {
                let code = language.code.as_str();
                let formats = localizer.formats(i);
                let site = SiteView {
                    lang: code,
                    dir: language.direction,
                    base_path: &config.base_path,
                    home_url: urls.url(code, ""),
                    stylesheet_url: format!("{}/style.css", config.base_path),
                    feed_url: urls.url(code, "") + feeds::FEED_FILE,
                    search_url: urls.url(code, SEARCH_PATH),
                    data_through: config.data_through.map(|d| formats.date(d)),
                    facts: facts(config),
                    classified: !config.classification.categories.is_empty(),
                };
                let subfields = &model.lists.subfields;
                let names =
                    localizer.subfield_names(i, subfields.iter().map(|g| (&*g.name, &*g.slug)));
                let shown = |g: usize| match names.get(&subfields[g].name).map(|n| &n.name) {
                    Some(Ok(name)) => name.as_str(),
                    _ => &subfields[g].name,
                };
                let mut subfield_order: Vec<usize> = (0..subfields.len()).collect();
                subfield_order.sort_by(|&a, &b| formats.compare(shown(a), shown(b)));
                LocaleRendering {
                    index: i,
                    code,
                    templates: templates.for_locale(localizer, i, names),
                    site,
                    subfield_order,
                }
            })
            .collect();
        let redirects = aliases::redirects(config, model);
        let mut jobs = jobs(model, config.page_size);
        jobs.extend((0..redirects.len()).map(Job::Alias));
        SiteRenderer {
            jobs,
            renderer: Renderer {
                config,
                model,
                urls,
                templates,
                redirects,
                static_files,
                og_locales: config
                    .languages
                    .iter()
                    .map(|l| l.formats.to_string().replace('-', "_"))
                    .collect(),
            },
            locales,
        }
    }

    /// The place of every page and feed in the site, without its locale (`paper/2208.11695`, ``
    /// for the home page, `atom.xml` for the map's feed), each once.
    pub fn paths(&self) -> Vec<String> {
        self.jobs
            .iter()
            .filter(|job| !matches!(job, Job::Twin(_)))
            .map(|&job| self.renderer.place(job).1)
            .collect()
    }

    /// Each long-form page's place and its address in each locale, in the order of the site's
    /// languages: `serve` tells from them which pages moved.
    pub fn page_addresses(&self) -> Vec<(String, Vec<String>)> {
        self.renderer
            .model
            .pages
            .iter()
            .map(|entry| {
                let addresses = self.locales.iter().map(|l| entry.address(l.code));
                (
                    entry.path().to_string(),
                    addresses.map(String::from).collect(),
                )
            })
            .collect()
    }

    /// Every page and feed of every locale, and the files for crawlers.
    pub fn render_all(&self) -> Result<Vec<RenderedPage>, Vec<Diagnostic>> {
        let mut pages = self.render_selected(|_, _, _| true)?;
        pages.extend(self.crawler_files());
        Ok(pages)
    }

    /// The pages (with their Markdown twins) at these places, in every locale.
    pub fn render_paths(
        &self,
        paths: &std::collections::HashSet<String>,
    ) -> Result<Vec<RenderedPage>, Vec<Diagnostic>> {
        self.render_selected(|_, _, place| paths.contains(place))
    }

    /// The pages that `wanted(template, locale, place)` asks for.
    pub fn render_selected(
        &self,
        wanted: impl Fn(&str, &str, &str) -> bool + Sync,
    ) -> Result<Vec<RenderedPage>, Vec<Diagnostic>> {
        let places: Vec<(Job, &'static str, String)> = self
            .jobs
            .iter()
            .map(|&job| {
                let (template, place, _) = self.renderer.place(job);
                (job, template, place)
            })
            .collect();
        self.check_redirects()?;
        let mut work: Vec<(usize, Job)> = Vec::new();
        for (job, template, place) in &places {
            for (l, locale) in self.locales.iter().enumerate() {
                if self.renderer.renders_in(*job, l) && wanted(template, locale.code, place) {
                    work.push((l, *job));
                }
            }
        }
        let results: Vec<Result<RenderedPage, Box<PageError>>> = paper_groups(&work)
            .flat_map_iter(|group| self.render_group(group))
            .collect();
        let mut pages = Vec::with_capacity(results.len());
        let mut errors = Vec::new();
        for result in results {
            match result {
                Ok(page) => pages.push(page),
                Err(e) => errors.push(*e),
            }
        }
        if errors.is_empty() {
            Ok(pages)
        } else {
            Err(errors::by_error(errors))
        }
    }

    /// The pages of one group of the work (a paper's pages in every locale, or one other page),
    /// rendered with what they share.
    fn render_group(&self, group: &[(usize, Job)]) -> Vec<Result<RenderedPage, Box<PageError>>> {
        let shared = Shared::default();
        group
            .iter()
            .map(|&(l, job)| self.renderer.render(&self.locales[l], job, &shared))
            .collect()
    }

    /// Where each page (and twin and feed) of `part` is written, known without rendering it.
    pub fn output_paths(&self, part: &part::Part) -> Vec<String> {
        self.output_places(part).map(|(output, _)| output).collect()
    }

    /// Each page (and twin and feed) of `part` as (where it is written, its place:
    /// [`RenderedPage::place`]), known without rendering it.
    pub fn output_places<'r>(
        &'r self,
        part: &part::Part,
    ) -> impl Iterator<Item = (String, String)> + 'r {
        self.work_of(part)
            .into_iter()
            .map(|(l, job)| self.output_of(l, job))
    }

    /// Where the page `job` in the `l`-th locale is written, and its place.
    fn output_of(&self, l: usize, job: Job) -> (String, String) {
        let locale = self.locales[l].code;
        let (_, path, file) = self.renderer.place(job);
        let (path_of, _) = self.renderer.folder_and_file(job, locale, &path, file);
        (self.renderer.output_path(job, locale, path_of, file), path)
    }

    /// How many pages (and twins and feeds) of `part` there are, for a progress bar.
    pub fn count_of(&self, part: &part::Part) -> usize {
        self.work_of(part).len()
    }

    /// The pages of `part`: (locale's index, job), each page in every locale before the next,
    /// so that what the locales share is made once, next to where it is used.
    fn work_of(&self, part: &part::Part) -> Vec<(usize, Job)> {
        self.jobs
            .iter()
            .enumerate()
            .flat_map(|(j, &job)| {
                self.locales
                    .iter()
                    .enumerate()
                    .filter(move |&(l, locale)| {
                        self.renderer.renders_in(job, l) && part.owns(j, locale.code)
                    })
                    .map(move |(l, _)| (l, job))
            })
            .collect()
    }

    /// Renders the pages of `part` and hands each one to `sink` as soon as it is made, from the
    /// rendering threads, so that no more than a few pages are held at once. Rendering goes on
    /// after an error, so that every error is reported.
    pub fn render_each(
        &self,
        part: &part::Part,
        sink: impl Fn(RenderedPage) -> Result<(), Diagnostic> + Sync,
    ) -> Result<(), Vec<Diagnostic>> {
        self.check_redirects()?;
        let work = self.work_of(part);
        let page_errors = std::sync::Mutex::new(Vec::new());
        let sink_errors = std::sync::Mutex::new(Vec::new());
        paper_groups(&work).for_each(|group| {
            for result in self.render_group(group) {
                match result {
                    Ok(page) => {
                        if let Err(e) = sink(page) {
                            sink_errors
                                .lock()
                                .unwrap_or_else(|e| e.into_inner())
                                .push(e);
                        }
                    }
                    Err(e) => page_errors
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push(*e),
                }
            }
        });
        let mut errors = sink_errors.into_inner().unwrap_or_else(|e| e.into_inner());
        errors.extend(errors::by_error(
            page_errors.into_inner().unwrap_or_else(|e| e.into_inner()),
        ));
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors)
        }
    }

    /// An error at each alias that would take the place of a file the pages make, or that two
    /// versions give; checked before anything is rendered, against every other page.
    fn check_redirects(&self) -> Result<(), Vec<Diagnostic>> {
        if self.renderer.redirects.is_empty() {
            return Ok(());
        }
        let outputs = self
            .work_of(&part::Part::whole())
            .into_iter()
            .filter(|(_, job)| !matches!(job, Job::Alias(_)))
            .map(|(l, job)| self.output_of(l, job).0)
            .collect();
        let errors = aliases::clashes(
            &self.renderer.redirects,
            &outputs,
            self.renderer.static_files,
        );
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors)
        }
    }

    /// The paths of the pages the sitemaps list, for [`crawler_files`].
    pub fn sitemap_paths(&self) -> SitemapPaths {
        let mut paths = SitemapPaths::default();
        for &job in self.jobs.iter().filter(|job| job.in_sitemap()) {
            match job {
                Job::Page(i) if self.renderer.model.pages[i].has_slug() => {
                    let entry = &self.renderer.model.pages[i];
                    paths.push_per_language(
                        self.locales
                            .iter()
                            .map(|l| entry.address(l.code).to_string())
                            .collect(),
                    );
                }
                _ => paths.push(&self.renderer.place(job).1),
            }
        }
        paths
    }

    /// [`crawler_files`] of these pages.
    pub fn crawler_files(&self) -> impl Iterator<Item = RenderedPage> + '_ {
        crawler_files(
            self.renderer.config,
            self.sitemap_paths(),
            self.renderer.static_files,
        )
    }
}

/// `sitemap.xml` (an index of `sitemap-<n>.xml` when there are too many pages for one) and
/// `robots.txt`, which names it, of the pages at `paths`; all at the place [`SITEMAP`], each made
/// when it is asked for. Made from the paths alone, so that a build can make them once the map's
/// model is freed. A site's own `robots.txt` among its `static_files` takes the place of
/// papermap's: the rules for crawlers are the site's to set.
pub fn crawler_files<'a>(
    config: &'a Config,
    paths: SitemapPaths,
    static_files: &StaticPlaces,
) -> impl Iterator<Item = RenderedPage> + 'a {
    let urls = Urls::new(config);
    let robots = match static_files.source(sitemap::ROBOTS) {
        Some(_) => None,
        None => Some((sitemap::ROBOTS.to_string(), sitemap::robots(&urls))),
    };
    sitemap::sitemaps(config, urls, paths, sitemap::URLS_PER_SITEMAP)
        .chain(robots)
        .map(|(file, contents)| RenderedPage {
            locale: config.default_language().code.clone(),
            place: SITEMAP.to_string(),
            output_path: file,
            contents: contents.into_bytes(),
            redirect: false,
        })
}

/// The warning for the site's own `robots.txt` among `statics` (its bytes `text`), when it
/// names no sitemap: papermap's names `sitemap.xml`, and a crawler that reads the site's
/// instead is not told where its pages are listed. The line it asks for names the published
/// site's address, also while `serve` builds the site at its own.
pub fn robots_warning(config: &Config, statics: &StaticPlaces, text: &[u8]) -> Option<String> {
    let shown = statics.source(sitemap::ROBOTS)?;
    if sitemap::names_a_sitemap(&String::from_utf8_lossy(text)) {
        return None;
    }
    Some(format!(
        "{}: names no sitemap, so a crawler that reads it is not told where the site's pages \
         are listed; add the line `Sitemap: {}`",
        shown.display(),
        sitemap::sitemap_address(&format!("{}/", config.published_url))
    ))
}

/// What every page is rendered from, whatever its locale.
struct Renderer<'a> {
    config: &'a Config,
    model: &'a SiteModel,
    urls: Urls,
    templates: &'a Templates,
    /// Each language's locale as Open Graph writes it (`en_GB`), in the order of the site's
    /// languages: every page names them all.
    og_locales: Vec<String>,
    /// The long-form pages' earlier addresses, which `Job::Alias` renders.
    redirects: Vec<aliases::Redirect<'a>>,
    /// The files copied as they are: for [`aliases::clashes`].
    static_files: &'a StaticPlaces,
}

/// The groups of `work` to render, each a paper's pages or one other page, for rayon to split
/// down to one group. Left to rayon's own measure (`par_chunk_by`), splitting stops once each
/// thread has a few large pieces, each rendered whole once begun: at the end of a 10 000-paper
/// build's 3.5 s of rendering one thread went on alone with its last piece for 0.27 s while the
/// other had nothing left (perf, one sample a millisecond a thread).
fn paper_groups(
    work: &[(usize, Job)],
) -> impl IndexedParallelIterator<Item = &[(usize, Job)]> + '_ {
    work.chunk_by(same_paper)
        .collect::<Vec<_>>()
        .into_par_iter()
        .with_max_len(1)
}

/// Whether two pages to render are of the same paper (its page or its Markdown twin), and so
/// share what [`Shared`] holds.
fn same_paper(a: &(usize, Job), b: &(usize, Job)) -> bool {
    match (a.1, b.1) {
        (Job::Paper(i) | Job::Twin(i), Job::Paper(j) | Job::Twin(j)) => i == j,
        _ => false,
    }
}

impl Renderer<'_> {
    fn render(
        &self,
        rendering: &LocaleRendering,
        job: Job,
        shared: &Shared,
    ) -> Result<RenderedPage, Box<PageError>> {
        let locale = rendering.code;
        let (template, path, file) = self.place(job);
        let (path_of, _) = self.folder_and_file(job, locale, &path, file);
        let error = |e: &tera::Error, context: Option<&tera::Context>| {
            Box::new(PageError {
                diagnostic: self.templates.render_error(template, e, context),
                output_path: self.output_path(job, locale, path_of, file),
                order: (path.clone(), rendering.index),
            })
        };
        let kept = match job {
            Job::Twin(_) => shared.paper_context(locale),
            _ => None,
        };
        let context = match kept {
            Some(context) => context,
            None => self
                .context(rendering, job, (&path, file), shared)
                .map_err(|e| error(&e, None))?,
        };
        let html = rendering
            .templates
            .render(template, &context)
            .map_err(|e| error(&e, Some(&context)))?;
        if let Job::Paper(_) = job {
            shared.keep_paper_context(locale, context);
        }
        Ok(RenderedPage {
            locale: locale.to_string(),
            place: path.clone(),
            output_path: self.output_path(job, locale, path_of, file),
            contents: html,
            redirect: matches!(job, Job::Alias(_)),
        })
    }
}
