//! Rendering: a pure function of (model, locale, template) per page, run in parallel. It decides
//! each page's URL and output path, builds the template context from the views, and hands the
//! HTML on; it writes nothing.

pub mod views;

use std::collections::BTreeMap;
use std::sync::Arc;

use rayon::prelude::*;
use serde::Serialize;

use crate::config::{Config, Fact};
use crate::diagnostics::Diagnostic;
use crate::localize::Localizer;
use crate::model::SiteModel;
use crate::templates::{LocaleTemplates, Templates};

use views::{Alternate, SiteView};

/// URLs of the site: the default language unprefixed, the others under `/<locale>/`.
pub struct Urls {
    base_url: String,
    base_path: String,
    default_locale: String,
}

impl Urls {
    pub fn new(config: &Config) -> Urls {
        Urls {
            base_url: config.base_url.clone(),
            base_path: config.base_path.clone(),
            default_locale: config.default_language().code.clone(),
        }
    }

    /// The path of a page inside the site, e.g. `fr/paper/2208.11695/` (`""` for the home page).
    pub fn site_path(&self, locale: &str, path: &str) -> String {
        let mut out = String::new();
        if locale != self.default_locale {
            out.push_str(locale);
            out.push('/');
        }
        if !path.is_empty() {
            out.push_str(path);
            out.push('/');
        }
        out
    }

    pub fn url(&self, locale: &str, path: &str) -> String {
        format!("{}/{}", self.base_path, self.site_path(locale, path))
    }

    pub fn absolute(&self, locale: &str, path: &str) -> String {
        format!("{}/{}", self.base_url, self.site_path(locale, path))
    }

    pub fn paper(&self, locale: &str, id: &str) -> String {
        self.url(locale, &format!("paper/{id}"))
    }
}

/// A rendered page, ready to be written.
#[derive(Debug)]
pub struct RenderedPage {
    pub locale: String,
    /// Relative to the output folder, e.g. `fr/paper/2208.11695/index.html`.
    pub output_path: String,
    pub html: String,
}

#[derive(Clone, Copy)]
enum Job {
    Home,
    Paper(usize),
    Page(usize),
}

#[derive(Serialize)]
struct Context<'a, T: Serialize> {
    site: &'a SiteView<'a>,
    alternates: Vec<Alternate<'a>>,
    canonical_url: String,
    #[serde(flatten)]
    page: T,
}

#[derive(Serialize)]
struct HomeContext<'a> {
    papers: Vec<views::PaperItem<'a>>,
    pages: Vec<views::PageItem<'a>>,
}

#[derive(Serialize)]
struct PaperContext<'a> {
    paper: views::PaperView<'a>,
}

#[derive(Serialize)]
struct PageContext<'a> {
    page: views::PageView<'a>,
}

/// Renders every page of every locale.
pub fn render_site(
    config: &Config,
    model: &SiteModel,
    localizer: &Arc<Localizer>,
    templates: &Templates,
) -> Result<Vec<RenderedPage>, Vec<Diagnostic>> {
    let urls = Urls::new(config);
    let mut jobs = vec![Job::Home];
    jobs.extend((0..model.papers.len()).map(Job::Paper));
    jobs.extend((0..model.pages.len()).map(Job::Page));

    let locales: Vec<(usize, &str, LocaleTemplates, SiteView)> = config
        .languages
        .iter()
        .enumerate()
        .map(|(i, language)| {
            let code = language.code.as_str();
            let formats = localizer.formats(i);
            let site = SiteView {
                lang: code,
                base_path: &config.base_path,
                home_url: urls.url(code, ""),
                stylesheet_url: format!("{}/style.css", config.base_path),
                data_through: config.data_through.map(|d| formats.date(d)),
                facts: facts(config),
            };
            (i, code, templates.for_locale(localizer, i), site)
        })
        .collect();

    let work: Vec<(usize, Job)> = (0..locales.len())
        .flat_map(|l| jobs.iter().map(move |&j| (l, j)))
        .collect();
    let results: Vec<Result<RenderedPage, Diagnostic>> = work
        .par_iter()
        .map(|&(l, job)| {
            let (_, locale, tera, site) = &locales[l];
            render_one(config, model, &urls, templates, tera, site, locale, job)
        })
        .collect();

    let mut pages = Vec::with_capacity(results.len());
    let mut errors = Vec::new();
    for result in results {
        match result {
            Ok(page) => pages.push(page),
            Err(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok(pages)
    } else {
        Err(errors)
    }
}

#[allow(clippy::too_many_arguments)]
fn render_one(
    config: &Config,
    model: &SiteModel,
    urls: &Urls,
    templates: &Templates,
    tera: &LocaleTemplates,
    site: &SiteView,
    locale: &str,
    job: Job,
) -> Result<RenderedPage, Diagnostic> {
    let (template, path) = match job {
        Job::Home => ("index.html", String::new()),
        Job::Paper(i) => ("paper.html", format!("paper/{}", model.papers[i].record.id)),
        Job::Page(i) => ("page.html", model.pages[i].path().to_string()),
    };
    let alternates = config
        .languages
        .iter()
        .map(|l| Alternate {
            lang: &l.code,
            url: urls.url(&l.code, &path),
            absolute_url: urls.absolute(&l.code, &path),
            current: l.code == locale,
        })
        .collect();
    let canonical_url = urls.absolute(locale, &path);
    let context = match job {
        Job::Home => {
            let mut order: Vec<usize> = (0..model.papers.len()).collect();
            order.sort_by_key(|&i| (std::cmp::Reverse(model.papers[i].record.year), i));
            tera::Context::from_serialize(Context {
                site,
                alternates,
                canonical_url,
                page: HomeContext {
                    papers: order
                        .into_iter()
                        .map(|i| views::paper_item(model, urls, i, locale))
                        .collect(),
                    pages: model
                        .pages
                        .iter()
                        .map(|p| views::page_item(p, urls, locale))
                        .collect(),
                },
            })
        }
        Job::Paper(i) => tera::Context::from_serialize(Context {
            site,
            alternates,
            canonical_url,
            page: PaperContext {
                paper: views::paper_view(model, urls, i, locale),
            },
        }),
        Job::Page(i) => tera::Context::from_serialize(Context {
            site,
            alternates,
            canonical_url,
            page: PageContext {
                page: views::page_view(model, urls, i, locale),
            },
        }),
    }
    .map_err(|e| templates.render_error(template, &e))?;
    let html = tera
        .render(template, &context)
        .map_err(|e| templates.render_error(template, &e))?;
    Ok(RenderedPage {
        locale: locale.to_string(),
        output_path: format!("{}index.html", urls.site_path(locale, &path)),
        html,
    })
}

fn facts(config: &Config) -> BTreeMap<&str, serde_json::Value> {
    config
        .facts
        .iter()
        .map(|(name, fact)| {
            let value = match fact {
                Fact::Number(n) => serde_json::json!(n),
                Fact::Text(t) => serde_json::json!(t),
                Fact::Date(d) => serde_json::json!(d.to_string()),
            };
            (name.as_str(), value)
        })
        .collect()
}
