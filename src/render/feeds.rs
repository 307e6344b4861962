//! The Atom feeds: per locale, the papers most recently first posted, and the same for each
//! subfield. Dates are the records' own, so a feed changes only when the map does.

use serde::Serialize;

use crate::model::{lists, PaperEntry, SiteModel};
use crate::records::Date;

use super::urls::{paper_path, Urls};
use super::views::{abstract_in, other_lang, title_in, SUBFIELD_BASE};

/// The file name of every feed, in the folder of the page it follows.
pub const FEED_FILE: &str = "atom.xml";

#[derive(Serialize)]
pub struct FeedView<'a> {
    /// The subfield the feed follows; `None` for the feed of the whole map.
    pub subfield: Option<&'a str>,
    /// The feed's own address, also its Atom id.
    pub self_url: String,
    /// The page the feed follows.
    pub page_url: String,
    /// The newest entry's date (RFC 3339); the map's first day when the feed is empty.
    pub updated: String,
    pub entries: Vec<FeedEntry<'a>>,
}

#[derive(Serialize)]
pub struct FeedEntry<'a> {
    pub title: &'a str,
    pub title_lang: Option<&'a str>,
    pub url: String,
    pub published: String,
    pub authors: &'a [String],
    pub subfields: &'a [String],
    /// The abstract as plain text, in the language it is shown in.
    pub summary: String,
    pub summary_lang: Option<&'a str>,
}

/// The folder of the feed of the whole map (`None`: the locale's root) or of a subfield.
pub fn feed_folder(model: &SiteModel, subfield: Option<usize>) -> String {
    match subfield {
        None => String::new(),
        Some(g) => format!("{SUBFIELD_BASE}/{}", model.lists.subfields[g].slug),
    }
}

/// The place of a feed among the site's pages (`atom.xml`, `subfield/<slug>/atom.xml`).
pub fn feed_place(model: &SiteModel, subfield: Option<usize>) -> String {
    match subfield {
        None => FEED_FILE.to_string(),
        Some(_) => format!("{}/{FEED_FILE}", feed_folder(model, subfield)),
    }
}

/// The papers a feed shows: the most recently first posted, at most `limit`.
pub fn feed_papers(model: &SiteModel, subfield: Option<usize>, limit: usize) -> Vec<usize> {
    match subfield {
        None => model.lists.posted.iter().take(limit).copied().collect(),
        Some(g) => {
            let mut papers = model.lists.subfields[g].papers.clone();
            lists::sort_newest_posted(&model.papers, &mut papers);
            papers.truncate(limit);
            papers
        }
    }
}

/// The feed of the whole map (`None`) or of a subfield in one locale.
pub fn feed_view<'a>(
    model: &'a SiteModel,
    urls: &Urls,
    locale: &'a str,
    subfield: Option<usize>,
    limit: usize,
) -> FeedView<'a> {
    let name = subfield.map(|g| model.lists.subfields[g].name.as_str());
    let path = feed_folder(model, subfield);
    let papers = feed_papers(model, subfield, limit);
    let updated = papers
        .first()
        .map(|&i| lists::posted_on(&model.papers[i]))
        .unwrap_or(Date {
            year: 1970,
            month: 1,
            day: 1,
        });
    FeedView {
        subfield: name,
        self_url: urls.absolute(locale, &path) + FEED_FILE,
        page_url: urls.absolute(locale, &path),
        updated: rfc3339(updated),
        entries: papers
            .iter()
            .map(|&i| entry(&model.papers[i], urls, locale))
            .collect(),
    }
}

fn entry<'a>(paper: &'a PaperEntry, urls: &Urls, locale: &'a str) -> FeedEntry<'a> {
    let record = &paper.record;
    let (title, title_lang) = title_in(paper, locale);
    let (text, text_lang) = abstract_in(paper, locale);
    FeedEntry {
        title,
        title_lang: other_lang(title_lang, locale),
        url: urls.absolute(locale, &paper_path(&record.id)),
        published: rfc3339(lists::posted_on(paper)),
        authors: &record.authors,
        subfields: &record.subfields,
        summary: crate::markdown::plain_text(&text.markdown),
        summary_lang: other_lang(text_lang, locale),
    }
}

/// A day as an RFC 3339 timestamp, at midnight UTC.
fn rfc3339(date: Date) -> String {
    format!("{date}T00:00:00Z")
}
