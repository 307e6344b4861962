//! What a page says about itself to machines: the `<meta name="description">` text and a
//! paper's schema.org `ScholarlyArticle` in JSON-LD.

use serde_json::{json, Value};

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
    let mut identifiers = Vec::new();
    for link in &record.links {
        let id = match link.kind.as_str() {
            "arxiv" => strip_any(
                &link.url,
                &["https://arxiv.org/abs/", "http://arxiv.org/abs/"],
            ),
            "doi" => strip_any(&link.url, &["https://doi.org/", "http://dx.doi.org/"]),
            _ => None,
        };
        if let Some(id) = id {
            let property = if link.kind == "arxiv" { "arXiv" } else { "DOI" };
            identifiers
                .push(json!({"@type": "PropertyValue", "propertyID": property, "value": id}));
        }
    }
    let citations: Vec<Value> = record
        .references
        .iter()
        .map(|reference| match reference {
            Reference::Id(id) => match model.paper(id) {
                Some(i) => json!({
                    "@type": "ScholarlyArticle",
                    "name": title_in(&model.papers[i], locale).0,
                    "url": urls.absolute(locale, &paper_path(id)),
                }),
                None => json!({"@type": "ScholarlyArticle", "identifier": id.as_str()}),
            },
            Reference::Work(work) => {
                let mut cited = json!({"@type": "CreativeWork", "name": work.title});
                if let Some(year) = work.year {
                    cited["datePublished"] = json!(year.to_string());
                }
                if let Some(doi) = &work.doi {
                    cited["identifier"] =
                        json!({"@type": "PropertyValue", "propertyID": "DOI", "value": doi});
                }
                cited
            }
        })
        .collect();
    let mut article = json!({
        "@context": "https://schema.org",
        "@type": "ScholarlyArticle",
        "@id": url,
        "url": url,
        "name": title,
        "headline": title,
        "inLanguage": title_lang,
        "author": record
            .authors
            .iter()
            .map(|name| json!({"@type": "Person", "name": name}))
            .collect::<Vec<_>>(),
        // A paper known only by its year is dated by its year (ISO 8601 allows it).
        "datePublished": match record.first_posted {
            Some(date) => date.to_string(),
            None => record.year.to_string(),
        },
        "abstract": abstract_text,
        "keywords": record.subfields,
        "identifier": identifiers,
        "sameAs": record.links.iter().map(|l| l.url.as_str()).collect::<Vec<_>>(),
        "citation": citations,
    });
    if let Some(count) = record.citation_count {
        article["interactionStatistic"] = json!({
            "@type": "InteractionCounter",
            "interactionType": "https://schema.org/CiteAction",
            "userInteractionCount": count,
        });
    }
    article.to_string().replace('<', "\\u003c")
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
