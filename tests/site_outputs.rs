//! The site-wide outputs of `papermap build` on fixture sites: the Atom feeds, `robots.txt` and
//! the sitemap, what a page says about itself (meta description, Open Graph, JSON-LD), the
//! "Cite this paper" BibTeX entry, and the client-side search bundle.
//!
//! Not covered here: the sitemap index that replaces `sitemap.xml` above 50 000 addresses. A site
//! that big is too slow to build in a test, and the function that splits the sitemap
//! (`render::sitemap::sitemaps`) lives in a private module, so it cannot be called from here.

mod common;

use std::collections::{BTreeMap, BTreeSet};

use common::Site;

const BASE: &str = "https://example.org/map/";
const CVPR: &str = "Computer Vision and Pattern Recognition";
const CVPR_SLUG: &str = "computer-vision-and-pattern-recognition";

// ---------------------------------------------------------------------------------------------
// Small readers of the built files (no HTML or XML parser is a dependency of the crate).

/// The text between the first `start` and the next `end` after it.
fn between<'a>(text: &'a str, start: &str, end: &str) -> Option<&'a str> {
    let from = text.find(start)? + start.len();
    let to = text[from..].find(end)? + from;
    Some(&text[from..to])
}

/// Reverses the escaping that the templates apply.
fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// The text of some HTML: tags removed, entities decoded.
fn text_of(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    unescape(&out)
}

/// The attributes of every `<name …>` tag in `html`, values unescaped; a bare attribute
/// (`hidden`) has the value "".
fn tags(html: &str, name: &str) -> Vec<BTreeMap<String, String>> {
    let open = format!("<{name}");
    let mut found = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find(&open) {
        let after = &rest[at + open.len()..];
        rest = after;
        if !after.starts_with([' ', '>', '\n', '/']) {
            continue;
        }
        let end = after.find('>').expect("an unclosed tag");
        let mut attributes = BTreeMap::new();
        let mut inside = after[..end].trim_end_matches('/');
        loop {
            inside = inside.trim_start();
            if inside.is_empty() {
                break;
            }
            let name_end = inside
                .find(|c: char| c == '=' || c.is_whitespace())
                .unwrap_or(inside.len());
            let attribute = inside[..name_end].to_string();
            inside = &inside[name_end..];
            if let Some(value) = inside.strip_prefix("=\"") {
                let close = value.find('"').expect("an unclosed attribute value");
                attributes.insert(attribute, unescape(&value[..close]));
                inside = &value[close + 1..];
            } else {
                attributes.insert(attribute, String::new());
            }
        }
        found.push(attributes);
    }
    found
}

/// The `content` of every `<meta>` whose `name` or `property` is `key`.
fn meta(html: &str, key: &str) -> Vec<String> {
    tags(html, "meta")
        .into_iter()
        .filter(|m| m.get("name").or(m.get("property")).map(String::as_str) == Some(key))
        .map(|m| m["content"].clone())
        .collect()
}

/// The one `<meta>` named `key`.
fn one_meta(html: &str, key: &str) -> String {
    let found = meta(html, key);
    assert_eq!(found.len(), 1, "one <meta> {key}: {found:?}");
    found[0].clone()
}

/// The `href` of the page's `<link rel="canonical">`.
fn canonical(html: &str) -> String {
    tags(html, "link")
        .into_iter()
        .find(|l| l.get("rel").map(String::as_str) == Some("canonical"))
        .expect("a canonical link")["href"]
        .clone()
}

/// Checks that `xml` is well-formed: one root element, every element closed in order, every `&`
/// an entity XML knows, no `<` in an attribute value.
fn assert_well_formed(xml: &str, what: &str) {
    let entity_ok = |text: &str| {
        text.match_indices('&').all(|(i, _)| {
            let rest = &text[i + 1..];
            let Some(end) = rest.find(';') else {
                return false;
            };
            let name = &rest[..end];
            matches!(name, "amp" | "lt" | "gt" | "quot" | "apos")
                || name
                    .strip_prefix("#x")
                    .is_some_and(|h| !h.is_empty() && h.chars().all(|c| c.is_ascii_hexdigit()))
                || name
                    .strip_prefix('#')
                    .is_some_and(|d| !d.is_empty() && d.chars().all(|c| c.is_ascii_digit()))
        })
    };
    let mut stack: Vec<&str> = Vec::new();
    let mut roots = 0;
    let mut rest = xml;
    while let Some(lt) = rest.find('<') {
        let text = &rest[..lt];
        assert!(entity_ok(text), "{what}: a bare `&` in the text {text:?}");
        assert!(
            !stack.is_empty() || text.trim().is_empty(),
            "{what}: text outside the root element: {text:?}"
        );
        rest = &rest[lt..];
        if let Some(after) = rest.strip_prefix("<?") {
            rest = &after[after.find("?>").expect("an unclosed <?") + 2..];
        } else if let Some(after) = rest.strip_prefix("<!--") {
            rest = &after[after.find("-->").expect("an unclosed comment") + 3..];
        } else if let Some(after) = rest.strip_prefix("</") {
            let end = after.find('>').expect("an unclosed end tag");
            let name = after[..end].trim();
            assert_eq!(
                stack.pop(),
                Some(name),
                "{what}: `</{name}>` closes nothing"
            );
            rest = &after[end + 1..];
        } else {
            let after = &rest[1..];
            let end = after.find('>').expect("an unclosed tag");
            let tag = &after[..end];
            assert!(!tag.contains('<'), "{what}: `<` inside the tag <{tag}>");
            assert!(entity_ok(tag), "{what}: a bare `&` in the tag <{tag}>");
            assert_eq!(
                tag.matches('"').count() % 2,
                0,
                "{what}: unbalanced quotes in <{tag}>"
            );
            let name = tag.split(|c: char| c.is_whitespace() || c == '/').next();
            let name = name.filter(|n| !n.is_empty()).expect("a tag name");
            if stack.is_empty() {
                roots += 1;
            }
            if !tag.ends_with('/') {
                stack.push(name);
            }
            rest = &after[end + 1..];
        }
    }
    assert!(stack.is_empty(), "{what}: unclosed elements {stack:?}");
    assert_eq!(roots, 1, "{what}: one root element");
    assert!(
        rest.trim().is_empty(),
        "{what}: text after the root element"
    );
}

/// One `<entry>` of an Atom feed.
#[derive(Debug)]
struct Entry {
    /// As written in the feed (still escaped).
    raw_title: String,
    title: String,
    title_lang: Option<String>,
    link: String,
    published: String,
    updated: String,
}

/// The title of the feed itself (not of an entry), unescaped.
fn feed_title(feed: &str) -> String {
    let head = &feed[..feed.find("<entry>").unwrap_or(feed.len())];
    unescape(between(head, "<title>", "</title>").expect("a feed title"))
}

fn feed_updated(feed: &str) -> String {
    let head = &feed[..feed.find("<entry>").unwrap_or(feed.len())];
    between(head, "<updated>", "</updated>")
        .expect("the feed's <updated>")
        .to_string()
}

fn entries(feed: &str) -> Vec<Entry> {
    feed.split("<entry>")
        .skip(1)
        .map(|chunk| {
            let chunk = &chunk[..chunk.find("</entry>").expect("a closed entry")];
            let title_tag = &tags(chunk, "title")[0];
            let raw_title = between(chunk, "<title", "</title>")
                .and_then(|t| t.split_once('>'))
                .expect("an entry title")
                .1
                .to_string();
            let link = tags(chunk, "link")
                .into_iter()
                .find(|l| l.get("rel").map(String::as_str) == Some("alternate"))
                .expect("an entry link")["href"]
                .clone();
            Entry {
                title: unescape(&raw_title),
                raw_title,
                title_lang: title_tag.get("xml:lang").cloned(),
                link,
                published: between(chunk, "<published>", "</published>")
                    .expect("<published>")
                    .to_string(),
                updated: between(chunk, "<updated>", "</updated>")
                    .expect("<updated>")
                    .to_string(),
            }
        })
        .collect()
}

/// The paper ids of a feed's entries, in order.
fn entry_ids(feed: &str, locale_prefix: &str) -> Vec<String> {
    entries(feed)
        .iter()
        .map(|e| {
            let expected = format!("{BASE}{locale_prefix}paper/");
            e.link
                .strip_prefix(&expected)
                .unwrap_or_else(|| panic!("{} is not under {expected}", e.link))
                .trim_end_matches('/')
                .to_string()
        })
        .collect()
}

/// A message of the site's Fluent files, as written (for messages without placeables).
fn message(site: &Site, locale: &str, id: &str) -> String {
    let ftl = site.read(&format!("i18n/{locale}/main.ftl"));
    let prefix = format!("{id} = ");
    ftl.lines()
        .find_map(|line| line.strip_prefix(&prefix))
        .unwrap_or_else(|| panic!("no message {id} in {locale}"))
        .trim()
        .to_string()
}

/// Writes a paper record into the site.
fn add_paper(site: &Site, id: &str, front: &str, body: &str) {
    site.write(
        &format!("content/papers/{id}.md"),
        format!("---\nid: \"{id}\"\n{front}\n---\n{body}"),
    );
}

/// Sets `[map] list_limit` of the fixture's site.toml.
fn set_list_limit(site: &Site, limit: usize) {
    site.edit(
        "site.toml",
        "data_through = 2026-10-14",
        &format!("data_through = 2026-10-14\nlist_limit = {limit}"),
    );
}

/// The JSON-LD of a page: the text of its `<script type="application/ld+json">` up to where an
/// HTML parser ends the script (the first `</script`, in any case), parsed.
fn json_ld(html: &str) -> serde_json::Value {
    let open = r#"<script type="application/ld+json">"#;
    let from = html.find(open).expect("a JSON-LD script") + open.len();
    let end = html[from..]
        .to_ascii_lowercase()
        .find("</script")
        .expect("the script is closed")
        + from;
    let text = &html[from..end];
    assert!(
        !text.contains('<'),
        "no `<` inside the JSON-LD, where it could open or close a tag: {text}"
    );
    serde_json::from_str(text).unwrap_or_else(|e| panic!("the JSON-LD does not parse: {e}\n{text}"))
}

/// The text of the BibTeX entry in a paper page's "Cite this paper" section, checking on the way
/// that it is highlighted.
fn bibtex_of(html: &str) -> String {
    let cite = between(html, r#"<section class="cite""#, "</section>").expect("section.cite");
    let code = between(
        cite,
        r#"<pre class="code hl-code"><code class="language-bibtex">"#,
        "</code></pre>",
    )
    .unwrap_or_else(|| panic!("a highlighted BibTeX block in {cite}"));
    assert!(
        code.contains(r#"<span class="hl-"#),
        "the entry is highlighted with hl- classes: {code}"
    );
    text_of(code)
}

/// The fields of a BibTeX entry (one `name = {value},` a line), and its first line.
fn bibtex_fields(entry: &str) -> (String, BTreeMap<String, String>) {
    let mut lines = entry.lines();
    let head = lines.next().expect("an entry").to_string();
    let fields = lines
        .filter_map(|line| line.split_once(" = "))
        .map(|(name, value)| {
            let value = value.trim().trim_end_matches(',');
            let value = value
                .strip_prefix('{')
                .and_then(|v| v.strip_suffix('}'))
                .unwrap_or_else(|| panic!("a braced value: {value}"));
            (name.trim().to_string(), value.to_string())
        })
        .collect();
    (head, fields)
}

/// Every HTML file of the build, as (path under public/, contents).
fn html_files(site: &Site) -> Vec<(String, String)> {
    site.tree("public")
        .into_iter()
        .filter(|(path, _)| path.extension().is_some_and(|e| e == "html"))
        .map(|(path, bytes)| {
            (
                path.to_string_lossy().replace('\\', "/"),
                String::from_utf8(bytes).unwrap(),
            )
        })
        .collect()
}

/// The locale of a file under public/: its first folder when that is a language, else `en`.
fn locale_of(path: &str) -> &'static str {
    match path.split('/').next() {
        Some("fr") => "fr",
        Some("zh") => "zh",
        _ => "en",
    }
}

fn prefix_of(locale: &str) -> &'static str {
    match locale {
        "fr" => "fr/",
        "zh" => "zh/",
        _ => "",
    }
}

// ---------------------------------------------------------------------------------------------
// 1. Atom feeds

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

// ---------------------------------------------------------------------------------------------
// 2 and 3. robots.txt and the sitemap

#[test]
fn robots_txt_names_the_absolute_sitemap() {
    let site = Site::fixture("minimal");
    site.build().assert_ok();
    let robots = site.read("public/robots.txt");
    assert!(
        robots
            .lines()
            .any(|l| l == "Sitemap: https://example.org/map/sitemap.xml"),
        "{robots}"
    );
    assert!(site.path("public/sitemap.xml").is_file());

    site.run(&["build", "--base-url", "https://preview.example.net/pr-7"])
        .assert_ok();
    let robots = site.read("public/robots.txt");
    assert!(
        robots
            .lines()
            .any(|l| l == "Sitemap: https://preview.example.net/pr-7/sitemap.xml"),
        "--base-url moves the sitemap: {robots}"
    );
}

#[test]
fn the_sitemap_lists_every_indexable_page_and_nothing_else_with_absolute_addresses() {
    let site = Site::fixture("minimal");
    site.build().assert_ok();
    let sitemap = site.read("public/sitemap.xml");
    assert_well_formed(&sitemap, "sitemap.xml");
    assert!(sitemap.contains(r#"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9""#));
    let locs: Vec<String> = sitemap
        .split("<loc>")
        .skip(1)
        .map(|s| unescape(&s[..s.find("</loc>").unwrap()]))
        .collect();
    let unique: BTreeSet<String> = locs.iter().cloned().collect();
    assert_eq!(unique.len(), locs.len(), "no address twice");
    for loc in &locs {
        assert!(loc.starts_with(BASE), "absolute: {loc}");
        assert!(
            !loc.contains("/search/")
                && !loc.contains("404")
                && !loc.ends_with(".xml")
                && !loc.ends_with(".md"),
            "the sitemap lists {loc}"
        );
    }
    for link in tags(&sitemap, "xhtml:link") {
        assert!(link["href"].starts_with(BASE), "absolute: {link:?}");
    }
    // Every page a reader can land on, in every language, and nothing more.
    let pages: BTreeSet<String> = html_files(&site)
        .into_iter()
        .filter_map(|(path, _)| path.strip_suffix("index.html").map(str::to_string))
        .filter(|folder| !folder.ends_with("search/"))
        .map(|folder| format!("{BASE}{folder}"))
        .collect();
    assert_eq!(unique, pages);
    assert!(unique.contains(&format!("{BASE}fr/paper/1000.00001/")));
    assert!(!sitemap.contains("1000.00005"), "no draft");
}

// ---------------------------------------------------------------------------------------------
// 4. What a paper page says about itself

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
// 5. BibTeX

#[test]
fn paper_pages_offer_a_highlighted_bibtex_entry() {
    let site = Site::fixture("minimal");
    site.build().assert_ok();
    let entry = bibtex_of(&site.read("public/paper/1000.00001/index.html"));
    let (head, fields) = bibtex_fields(&entry);
    assert_eq!(head, "@misc{lovelace2022label,", "{entry}");
    assert!(entry.trim_end().ends_with('}'), "{entry}");
    assert_eq!(fields["author"], "Lovelace, Ada and Turing, Alan");
    assert_eq!(fields["year"], "2022");
    assert_eq!(fields["eprint"], "1000.00001");
    assert_eq!(fields["archivePrefix"], "arXiv");
    assert_eq!(
        fields["title"],
        r"{Label <b>errors</b> \& how to find them}"
    );
    assert_eq!(fields["doi"], "10.1/x");

    // Citations are not translated: the same entry on the French page.
    let fr = bibtex_of(&site.read("public/fr/paper/1000.00001/index.html"));
    assert_eq!(fr, entry);

    // Not on arXiv: no eprint.
    let plain = bibtex_of(&site.read("public/paper/1000.00002/index.html"));
    let (head, fields) = bibtex_fields(&plain);
    assert!(
        head.starts_with("@misc{") && head.contains("2014"),
        "{plain}"
    );
    assert_eq!(fields["year"], "2014");
    assert!(!fields.contains_key("eprint"), "{plain}");
    assert!(!fields.contains_key("archivePrefix"), "{plain}");
}

#[test]
fn bibtex_escapes_latex_specials_and_reads_names_surname_first() {
    let site = Site::fixture("minimal");
    site.edit(
        "content/papers/1000.00001.md",
        r#"title: "Label <b>errors</b> & how to find them""#,
        r#"title: "Labels: 50% & more, $5 #1 a_b {x}""#,
    );
    site.edit(
        "content/papers/1000.00001.md",
        r#"authors: ["Ada Lovelace", "Alan Turing"]"#,
        r#"authors: ["Grace Brewster Murray Hopper", "Plato", "Turing, Alan"]"#,
    );
    site.build().assert_ok();
    let entry = bibtex_of(&site.read("public/paper/1000.00001/index.html"));
    let (head, fields) = bibtex_fields(&entry);
    assert_eq!(head, "@misc{hopper2022labels,", "{entry}");
    assert_eq!(
        fields["title"], r"{Labels: 50\% \& more, \$5 \#1 a\_b \{x\}}",
        "{entry}"
    );
    assert_eq!(
        fields["author"],
        "Hopper, Grace Brewster Murray and Plato and Turing, Alan"
    );
}

/// A first author written "Surname, Given" (which the author field keeps as it is) gives the
/// key its surname, not its given name.
#[test]
fn the_bibtex_key_takes_the_surname_of_an_author_written_surname_first() {
    let site = Site::fixture("minimal");
    site.edit(
        "content/papers/1000.00001.md",
        r#"authors: ["Ada Lovelace", "Alan Turing"]"#,
        r#"authors: ["Turing, Alan", "Ada Lovelace"]"#,
    );
    site.build().assert_ok();
    let entry = bibtex_of(&site.read("public/paper/1000.00001/index.html"));
    let (head, fields) = bibtex_fields(&entry);
    assert_eq!(fields["author"], "Turing, Alan and Lovelace, Ada");
    assert_eq!(head, "@misc{turing2022label,", "{entry}");
}

/// An old-style arXiv id (`hep-th/9901001`) cannot be a record id, but a record's arXiv link
/// can hold one (imported records keep it): the eprint is the whole id.
#[test]
fn the_bibtex_eprint_keeps_an_old_style_arxiv_id_whole() {
    let site = Site::fixture("minimal");
    add_paper(
        &site,
        "W2741809807",
        "title: \"Old-style identifiers\"\nauthors: [\"Edward Witten\"]\nyear: 1999\n\
         links: { arxiv: \"https://arxiv.org/abs/hep-th/9901001\" }",
        "",
    );
    site.build().assert_ok();
    let html = site.read("public/paper/W2741809807/index.html");
    let article = json_ld(&html);
    assert!(
        article["identifier"].as_array().is_some_and(|ids| ids
            .iter()
            .any(|i| i["propertyID"] == "arXiv" && i["value"] == "hep-th/9901001")),
        "{article}"
    );
    let entry = bibtex_of(&html);
    let (_, fields) = bibtex_fields(&entry);
    assert_eq!(fields["archivePrefix"], "arXiv");
    assert_eq!(fields["eprint"], "hep-th/9901001", "{entry}");
}

#[test]
fn the_copy_button_is_hidden_without_javascript_and_speaks_the_page_language() {
    let site = Site::fixture("minimal");
    site.build().assert_ok();
    let mut seen = Vec::new();
    for locale in ["en", "fr", "zh"] {
        let html = site.read(&format!(
            "public/{}paper/1000.00001/index.html",
            prefix_of(locale)
        ));
        let cite = between(&html, r#"<section class="cite""#, "</section>").unwrap();
        let buttons = tags(cite, "button");
        assert_eq!(buttons.len(), 1, "{cite}");
        let button = &buttons[0];
        assert_eq!(button.get("class").map(String::as_str), Some("copy-button"));
        assert!(
            button.contains_key("hidden"),
            "hidden until the script shows it"
        );
        assert_eq!(
            button["data-copied-label"],
            message(&site, locale, "copy-done")
        );
        let label = between(cite, "<button", "</button>")
            .and_then(|b| b.split_once('>'))
            .unwrap()
            .1;
        assert_eq!(text_of(label), message(&site, locale, "copy-button"));
        seen.push((text_of(label), button["data-copied-label"].clone()));
    }
    assert_ne!(seen[0], seen[1], "English and French labels differ");
}

// ---------------------------------------------------------------------------------------------
// 6. Search

#[test]
fn the_search_bundle_and_a_search_page_per_locale_are_built() {
    let site = Site::fixture("minimal");
    site.build().assert_ok();
    for file in [
        "pagefind.js",
        "pagefind-ui.js",
        "pagefind-ui.css",
        "pagefind-entry.json",
    ] {
        assert!(
            site.path(&format!("public/pagefind/{file}")).is_file(),
            "{file}"
        );
    }
    let entry: serde_json::Value =
        serde_json::from_str(&site.read("public/pagefind/pagefind-entry.json")).unwrap();
    let languages = entry["languages"].as_object().expect("languages");
    let codes: Vec<&str> = languages.keys().map(String::as_str).collect();
    assert_eq!(codes, ["en", "fr", "zh"]);
    for (code, language) in languages {
        // Four published papers and one long-form page, in each language.
        assert_eq!(language["page_count"], 5, "{code}: {language}");
    }
    for locale in ["en", "fr", "zh"] {
        let file = format!("public/{}search/index.html", prefix_of(locale));
        let page = site.read(&file);
        assert_eq!(meta(&page, "robots"), ["noindex"], "{file}");
        assert!(
            page.contains(&format!("<html lang=\"{locale}\">")),
            "{file}"
        );
        assert!(
            page.contains(&format!(
                "<h1 id=\"search-heading\">{}</h1>",
                message(&site, locale, "search-heading")
            )),
            "{file}"
        );
        assert!(
            page.contains(r#"src="/map/pagefind/pagefind-ui.js""#),
            "{file}"
        );
    }
}

#[test]
fn every_page_has_a_search_form_leading_to_its_locale_search_page() {
    let site = Site::fixture("minimal");
    site.build().assert_ok();
    let files = html_files(&site);
    assert!(files.len() > 40, "{} pages", files.len());
    for (path, html) in files {
        let locale = locale_of(&path);
        let header = between(&html, r#"<header class="site-header">"#, "</header>")
            .unwrap_or_else(|| panic!("{path} has a site header"));
        let forms = tags(header, "form");
        let action = format!("/map/{}search/", prefix_of(locale));
        assert!(
            forms
                .iter()
                .any(|f| f.get("role").map(String::as_str) == Some("search")
                    && f.get("action") == Some(&action)),
            "{path}: a search form leading to {action}: {forms:?}"
        );
    }
}

#[test]
fn the_search_bundle_is_the_same_bytes_on_every_build() {
    let first = Site::fixture("minimal");
    first.build().assert_ok();
    let bundle = first.tree("public/pagefind");
    assert!(bundle.len() > 10, "{:?}", bundle.keys());

    first.build().assert_ok();
    assert!(
        first.tree("public/pagefind") == bundle,
        "a second build of the same folder gives the same bundle"
    );

    let second = Site::fixture("minimal");
    second.build().assert_ok();
    let other = second.tree("public/pagefind");
    let names = |t: &BTreeMap<std::path::PathBuf, Vec<u8>>| t.keys().cloned().collect::<Vec<_>>();
    assert_eq!(names(&other), names(&bundle), "the same file names");
    for (path, bytes) in &bundle {
        assert!(other[path] == *bytes, "{} differs", path.display());
    }
}

// ---------------------------------------------------------------------------------------------
// 7. Long-form pages

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
