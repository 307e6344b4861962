//! A sentence that falls back to another language (a message a language's files lack) carries
//! that language's `lang` where an element may stand, and stays plain text where none may: an
//! attribute, the `<title>`, a feed, a Markdown twin.

mod common;

use common::{message, Site};

fn add_language_with(site: &Site, code: &str, messages: &str) {
    site.add_language(code);
    site.write(&format!("i18n/{code}/main.ftl"), messages);
}

/// Whether any file of the output holds one of the marks that `t()` wraps such a sentence in.
fn files_with_marks(site: &Site) -> Vec<String> {
    site.tree("public")
        .into_iter()
        .filter(|(_, bytes)| {
            String::from_utf8_lossy(bytes).contains(['\u{FDD0}', '\u{FDD1}', '\u{FDD2}'])
        })
        .map(|(path, _)| path.display().to_string())
        .collect()
}

#[test]
fn an_english_sentence_on_a_german_page_is_marked_english_where_an_element_may_stand() {
    let site = Site::fixture("minimal");
    add_language_with(
        &site,
        "de",
        "site-title = Papierkarte\nlanguage-name = Deutsch\nkey-facts-heading = Eckdaten\n",
    );
    site.build().assert_ok();
    let page = site.read("public/de/paper/1000.00001/index.html");
    assert!(page.contains("<html lang=\"de\">"), "{page}");
    // The page's own sentences have no span; English ones have theirs.
    assert!(
        page.contains("<h2 id=\"key-facts-heading\">Eckdaten</h2>"),
        "{page}"
    );
    let skip = message(&site, "en", "skip-to-content");
    assert!(
        page.contains(&format!(
            "<a class=\"skip-link\" href=\"#main\"><span lang=\"en\">{skip}</span></a>"
        )),
        "{page}"
    );
    let copy = message(&site, "en", "copy-button");
    let copied = message(&site, "en", "copy-done");
    // In an attribute and in the title the sentence stands alone.
    assert!(
        page.contains(&format!(
            "data-copied-label=\"{copied}\" hidden><span lang=\"en\">{copy}</span></button>"
        )),
        "{page}"
    );
    let title = page
        .split_once("<title>")
        .and_then(|(_, rest)| rest.split_once("</title>"))
        .map(|(title, _)| title)
        .unwrap();
    assert!(title.ends_with(" · Papierkarte"), "{title}");
    assert!(!title.contains('<'), "{title}");
    // The feed and the Markdown twin are not HTML: no span, and no mark left anywhere.
    let feed = site.read("public/de/atom.xml");
    assert!(!feed.contains("<span"), "{feed}");
    let twin = site.read("public/de/paper/1000.00001/index.md");
    assert!(!twin.contains("<span lang"), "{twin}");
    assert_eq!(files_with_marks(&site), Vec::<String>::new());
    // A subfield German does not name keeps the records' name, which is the default language's.
    let subfield = "Computer Vision and Pattern Recognition";
    assert!(
        page.contains(&format!(
            "computer-vision-and-pattern-recognition/\"><span lang=\"en\">{subfield}</span></a>"
        )),
        "{page}"
    );
    let list = site.read("public/de/subfield/computer-vision-and-pattern-recognition/index.html");
    assert!(
        list.contains(&format!("<h1><span lang=\"en\">{subfield}</span></h1>")),
        "{list}"
    );
    assert!(list.contains(&format!("<title>{subfield} · ")), "{list}");
    // The English pages, whose every sentence is English, have no such span.
    let english = site.read("public/paper/1000.00001/index.html");
    assert!(!english.contains("<span lang=\"en\">"), "{english}");
}

#[test]
fn a_parent_languages_sentence_is_marked_with_it_and_a_regional_variants_is_not() {
    let site = Site::fixture("minimal");
    // zh-Hant falls back to zh, in another script; fr-CA to fr, the same language.
    add_language_with(
        &site,
        "zh-Hant",
        "site-title = 論文地圖\nlanguage-name = 繁體中文\n",
    );
    add_language_with(&site, "fr-CA", "site-title = Carte des articles\n");
    site.build().assert_ok();
    let skip_zh = message(&site, "zh", "skip-to-content");
    let hant = site.read("public/zh-Hant/index.html");
    assert!(
        hant.contains(&format!("<span lang=\"zh\">{skip_zh}</span>")),
        "{hant}"
    );
    let canadian = site.read("public/fr-CA/index.html");
    let skip_fr = message(&site, "fr", "skip-to-content");
    assert!(
        canadian.contains(&format!("href=\"#main\">{skip_fr}</a>")),
        "{canadian}"
    );
    assert!(!canadian.contains("<span lang=\"fr\">"), "{canadian}");
}

#[test]
fn a_site_whose_languages_have_every_message_has_no_span() {
    let site = Site::fixture("minimal");
    site.build().assert_ok();
    for page in [
        "public/fr/index.html",
        "public/zh/paper/1000.00001/index.html",
    ] {
        let html = site.read(page);
        assert!(!html.contains("<span lang=\"en\">"), "{page}: {html}");
    }
    assert_eq!(files_with_marks(&site), Vec::<String>::new());
}

#[test]
fn check_passes_and_a_rebuild_gives_the_same_bytes() {
    let site = Site::fixture("minimal");
    add_language_with(&site, "de", "site-title = Papierkarte\n");
    let check = site.run(&["check"]);
    check.assert_ok();
    assert!(!check.stderr.contains("broken"), "{}", check.stderr);
    site.build().assert_ok();
    let built = site.tree("public");
    // A second build of the same site gives the same bytes.
    std::fs::remove_dir_all(site.path("public")).unwrap();
    site.build().assert_ok();
    assert!(site.tree("public") == built, "a rebuild changed the output");
}
