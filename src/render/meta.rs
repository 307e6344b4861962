//! What a page says about itself to machines: the `<meta name="description">` text and a
//! paper's schema.org `ScholarlyArticle` in JSON-LD.

use serde::Serialize;

use crate::model::SiteModel;
use crate::parse::Reference;

use super::urls::{paper_path, Urls};
use super::views::title_in;

/// How long a description may be, in characters: what search engines show.
const DESCRIPTION_CHARS: usize = 160;

/// The start of a text, at most [`DESCRIPTION_CHARS`] characters, cut after a whole word where
/// the text has spaces (Chinese has none) and marked with an ellipsis when cut.
pub fn description(text: &str) -> String {
    if text.chars().count() <= DESCRIPTION_CHARS {
        return text.to_string();
    }
    let end = text
        .char_indices()
        .nth(DESCRIPTION_CHARS - 1)
        .map_or(text.len(), |(i, _)| i);
    let head = &text[..end];
    // Cut at the last space unless that throws most of the text away.
    let head = match head.rfind(' ') {
        Some(space) if space > end / 2 => &head[..space],
        _ => head,
    };
    format!("{}…", head.trim_end_matches([' ', ',', ';', ':', '.']))
}

/// A paper as a schema.org `ScholarlyArticle`, serialized for a `<script type=
/// "application/ld+json">`: `<` is escaped so that no text can close the script.
pub fn scholarly_article(
    model: &SiteModel,
    urls: &Urls,
    index: usize,
    locale: &str,
    abstract_text: &str,
) -> String {
    let entry = &model.papers[index];
    let record = &entry.record;
    let (title, title_lang) = title_in(entry, locale);
    let url = urls.absolute(locale, &paper_path(&record.id));
    let identifier = record
        .links
        .iter()
        .filter_map(|link| {
            let (property_id, value) = match link.kind.as_str() {
                "arxiv" => (
                    "arXiv",
                    strip_any(
                        &link.url,
                        &["https://arxiv.org/abs/", "http://arxiv.org/abs/"],
                    )?,
                ),
                "doi" => (
                    "DOI",
                    strip_any(&link.url, &["https://doi.org/", "http://dx.doi.org/"])?,
                ),
                _ => return None,
            };
            Some(PropertyValue::new(property_id, value))
        })
        .collect();
    let citation = record
        .references
        .iter()
        .map(|reference| match reference {
            Reference::Id(id) => match model.paper(id) {
                Some(i) => Cited::InMap {
                    kind: "ScholarlyArticle",
                    name: title_in(&model.papers[i], locale).0,
                    url: urls.absolute(locale, &paper_path(id)),
                },
                None => Cited::Unknown {
                    kind: "ScholarlyArticle",
                    identifier: id.as_str(),
                },
            },
            Reference::Work(work) => Cited::Work {
                kind: "CreativeWork",
                date_published: work.year.map(|year| year.to_string()),
                identifier: work
                    .doi
                    .as_deref()
                    .map(|doi| PropertyValue::new("DOI", doi)),
                name: &work.title,
            },
        })
        .collect();
    let article = Article {
        context: "https://schema.org",
        id: &url,
        kind: "ScholarlyArticle",
        abstract_text,
        author: record
            .authors
            .iter()
            .map(|name| Person {
                kind: "Person",
                name,
            })
            .collect(),
        citation,
        // A paper known only by its year is dated by its year (ISO 8601 allows it).
        date_published: match record.first_posted {
            Some(date) => date.to_string(),
            None => record.year.to_string(),
        },
        headline: title,
        identifier,
        in_language: title_lang,
        interaction_statistic: record.citation_count.map(|count| InteractionCounter {
            kind: "InteractionCounter",
            interaction_type: "https://schema.org/CiteAction",
            user_interaction_count: count,
        }),
        keywords: &record.subfields,
        name: title,
        same_as: record.links.iter().map(|l| l.url.as_str()).collect(),
        url: &url,
    };
    let json = serde_json::to_string(&article).unwrap_or_default();
    // Rarely needed: a copy of the whole article only when some text holds a `<`.
    if json.contains('<') {
        json.replace('<', "\\u003c")
    } else {
        json
    }
}

// The JSON-LD's shapes. Their fields are in the order of their names, as JSON-LD has been
// written since the first release (from sorted maps): a page's bytes change only when it does.
// What a record does not say is left out, not written as an empty text or list.

#[derive(Serialize)]
struct Article<'a> {
    #[serde(rename = "@context")]
    context: &'static str,
    #[serde(rename = "@id")]
    id: &'a str,
    #[serde(rename = "@type")]
    kind: &'static str,
    #[serde(rename = "abstract", skip_serializing_if = "str::is_empty")]
    abstract_text: &'a str,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    author: Vec<Person<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    citation: Vec<Cited<'a>>,
    #[serde(rename = "datePublished")]
    date_published: String,
    headline: &'a str,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    identifier: Vec<PropertyValue<'a>>,
    #[serde(rename = "inLanguage")]
    in_language: &'a str,
    #[serde(
        rename = "interactionStatistic",
        skip_serializing_if = "Option::is_none"
    )]
    interaction_statistic: Option<InteractionCounter>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    keywords: &'a [String],
    name: &'a str,
    #[serde(rename = "sameAs", skip_serializing_if = "Vec::is_empty")]
    same_as: Vec<&'a str>,
    url: &'a str,
}

#[derive(Serialize)]
struct Person<'a> {
    #[serde(rename = "@type")]
    kind: &'static str,
    name: &'a str,
}

#[derive(Serialize)]
struct PropertyValue<'a> {
    #[serde(rename = "@type")]
    kind: &'static str,
    #[serde(rename = "propertyID")]
    property_id: &'static str,
    value: &'a str,
}

impl<'a> PropertyValue<'a> {
    fn new(property_id: &'static str, value: &'a str) -> Self {
        PropertyValue {
            kind: "PropertyValue",
            property_id,
            value,
        }
    }
}

#[derive(Serialize)]
#[serde(untagged)]
enum Cited<'a> {
    InMap {
        #[serde(rename = "@type")]
        kind: &'static str,
        name: &'a str,
        url: String,
    },
    Unknown {
        #[serde(rename = "@type")]
        kind: &'static str,
        identifier: &'a str,
    },
    Work {
        #[serde(rename = "@type")]
        kind: &'static str,
        #[serde(rename = "datePublished", skip_serializing_if = "Option::is_none")]
        date_published: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        identifier: Option<PropertyValue<'a>>,
        name: &'a str,
    },
}

#[derive(Serialize)]
struct InteractionCounter {
    #[serde(rename = "@type")]
    kind: &'static str,
    #[serde(rename = "interactionType")]
    interaction_type: &'static str,
    #[serde(rename = "userInteractionCount")]
    user_interaction_count: u64,
}

fn strip_any<'a>(url: &'a str, prefixes: &[&str]) -> Option<&'a str> {
    prefixes.iter().find_map(|p| url.strip_prefix(p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_texts_are_kept_whole() {
        assert_eq!(description("A short abstract."), "A short abstract.");
    }

    #[test]
    fn long_texts_are_cut_after_a_word() {
        let text = "word ".repeat(60);
        let cut = description(text.trim());
        assert!(cut.ends_with("word…"), "{cut}");
        assert!(cut.chars().count() <= DESCRIPTION_CHARS + 1, "{cut}");
    }

    #[test]
    fn chinese_is_cut_at_a_character() {
        let text = "数据集".repeat(100);
        let cut = description(&text);
        assert_eq!(cut.chars().count(), DESCRIPTION_CHARS);
        assert!(cut.ends_with('…'));
    }
}
