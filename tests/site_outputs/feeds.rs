//! The Atom feeds: one per locale and per subfield, at their own addresses, newest first, cut at
//! `list_limit`, translated, escaped, and announced by the pages they follow.

use std::collections::BTreeMap;

use crate::common::Site;
use crate::readers::{
    add_paper, assert_well_formed, between, entries, entry_ids, feed_title, feed_updated, message,
    prefix_of, set_list_limit, tags, Entry,
};
use crate::{BASE, CVPR, CVPR_SLUG};

/// The minimal fixture with more papers: two subfields, and first-posted dates that disagree
/// with the years.
///
/// | id | year | first_posted | counts as | subfields |
/// |---|---|---|---|---|
/// | 1000.00001 | 2022 | 2022-08-24 | 2022-08-24 | CVPR |
/// | 1000.00002 | 2014 | — | 2014-01-01 | ML |
/// | 1000.00003 | 2019 | — | 2019-01-01 | ML, CVPR |
/// | 1000.00004 | 2023 | 2021-12-01 | 2021-12-01 | ML |
/// | 1000.00006 | 2022 | — | 2022-01-01 | ML |
/// | 1000.00007 | 2020 | 2020-06-01 | 2020-06-01 | ML |
/// | 1000.00005 (draft) | 2026 | — | — | — |
fn feed_site(list_limit: usize) -> Site {
    let site = Site::fixture("minimal");
    set_list_limit(&site, list_limit);
    site.edit(
        "content/papers/1000.00002.md",
        "year: 2014",
        "year: 2014\nsubfields: [\"Machine Learning\"]",
    );
    site.edit(
        "content/papers/1000.00003.md",
        "year: 2019",
        &format!("year: 2019\nsubfields: [\"Machine Learning\", \"{CVPR}\"]"),
    );
    site.edit(
        "content/papers/1000.00004.md",
        "year: 2023",
        "year: 2023\nfirst_posted: 2021-12-01\nsubfields: [\"Machine Learning\"]",
    );
    add_paper(
        &site,
        "1000.00006",
        "title: \"Undated in 2022\"\nyear: 2022\nsubfields: [\"Machine Learning\"]",
        "",
    );
    add_paper(
        &site,
        "1000.00007",
        "title: \"Posted in June 2020\"\nyear: 2020\nfirst_posted: 2020-06-01\nsubfields: [\"Machine Learning\"]",
        "",
    );
    site.build().assert_ok();
    site
}

#[test]
fn every_locale_and_subfield_has_a_well_formed_feed_at_its_own_address() {
    let site = feed_site(50);
    for locale in ["en", "fr", "zh"] {
        let prefix = prefix_of(locale);
        for (folder, page) in [
            (prefix.to_string(), format!("{BASE}{prefix}")),
            (
                format!("{prefix}subfield/{CVPR_SLUG}/"),
                format!("{BASE}{prefix}subfield/{CVPR_SLUG}/"),
            ),
            (
                format!("{prefix}subfield/machine-learning/"),
                format!("{BASE}{prefix}subfield/machine-learning/"),
            ),
        ] {
            let file = format!("public/{folder}atom.xml");
            let feed = site.read(&file);
            assert_well_formed(&feed, &file);
            assert!(
                feed.contains(&format!(
                    r#"<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="{locale}">"#
                )),
                "{file} says its language: {feed}"
            );
            let links = tags(&feed[..feed.find("<entry>").unwrap()], "link");
            let self_link = links
                .iter()
                .find(|l| l["rel"] == "self")
                .expect("a self link");
            assert_eq!(self_link["href"], format!("{page}atom.xml"), "{file}");
            let alternate = links
                .iter()
                .find(|l| l["rel"] == "alternate")
                .expect("an alternate link");
            assert_eq!(alternate["href"], page, "{file} follows its page");
            assert_eq!(
                between(&feed, "<id>", "</id>"),
                Some(format!("{page}atom.xml").as_str()),
                "{file}: the feed's id is its address"
            );
            // Entries lead to the paper pages of the feed's own locale.
            let ids = entry_ids(&feed, prefix);
            assert!(!ids.is_empty(), "{file} has entries");
            for id in ids {
                assert!(
                    site.path(&format!("public/{prefix}paper/{id}/index.html"))
                        .is_file(),
                    "{file}: the entry {id} leads to a page that exists"
                );
            }
        }
    }
    assert!(
        !site.path("public/en/atom.xml").exists(),
        "the default locale's feed is at the root"
    );
}

#[test]
fn feeds_list_the_newest_first_posted_first_at_most_list_limit_and_no_drafts() {
    let site = feed_site(4);
    let feed = site.read("public/atom.xml");
    // 1000.00004 (2023) was posted in December 2021, before the undated 1000.00006 of 2022
    // (1 January 2022); 1000.00002 is fifth, beyond the limit; the draft is never there.
    assert_eq!(
        entry_ids(&feed, ""),
        ["1000.00001", "1000.00006", "1000.00004", "1000.00007"],
        "{feed}"
    );
    let listed = entries(&feed);
    let published: Vec<&str> = listed.iter().map(|e| e.published.as_str()).collect();
    assert_eq!(
        published,
        [
            "2022-08-24T00:00:00Z",
            "2022-01-01T00:00:00Z",
            "2021-12-01T00:00:00Z",
            "2020-06-01T00:00:00Z"
        ]
    );
    assert!(listed.iter().all(|e| e.updated == e.published));
    assert_eq!(
        feed_updated(&feed),
        "2022-08-24T00:00:00Z",
        "the newest entry's date"
    );

    let fr = site.read("public/fr/atom.xml");
    assert_eq!(
        entry_ids(&fr, "fr/"),
        ["1000.00001", "1000.00006", "1000.00004", "1000.00007"],
        "the same papers in every locale"
    );

    let ml = site.read("public/subfield/machine-learning/atom.xml");
    assert_eq!(
        entry_ids(&ml, ""),
        ["1000.00006", "1000.00004", "1000.00007", "1000.00003"],
        "only the subfield's papers, newest first, at most list_limit: {ml}"
    );
    assert_eq!(feed_updated(&ml), "2022-01-01T00:00:00Z");
    let ml_zh = site.read("public/zh/subfield/machine-learning/atom.xml");
    assert_eq!(
        entry_ids(&ml_zh, "zh/"),
        ["1000.00006", "1000.00004", "1000.00007", "1000.00003"]
    );

    let cvpr = site.read(&format!("public/subfield/{CVPR_SLUG}/atom.xml"));
    assert_eq!(entry_ids(&cvpr, ""), ["1000.00001", "1000.00003"], "{cvpr}");
    assert_eq!(feed_updated(&cvpr), "2022-08-24T00:00:00Z");

    for file in [
        "public/atom.xml",
        "public/zh/atom.xml",
        "public/subfield/machine-learning/atom.xml",
    ] {
        let feed = site.read(file);
        assert!(!feed.contains("1000.00005"), "{file} lists the draft");
    }
}

#[test]
fn a_smaller_list_limit_cuts_every_feed() {
    let site = feed_site(2);
    assert_eq!(
        entry_ids(&site.read("public/atom.xml"), ""),
        ["1000.00001", "1000.00006"]
    );
    assert_eq!(
        entry_ids(
            &site.read("public/fr/subfield/machine-learning/atom.xml"),
            "fr/"
        ),
        ["1000.00006", "1000.00004"]
    );
}

#[test]
fn feed_titles_are_translated_and_entries_say_when_they_are_not() {
    let site = feed_site(50);
    let en = site.read("public/atom.xml");
    let fr = site.read("public/fr/atom.xml");
    let zh = site.read("public/zh/atom.xml");
    assert_eq!(feed_title(&en), message(&site, "en", "feed-title"));
    assert_eq!(feed_title(&fr), message(&site, "fr", "feed-title"));
    assert_eq!(feed_title(&zh), message(&site, "zh", "feed-title"));
    assert_ne!(feed_title(&en), feed_title(&fr));

    let en_sub = feed_title(&site.read("public/subfield/machine-learning/atom.xml"));
    let fr_sub = feed_title(&site.read("public/fr/subfield/machine-learning/atom.xml"));
    assert!(en_sub.contains("Machine Learning"), "{en_sub}");
    assert!(fr_sub.contains("Machine Learning"), "{fr_sub}");
    assert_ne!(en_sub, fr_sub, "the subfield feed's title is translated");
    assert_ne!(
        en_sub,
        feed_title(&en),
        "a subfield feed names its subfield"
    );

    // 1000.00001 has a French translation; the other papers do not.
    let by_id = |feed: &str, prefix: &str| -> BTreeMap<String, Entry> {
        entry_ids(feed, prefix)
            .into_iter()
            .zip(entries(feed))
            .collect()
    };
    let fr_entries = by_id(&fr, "fr/");
    assert_eq!(fr_entries["1000.00001"].title, "Les erreurs d'étiquetage");
    assert_eq!(fr_entries["1000.00001"].title_lang, None);
    assert_eq!(fr_entries["1000.00002"].title, "The most cited reference");
    assert_eq!(
        fr_entries["1000.00002"].title_lang.as_deref(),
        Some("en"),
        "an untranslated title says it is English"
    );
    let en_entries = by_id(&en, "");
    assert_eq!(
        en_entries["1000.00001"].title,
        "Label <b>errors</b> & how to find them"
    );
    assert!(
        en_entries.values().all(|e| e.title_lang.is_none()),
        "English titles in the English feed need no xml:lang"
    );
    let zh_entries = by_id(&zh, "zh/");
    assert_eq!(
        zh_entries["1000.00001"].title_lang.as_deref(),
        Some("en"),
        "no Chinese translation: the English title, marked"
    );
}

#[test]
fn feeds_escape_xml_specials() {
    let site = Site::fixture("minimal");
    site.edit(
        "content/papers/1000.00001.md",
        r#"title: "Label <b>errors</b> & how to find them""#,
        r#"title: "R&D <test> of labels""#,
    );
    site.edit(
        "content/papers/1000.00003.md",
        "year: 2019",
        "year: 2019\nsubfields: [\"Q&A <Ops>\"]",
    );
    site.build().assert_ok();
    for file in [
        "public/atom.xml",
        "public/zh/atom.xml",
        &format!("public/subfield/{CVPR_SLUG}/atom.xml"),
    ] {
        let feed = site.read(file);
        assert_well_formed(&feed, file);
        assert!(
            feed.contains("R&amp;D &lt;test&gt; of labels"),
            "{file} escapes the title: {feed}"
        );
        assert!(!feed.contains("<test>"), "{file}");
    }
    let en = site.read("public/atom.xml");
    let raw: Vec<String> = entries(&en).into_iter().map(|e| e.raw_title).collect();
    assert!(
        raw.iter().any(|t| t == "R&amp;D &lt;test&gt; of labels"),
        "{raw:?}"
    );
    let sub = "public/subfield/q-a-ops/atom.xml";
    let feed = site.read(sub);
    assert_well_formed(&feed, sub);
    assert!(feed_title(&feed).contains("Q&A <Ops>"), "{feed}");
    assert!(
        feed.contains(r#"<category term="Q&amp;A &lt;Ops&gt;"/>"#),
        "{feed}"
    );
}

#[test]
fn subfield_pages_and_home_pages_link_to_their_feeds() {
    let site = feed_site(50);
    for locale in ["en", "fr", "zh"] {
        let prefix = prefix_of(locale);
        for slug in [CVPR_SLUG, "machine-learning"] {
            let page = site.read(&format!("public/{prefix}subfield/{slug}/index.html"));
            let feed = format!("/map/{prefix}subfield/{slug}/atom.xml");
            let links = tags(&page, "link");
            assert!(
                links
                    .iter()
                    .any(|l| l.get("rel").map(String::as_str) == Some("alternate")
                        && l.get("type").map(String::as_str) == Some("application/atom+xml")
                        && l.get("href") == Some(&feed)),
                "the {locale} page of {slug} announces {feed}: {links:?}"
            );
            assert!(site.path(&format!("public{}", &feed[4..])).is_file());
        }
        let home = site.read(&format!("public/{prefix}index.html"));
        let feed = format!("/map/{prefix}atom.xml");
        assert!(
            tags(&home, "link")
                .iter()
                .any(
                    |l| l.get("type").map(String::as_str) == Some("application/atom+xml")
                        && l.get("href") == Some(&feed)
                ),
            "the {locale} home page announces {feed}"
        );
    }
}
