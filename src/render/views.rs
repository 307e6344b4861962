//! The template context: borrowed, serializable views of the model for one page in one locale.
//! The model never depends on Tera; these structs are the only thing templates see.

use serde::Serialize;

use crate::model::{PageEntry, PaperEntry, SiteModel};
use crate::parse::{Link, Ranking};

use super::Urls;

/// What every page knows about the site and about itself.
#[derive(Serialize)]
pub struct SiteView<'a> {
    pub lang: &'a str,
    pub base_path: &'a str,
    pub home_url: String,
    pub stylesheet_url: String,
    pub data_through: Option<String>,
    pub facts: std::collections::BTreeMap<&'a str, serde_json::Value>,
}

/// A link to the same page in one of the site's languages.
#[derive(Serialize)]
pub struct Alternate<'a> {
    pub lang: &'a str,
    pub url: String,
    pub absolute_url: String,
    pub current: bool,
}

/// A paper as an item of a list: title in the page's locale when translated.
#[derive(Serialize)]
pub struct PaperItem<'a> {
    pub id: &'a str,
    pub title: &'a str,
    /// Set when the title is shown in another language than the page's.
    pub title_lang: Option<&'a str>,
    pub year: i32,
    pub url: String,
}

#[derive(Serialize)]
pub struct PageItem<'a> {
    pub title: &'a str,
    pub title_lang: Option<&'a str>,
    pub url: String,
}

#[derive(Serialize)]
pub struct CitationView<'a> {
    pub title: &'a str,
    pub title_lang: Option<&'a str>,
    /// The citing paper's page, when it is in the map.
    pub url: Option<String>,
    pub from: &'a str,
    pub year: Option<i32>,
    pub intent: &'a str,
    pub quote: Option<&'a str>,
}

#[derive(Serialize)]
pub struct PaperView<'a> {
    pub id: &'a str,
    pub title: &'a str,
    pub title_lang: Option<&'a str>,
    pub authors: &'a [String],
    pub year: i32,
    pub first_posted: Option<String>,
    pub links: &'a [Link],
    pub citation_count: Option<u64>,
    pub subfields: &'a [String],
    pub abstract_html: &'a str,
    pub abstract_lang: Option<&'a str>,
    pub abstract_source: Option<&'a str>,
    pub cited_by_count: usize,
    pub builds_on_count: usize,
    pub reference_total: usize,
    pub builds_on: Vec<PaperItem<'a>>,
    pub built_on_by: Vec<PaperItem<'a>>,
    pub citations: Vec<CitationView<'a>>,
    pub rankings: &'a [Ranking],
    pub pages: Vec<PageItem<'a>>,
}

#[derive(Serialize)]
pub struct PageView<'a> {
    pub path: &'a str,
    pub title: &'a str,
    /// The language the page's text is written in.
    pub lang: &'a str,
    /// True when the page is shown in another language than the reader's, for want of a version.
    pub untranslated: bool,
    pub date: Option<String>,
    pub publication: Option<&'a str>,
    pub authors: &'a [String],
    pub body_html: &'a str,
    pub papers: Vec<PaperItem<'a>>,
}

/// `Some(lang)` when text in `lang` is shown on a page in `locale`, for the `lang` attribute.
fn other_lang<'a>(lang: &'a str, locale: &str) -> Option<&'a str> {
    (lang != locale).then_some(lang)
}

pub fn paper_item<'a>(
    model: &'a SiteModel,
    urls: &Urls,
    index: usize,
    locale: &'a str,
) -> PaperItem<'a> {
    let entry = &model.papers[index];
    let (title, lang) = title_in(entry, locale);
    PaperItem {
        id: &entry.record.id,
        title,
        title_lang: other_lang(lang, locale),
        year: entry.record.year,
        url: urls.paper(locale, &entry.record.id),
    }
}

/// The title to show in a locale and the language it is written in.
fn title_in<'a>(entry: &'a PaperEntry, locale: &'a str) -> (&'a str, &'a str) {
    match entry
        .translations
        .get(locale)
        .and_then(|t| t.title.as_deref())
    {
        Some(title) => (title, locale),
        None => (&entry.record.title, &entry.record.lang),
    }
}

pub fn page_item<'a>(entry: &'a PageEntry, urls: &Urls, locale: &'a str) -> PageItem<'a> {
    let version = entry.in_locale(locale);
    PageItem {
        title: &version.title,
        title_lang: other_lang(&version.lang, locale),
        url: urls.url(locale, entry.path()),
    }
}

pub fn paper_view<'a>(
    model: &'a SiteModel,
    urls: &Urls,
    index: usize,
    locale: &'a str,
) -> PaperView<'a> {
    let entry = &model.papers[index];
    let record = &entry.record;
    let (title, title_lang) = title_in(entry, locale);
    let translated_abstract = entry
        .translations
        .get(locale)
        .and_then(|t| t.abstract_html.as_deref());
    let (abstract_html, abstract_lang) = match translated_abstract {
        Some(html) => (html, locale),
        None => (record.abstract_html.as_str(), record.lang.as_str()),
    };
    let citations = record
        .citations
        .iter()
        .map(|c| {
            let citing = model.paper(&c.from);
            let (title, lang) = match citing {
                Some(i) => title_in(&model.papers[i], locale),
                None => (c.from.as_str(), locale),
            };
            CitationView {
                title,
                title_lang: other_lang(lang, locale),
                url: citing.map(|i| urls.paper(locale, &model.papers[i].record.id)),
                from: &c.from,
                year: c.year.or(citing.map(|i| model.papers[i].record.year)),
                intent: &c.intent,
                quote: c.quote.as_deref(),
            }
        })
        .collect();
    PaperView {
        id: &record.id,
        title,
        title_lang: other_lang(title_lang, locale),
        authors: &record.authors,
        year: record.year,
        first_posted: record.first_posted.map(|d| d.to_string()),
        links: &record.links,
        citation_count: record.citation_count,
        subfields: &record.subfields,
        abstract_html,
        abstract_lang: other_lang(abstract_lang, locale),
        abstract_source: record.abstract_source.as_deref(),
        cited_by_count: entry.built_on_by.len(),
        builds_on_count: entry.builds_on.len(),
        reference_total: entry.reference_total,
        builds_on: entry
            .builds_on
            .iter()
            .map(|&i| paper_item(model, urls, i, locale))
            .collect(),
        built_on_by: entry
            .built_on_by
            .iter()
            .map(|&i| paper_item(model, urls, i, locale))
            .collect(),
        citations,
        rankings: &record.rankings,
        pages: entry
            .pages
            .iter()
            .map(|&i| page_item(&model.pages[i], urls, locale))
            .collect(),
    }
}

pub fn page_view<'a>(
    model: &'a SiteModel,
    urls: &Urls,
    index: usize,
    locale: &'a str,
) -> PageView<'a> {
    let entry = &model.pages[index];
    let version = entry.in_locale(locale);
    PageView {
        path: entry.path(),
        title: &version.title,
        lang: &version.lang,
        untranslated: version.lang != locale,
        date: version.date.map(|d| d.to_string()),
        publication: version.publication.as_deref(),
        authors: &version.authors,
        body_html: &version.body_html,
        papers: version
            .papers
            .iter()
            .filter_map(|(id, _)| model.paper(id))
            .map(|i| paper_item(model, urls, i, locale))
            .collect(),
    }
}
