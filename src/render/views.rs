//! The template context: borrowed, serializable views of the model for one page in one locale.
//! The model never depends on Tera; these structs are the only thing templates see.

use std::borrow::Cow;
use std::cell::OnceCell;
use std::sync::Arc;

use serde::Serialize;

use crate::model::versions::{self, TranslationState};
use crate::model::{CategoryRanking, Classification, Group, PageEntry, PaperEntry, SiteModel};
use crate::parse::{Link, Ranking, Text};

use super::urls::{list_page_path, paper_path, Urls};

/// Where the lists of subfields and of years live.
pub const SUBFIELD_BASE: &str = "subfield";
pub const YEAR_BASE: &str = "year";
pub const ALL_PAPERS_PATH: &str = "papers";
pub const YEARS_PATH: &str = "years";
pub const SUBFIELDS_PATH: &str = "subfields";
pub const CATEGORY_BASE: &str = "category";

/// What every page knows about the site and about itself.
#[derive(Serialize)]
pub struct SiteView<'a> {
    pub lang: &'a str,
    /// Which way the page's language runs: `ltr` or `rtl` (`format::direction`).
    pub dir: &'static str,
    pub base_path: &'a str,
    pub home_url: String,
    pub stylesheet_url: String,
    /// The Atom feed of the locale's newest papers.
    pub feed_url: String,
    pub search_url: String,
    pub data_through: Option<String>,
    pub facts: std::collections::BTreeMap<&'a str, serde_json::Value>,
    /// The site declares a machine classification (papers without one say so).
    pub classified: bool,
}

/// A link to the same page in one of the site's languages.
#[derive(Serialize)]
pub struct Alternate<'a> {
    pub lang: &'a str,
    /// Set when that language runs the other way than the page's (`rtl`, `ltr`), for the `dir`
    /// attribute of its name in the switcher; not in the context otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dir: Option<&'static str>,
    /// The locale as Open Graph writes it (`en_GB`, `fr`): the language's `formats`.
    pub og_locale: &'a str,
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
    /// Set when that language runs the other way than the page's (`rtl` on an English page,
    /// `ltr` on an Arabic one), for the `dir` attribute; not in the context otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title_dir: Option<&'static str>,
    pub year: i32,
    pub citation_count: Option<u64>,
    pub url: String,
    pub absolute_url: String,
}

#[derive(Serialize)]
pub struct PageItem<'a> {
    pub title: &'a str,
    pub title_lang: Option<&'a str>,
    /// Set when that language runs the other way than the page's (`rtl` on an English page,
    /// `ltr` on an Arabic one), for the `dir` attribute; not in the context otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title_dir: Option<&'static str>,
    pub url: String,
}

#[derive(Serialize)]
pub struct CitationView<'a> {
    pub title: &'a str,
    pub title_lang: Option<&'a str>,
    /// Set when that language runs the other way than the page's (`rtl` on an English page,
    /// `ltr` on an Arabic one), for the `dir` attribute; not in the context otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title_dir: Option<&'static str>,
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
    /// Set when that language runs the other way than the page's (`rtl` on an English page,
    /// `ltr` on an Arabic one), for the `dir` attribute; not in the context otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title_dir: Option<&'static str>,
    pub authors: &'a [String],
    pub year: i32,
    pub first_posted: Option<String>,
    /// Whether the paper is on arXiv, where `first_posted` is its first version's date; for
    /// other papers it is the publication date.
    pub on_arxiv: bool,
    pub links: &'a [Link],
    pub citation_count: Option<u64>,
    pub subfields: Vec<GroupLink<'a>>,
    pub abstract_html: &'a str,
    pub abstract_markdown: &'a str,
    pub abstract_lang: Option<&'a str>,
    /// Set when that language runs the other way than the page's (`rtl` on an English page,
    /// `ltr` on an Arabic one), for the `dir` attribute; not in the context otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub abstract_dir: Option<&'static str>,
    pub abstract_source: Option<&'a str>,
    /// Set when the page shows a translation made from an earlier title or abstract.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub translation_outdated: bool,
    pub cited_by_count: usize,
    pub builds_on_count: usize,
    pub reference_total: usize,
    pub builds_on: Vec<PaperItem<'a>>,
    pub built_on_by: Vec<PaperItem<'a>>,
    pub citations: Vec<CitationView<'a>>,
    pub rankings: &'a [Ranking],
    pub pages: Vec<PageItem<'a>>,
    pub classification: Option<ClassificationView<'a>>,
    /// The start of the abstract as plain text, for `<meta name="description">` (HTML pages only).
    pub description: String,
    /// The paper as a schema.org `ScholarlyArticle` in JSON-LD, ready for a `<script>` (HTML
    /// pages only).
    pub json_ld: String,
    /// The "Cite this paper" BibTeX entry, as text and highlighted.
    pub bibtex: &'a str,
    pub bibtex_html: &'a str,
}

#[derive(Serialize)]
pub struct PageView<'a> {
    pub path: &'a str,
    pub title: &'a str,
    /// The language the page's text is written in.
    pub lang: &'a str,
    /// Set when that language runs the other way than the reader's (`rtl`, `ltr`), for the
    /// `dir` attribute; not in the context otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dir: Option<&'static str>,
    /// True when the page is shown in another language than the reader's, for want of a version.
    pub untranslated: bool,
    /// Set when the reader's version was made from an earlier title or body of the original.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub translation_outdated: bool,
    pub date: Option<String>,
    pub publication: Option<&'a str>,
    pub authors: &'a [String],
    pub body_html: &'a str,
    pub papers: Vec<PaperItem<'a>>,
    /// The start of the body as plain text, for `<meta name="description">`.
    pub description: String,
}

/// A paper's machine classification, for its summary and its collapsible detail.
#[derive(Serialize)]
pub struct ClassificationView<'a> {
    pub status: &'a str,
    pub label: Option<&'a str>,
    pub iterations: Option<u32>,
    pub mature: bool,
    pub validated: bool,
    pub score_only: bool,
    pub heads: &'a [Arc<str>],
    pub rows: Vec<ScoreRowView<'a>>,
    pub candidate: &'a [Arc<str>],
    pub consensus: &'a [Arc<str>],
    pub single_source: Option<&'a str>,
}

#[derive(Serialize)]
pub struct ScoreRowView<'a> {
    pub category: &'a str,
    /// The category's page.
    pub url: String,
    /// One per head; `None` where a head gives no score.
    pub scores: &'a [Option<f64>],
}

/// A category's page: its papers ordered by each head's score.
#[derive(Serialize)]
pub struct CategoryView<'a> {
    pub category: &'a str,
    pub by_head: Vec<HeadRankingView<'a>>,
}

#[derive(Serialize)]
pub struct HeadRankingView<'a> {
    pub head: &'a str,
    /// How many papers the head scores; the page shows the first `page_size`.
    pub total: usize,
    pub papers: Vec<ScoredItem<'a>>,
}

#[derive(Serialize)]
pub struct ScoredItem<'a> {
    #[serde(flatten)]
    pub paper: PaperItem<'a>,
    pub score: f64,
}

pub fn category_view<'a>(
    model: &'a SiteModel,
    urls: &Urls,
    ranking: &'a CategoryRanking,
    locale: &'a str,
    page_size: usize,
) -> CategoryView<'a> {
    CategoryView {
        category: &ranking.category,
        by_head: ranking
            .by_head
            .iter()
            .map(|h| HeadRankingView {
                head: &h.head,
                total: h.papers.len(),
                papers: h
                    .papers
                    .iter()
                    .take(page_size)
                    .map(|&(i, score)| ScoredItem {
                        paper: paper_item(model, urls, i, locale),
                        score,
                    })
                    .collect(),
            })
            .collect(),
    }
}

fn classification_view<'a>(
    c: &'a Classification,
    model: &SiteModel,
    urls: &Urls,
    locale: &str,
) -> ClassificationView<'a> {
    ClassificationView {
        status: &c.status,
        label: c.label.as_deref(),
        iterations: c.iterations,
        mature: c.mature,
        validated: c.validated,
        score_only: c.score_only,
        heads: &c.heads,
        rows: c
            .rows
            .iter()
            .map(|r| ScoreRowView {
                category: &r.category,
                url: model
                    .lists
                    .category(&r.category)
                    .map_or_else(String::new, |c| {
                        urls.url(locale, &format!("{CATEGORY_BASE}/{}", c.slug))
                    }),
                scores: &r.scores,
            })
            .collect(),
        candidate: &c.candidate,
        consensus: &c.consensus,
        single_source: c.single_source.as_deref(),
    }
}

/// A link to a year's or a subfield's list.
#[derive(Serialize)]
pub struct GroupLink<'a> {
    pub name: &'a str,
    pub url: String,
    /// How many papers the group holds.
    pub count: usize,
}

/// Where a page of a paginated list stands.
#[derive(Serialize)]
pub struct Pagination {
    pub page: usize,
    pub pages: usize,
    pub previous_url: Option<String>,
    pub next_url: Option<String>,
}

/// A list of papers: all of them, a year's, or a subfield's; one page of it.
#[derive(Serialize)]
pub struct ListView<'a> {
    /// `all`, `year` or `subfield`.
    pub kind: &'a str,
    /// The year or the subfield.
    pub name: Option<&'a str>,
    pub total: usize,
    /// The rank of the first paper of this page, one-based.
    pub first: usize,
    pub papers: Vec<PaperItem<'a>>,
    pub pagination: Pagination,
    /// The subfield's Atom feed, for the list of a subfield.
    pub feed_url: Option<String>,
}

/// The list of years or of subfields.
#[derive(Serialize)]
pub struct GroupsView<'a> {
    /// `years` or `subfields`.
    pub kind: &'a str,
    pub groups: Vec<GroupLink<'a>>,
}

/// `Some(lang)` when text in `lang` is shown on a page in `locale`, for the `lang` attribute.
pub fn other_lang<'a>(lang: &'a str, locale: &str) -> Option<&'a str> {
    (lang != locale).then_some(lang)
}

/// `Some(direction)` when text in `lang` ([`other_lang`]'s answer: `None` for the page's own
/// language) runs the other way than a page in `locale`, for the `dir` attribute.
pub fn other_dir(lang: Option<&str>, locale: &str) -> Option<&'static str> {
    let direction = crate::bidi::direction(lang?);
    (direction != crate::bidi::direction(locale)).then_some(direction)
}

pub fn paper_item<'a>(
    model: &'a SiteModel,
    urls: &Urls,
    index: usize,
    locale: &'a str,
) -> PaperItem<'a> {
    let entry = &model.papers[index];
    let (title, lang) = title_in(entry, locale);
    let path = paper_path(&entry.record.id);
    let title_lang = other_lang(lang, locale);
    PaperItem {
        id: &entry.record.id,
        title,
        title_lang,
        title_dir: other_dir(title_lang, locale),
        year: entry.record.year,
        citation_count: entry.record.citation_count,
        url: urls.url(locale, &path),
        absolute_url: urls.absolute(locale, &path),
    }
}

/// The title to show in a locale and the language it is written in.
pub fn title_in<'a>(entry: &'a PaperEntry, locale: &'a str) -> (&'a str, &'a str) {
    match entry
        .translations
        .get(locale)
        .and_then(|t| t.title.as_deref())
    {
        Some(title) => (title, locale),
        None => (&entry.record.title, &entry.record.lang),
    }
}

/// A paper's abstract as shown in `locale`: its translation there, else the original; with the
/// language it is written in.
pub fn abstract_in<'a>(entry: &'a PaperEntry, locale: &'a str) -> (&'a Text, &'a str) {
    match entry
        .translations
        .get(locale)
        .and_then(|t| t.abstract_text.as_ref())
    {
        Some(text) => (text, locale),
        None => (&entry.record.abstract_text, &entry.record.lang),
    }
}

/// `make` of the abstract shown in `locale`: made once for every locale that shows the
/// original (kept in `original`), or for this locale alone when it shows a translation.
pub fn abstract_as<'b>(
    model: &SiteModel,
    paper: usize,
    locale: &str,
    original: &'b OnceCell<String>,
    make: impl FnOnce(&str) -> String,
) -> Cow<'b, str> {
    let entry = &model.papers[paper];
    let (text, _) = abstract_in(entry, locale);
    if std::ptr::eq(text, &entry.record.abstract_text) {
        Cow::Borrowed(original.get_or_init(|| make(&text.markdown)))
    } else {
        Cow::Owned(make(&text.markdown))
    }
}

pub fn page_item<'a>(entry: &'a PageEntry, urls: &Urls, locale: &'a str) -> PageItem<'a> {
    let version = entry.in_locale(locale);
    let title_lang = other_lang(&version.lang, locale);
    PageItem {
        title: &version.title,
        title_lang,
        title_dir: other_dir(title_lang, locale),
        url: urls.url(locale, entry.address(locale)),
    }
}

pub fn group_link<'a>(group: &'a Group, urls: &Urls, locale: &str, base: &str) -> GroupLink<'a> {
    GroupLink {
        name: &group.name,
        url: urls.url(locale, &format!("{base}/{}", group.slug)),
        count: group.papers.len(),
    }
}

/// What a paper's page shows that the renderer makes from the model, not the view: the BibTeX
/// entry (as text and highlighted) and the abstract's HTML.
pub struct Prepared<'a> {
    pub bibtex: &'a str,
    pub bibtex_html: &'a str,
    pub abstract_html: &'a str,
    /// The abstract shown as plain text, for the head's description and JSON-LD (HTML pages
    /// only: the Markdown twin is given an empty one).
    pub plain_abstract: &'a str,
}

pub fn paper_view<'a>(
    model: &'a SiteModel,
    urls: &Urls,
    index: usize,
    locale: &'a str,
    list_limit: usize,
    prepared: Prepared<'a>,
    with_head: bool,
) -> PaperView<'a> {
    let Prepared {
        bibtex,
        bibtex_html,
        abstract_html,
        plain_abstract,
    } = prepared;
    let entry = &model.papers[index];
    let record = &entry.record;
    let (title, title_lang) = title_in(entry, locale);
    let title_lang = other_lang(title_lang, locale);
    let (abstract_text, abstract_lang) = abstract_in(entry, locale);
    let abstract_lang = other_lang(abstract_lang, locale);
    let items = |list: &[usize]| -> Vec<PaperItem<'a>> {
        list.iter()
            .take(list_limit)
            .map(|&i| paper_item(model, urls, i, locale))
            .collect()
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
            let title_lang = other_lang(lang, locale);
            CitationView {
                title,
                title_lang,
                title_dir: other_dir(title_lang, locale),
                url: citing.map(|i| urls.url(locale, &paper_path(&model.papers[i].record.id))),
                from: &c.from,
                year: c.year.or(citing.map(|i| model.papers[i].record.year)),
                intent: &c.intent,
                quote: c.quote.as_deref(),
            }
        })
        .collect();
    // What only an HTML page's head shows: not made for the Markdown twin.
    let (description, json_ld) = if with_head {
        (
            super::meta::description(plain_abstract),
            super::meta::scholarly_article(model, urls, index, locale, plain_abstract),
        )
    } else {
        (String::new(), String::new())
    };
    PaperView {
        description,
        json_ld,
        bibtex,
        bibtex_html,
        id: &record.id,
        title,
        title_lang,
        title_dir: other_dir(title_lang, locale),
        authors: &record.authors,
        year: record.year,
        first_posted: record.first_posted.map(|d| d.to_string()),
        on_arxiv: record.links.iter().any(|l| l.kind == "arxiv"),
        links: &record.links,
        citation_count: record.citation_count,
        subfields: record
            .subfields
            .iter()
            .filter_map(|name| model.lists.subfield(name))
            .map(|group| group_link(group, urls, locale, SUBFIELD_BASE))
            .collect(),
        abstract_html,
        abstract_markdown: &abstract_text.markdown,
        abstract_lang,
        abstract_dir: other_dir(abstract_lang, locale),
        abstract_source: record.abstract_source.as_deref(),
        translation_outdated: entry
            .translations
            .get(locale)
            .is_some_and(|t| versions::paper_state(record, t) == TranslationState::Outdated),
        cited_by_count: entry.built_on_by.len(),
        builds_on_count: entry.builds_on.len(),
        reference_total: entry.reference_total,
        builds_on: items(&entry.builds_on),
        built_on_by: items(&entry.built_on_by),
        citations,
        rankings: &record.rankings,
        pages: entry
            .pages
            .iter()
            .map(|&i| page_item(&model.pages[i], urls, locale))
            .collect(),
        classification: record
            .classification
            .as_ref()
            .map(|c| classification_view(c, model, urls, locale)),
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
        dir: other_dir(other_lang(&version.lang, locale), locale),
        untranslated: version.lang != locale,
        translation_outdated: versions::page_state(entry, locale)
            == Some(TranslationState::Outdated),
        date: version.date.map(|d| d.to_string()),
        publication: version.publication.as_deref(),
        authors: &version.authors,
        body_html: &version.body_html,
        description: super::meta::description(&version.body_text),
        papers: version
            .papers
            .iter()
            .filter_map(|(id, _)| model.paper(id))
            .map(|i| paper_item(model, urls, i, locale))
            .collect(),
    }
}

/// One page of a list of papers at `base`.
#[allow(clippy::too_many_arguments)]
pub fn list_view<'a>(
    model: &'a SiteModel,
    urls: &Urls,
    locale: &'a str,
    kind: &'a str,
    name: Option<&'a str>,
    papers: &[usize],
    base: &str,
    page: usize,
    page_size: usize,
) -> ListView<'a> {
    let pages = page_count(papers.len(), page_size);
    let start = (page - 1) * page_size;
    let link = |p: usize| urls.url(locale, &list_page_path(base, p));
    ListView {
        kind,
        name,
        total: papers.len(),
        first: start + 1,
        papers: papers
            .iter()
            .skip(start)
            .take(page_size)
            .map(|&i| paper_item(model, urls, i, locale))
            .collect(),
        pagination: Pagination {
            page,
            pages,
            previous_url: (page > 1).then(|| link(page - 1)),
            next_url: (page < pages).then(|| link(page + 1)),
        },
        feed_url: (kind == "subfield").then(|| urls.url(locale, base) + super::feeds::FEED_FILE),
    }
}

/// How many pages a list of `len` papers takes; an empty list still has its one page.
pub fn page_count(len: usize, page_size: usize) -> usize {
    len.div_ceil(page_size).max(1)
}
