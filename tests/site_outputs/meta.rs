//! What a page says about itself: a paper page's meta description, Open Graph tags and JSON-LD,
//! and the description of a long-form page, made from its body.

use crate::common::Site;
use crate::readers::{add_paper, canonical, json_ld, message, meta, one_meta};
use crate::BASE;

/// A plain abstract of 60 words, longer than a description.
fn long_abstract() -> String {
    (1..=60)
        .map(|n| format!("word{n}"))
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn paper_pages_describe_themselves_for_search_engines_and_social_sites() {
    let site = Site::fixture("minimal");
    add_paper(
        &site,
        "1000.00006",
        "title: \"A long abstract\"\nyear: 2020",
        &long_abstract(),
    );
    site.build().assert_ok();

    // A long abstract: its start, cut after a word, marked as cut.
    let page = site.read("public/paper/1000.00006/index.html");
    let description = one_meta(&page, "description");
    assert!(description.chars().count() <= 161, "{description}");
    let head = description
        .strip_suffix('…')
        .unwrap_or_else(|| panic!("a cut description ends with …: {description}"));
    let text = long_abstract();
    assert!(text.starts_with(head), "{description}");
    assert!(
        text[head.len()..].starts_with(' '),
        "cut after a whole word: {description}"
    );
    assert!(head.len() > 100, "most of what fits is kept: {description}");
    assert_eq!(one_meta(&page, "og:description"), description);

    // A short abstract, whole; the translated one in French.
    let short = site.read("public/paper/1000.00003/index.html");
    assert_eq!(one_meta(&short, "description"), "Hello world again");
    let fr = site.read("public/fr/paper/1000.00001/index.html");
    assert_eq!(
        one_meta(&fr, "description"),
        "Nous étudions les erreurs d’étiquetage."
    );
    // No abstract: the site's description rather than nothing.
    let none = site.read("public/fr/paper/1000.00002/index.html");
    assert_eq!(
        one_meta(&none, "description"),
        message(&site, "fr", "site-description")
    );

    // Open Graph.
    let en = site.read("public/paper/1000.00001/index.html");
    assert_eq!(
        one_meta(&en, "og:title"),
        "Label <b>errors</b> & how to find them"
    );
    assert_eq!(one_meta(&fr, "og:title"), "Les erreurs d'étiquetage");
    // Open Graph writes language_TERRITORY: the language's `formats` (en-GB in the fixture).
    for (html, locale, others) in [(&en, "en_GB", ["fr", "zh"]), (&fr, "fr", ["en_GB", "zh"])] {
        assert_eq!(one_meta(html, "og:type"), "article");
        assert_eq!(one_meta(html, "og:url"), canonical(html));
        assert_eq!(one_meta(html, "og:locale"), locale);
        assert_eq!(meta(html, "og:locale:alternate"), others);
    }
    assert_eq!(
        canonical(&fr),
        format!("{BASE}fr/paper/1000.00001/"),
        "the canonical address is the page's own"
    );
    // A page that is not a paper is a website.
    let home = site.read("public/index.html");
    assert_eq!(one_meta(&home, "og:type"), "website");
    assert_eq!(one_meta(&home, "og:url"), canonical(&home));
}

#[test]
fn paper_pages_carry_a_scholarly_article_in_json_ld() {
    let site = Site::fixture("minimal");
    site.build().assert_ok();
    let en = json_ld(&site.read("public/paper/1000.00001/index.html"));
    assert_eq!(en["@context"], "https://schema.org");
    assert_eq!(en["@type"], "ScholarlyArticle");
    assert_eq!(en["name"], "Label <b>errors</b> & how to find them");
    assert_eq!(en["url"], format!("{BASE}paper/1000.00001/"));
    let authors: Vec<(&str, &str)> = en["author"]
        .as_array()
        .expect("a list of authors")
        .iter()
        .map(|a| (a["@type"].as_str().unwrap(), a["name"].as_str().unwrap()))
        .collect();
    assert_eq!(
        authors,
        [("Person", "Ada Lovelace"), ("Person", "Alan Turing")]
    );
    assert_eq!(en["datePublished"], "2022-08-24");
    let identifiers = en["identifier"].as_array().expect("identifiers");
    assert!(
        identifiers
            .iter()
            .any(|i| i["propertyID"] == "arXiv" && i["value"] == "1000.00001"),
        "{identifiers:?}"
    );
    let citations = en["citation"].as_array().expect("citations");
    assert_eq!(citations.len(), 4, "one for each reference: {citations:?}");
    assert_eq!(citations[0]["name"], "A less cited reference");
    assert_eq!(citations[0]["url"], format!("{BASE}paper/1000.00003/"));
    assert_eq!(citations[1]["name"], "The most cited reference");
    assert_eq!(citations[2]["name"], "A work outside the map");
    assert_eq!(citations[3]["identifier"], "9999.99999");

    // In French: the translated title and French addresses.
    let fr = json_ld(&site.read("public/fr/paper/1000.00001/index.html"));
    assert_eq!(fr["name"], "Les erreurs d'étiquetage");
    assert_eq!(fr["url"], format!("{BASE}fr/paper/1000.00001/"));
    assert_eq!(
        fr["citation"][0]["url"],
        format!("{BASE}fr/paper/1000.00003/")
    );

    // No arXiv link, no arXiv identifier.
    let plain = json_ld(&site.read("public/paper/1000.00002/index.html"));
    assert_eq!(plain["@type"], "ScholarlyArticle");
    assert!(
        !plain["identifier"]
            .as_array()
            .is_some_and(|ids| ids.iter().any(|i| i["propertyID"] == "arXiv")),
        "{plain}"
    );
    assert!(plain["datePublished"]
        .as_str()
        .is_some_and(|d| d.starts_with("2014")));
}

#[test]
fn a_paper_s_json_ld_leaves_out_what_its_record_does_not_say() {
    let site = Site::fixture("minimal");
    site.build().assert_ok();
    // 1000.00002 has a title, a year and a count: no abstract, authors, references,
    // identifiers, subfields nor links elsewhere.
    let bare = json_ld(&site.read("public/paper/1000.00002/index.html"));
    let keys: Vec<&str> = bare
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        [
            "@context",
            "@id",
            "@type",
            "datePublished",
            "headline",
            "inLanguage",
            "interactionStatistic",
            "name",
            "url"
        ],
        "no empty text nor empty list stands for what is unknown: {bare}"
    );
    // The full record keeps them all.
    let full = json_ld(&site.read("public/paper/1000.00001/index.html"));
    for key in ["abstract", "author", "citation", "identifier", "keywords"] {
        assert!(full.get(key).is_some(), "{key}: {full}");
    }
}

#[test]
fn a_title_cannot_end_the_json_ld_script() {
    let site = Site::fixture("minimal");
    let title = "Label </script><b>errors</b> & <!-- how";
    site.edit(
        "content/papers/1000.00001.md",
        r#"title: "Label <b>errors</b> & how to find them""#,
        &format!("title: \"{title}\""),
    );
    site.build().assert_ok();
    for (file, name) in [
        ("public/paper/1000.00001/index.html", title),
        // The page that cites it names it too.
        (
            "public/paper/1000.00004/index.html",
            "A paper that builds on the first",
        ),
    ] {
        let html = site.read(file);
        let article = json_ld(&html);
        assert_eq!(article["name"], name, "{file}");
        assert!(!html.contains("</script><b>"), "{file} has the raw title");
        assert_eq!(
            html.matches("</script>").count(),
            html.matches("<script").count(),
            "{file}: every script ends where it should"
        );
    }
    let citing = json_ld(&site.read("public/paper/1000.00004/index.html"));
    assert_eq!(citing["citation"][0]["name"], title);
    let zh = site.read("public/zh/paper/1000.00001/index.html");
    assert_eq!(json_ld(&zh)["name"], title);
}

// ---------------------------------------------------------------------------------------------
// Long-form pages

#[test]
fn long_form_pages_are_described_by_their_body() {
    let site = Site::fixture("minimal");
    let sentence =
        "The **first** line of a [long story](https://example.com/) about label errors, \
         and how a test set with six per cent of wrong labels changes which model looks best.";
    site.write(
        "content/press/long.md",
        format!("---\ntitle: \"A long story\"\ndate: 2021-04-01\n---\n{sentence}\n\n{sentence}\n"),
    );
    site.build().assert_ok();

    let page = site.read("public/press/long/index.html");
    let description = one_meta(&page, "description");
    assert!(
        description.starts_with("The first line of a long story about label errors, and how"),
        "plain text, without Markdown: {description}"
    );
    assert!(description.chars().count() <= 161, "{description}");
    assert!(description.ends_with('…'), "{description}");
    assert_eq!(one_meta(&page, "og:description"), description);
    assert_eq!(one_meta(&page, "og:title"), "A long story");
    assert_eq!(one_meta(&page, "og:url"), canonical(&page));
    // The French page shows the English original, described by it.
    let fr = site.read("public/fr/press/long/index.html");
    assert_eq!(one_meta(&fr, "description"), description);

    // A short Chinese page, whole.
    let story = site.read("public/zh/press/story/index.html");
    let description = one_meta(&story, "description");
    assert!(
        description.starts_with("把老虎标成猴子，把青蛙标成猫。"),
        "{description}"
    );
    assert!(!description.ends_with('…'), "{description}");
}
