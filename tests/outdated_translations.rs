//! A translation that fell behind its original: a paper's translation may say, in
//! `translated_from`, the digest of the original's title and abstract it was made from.
//! `papermap check` lists, per language, the translations whose original has changed since
//! (with the value to set once the translation is brought up to date) and those that do not say
//! what they were made from (with the value to add); the translated page tells its readers that
//! the original has changed.

mod common;

use common::{block, Site};

const TRANSLATION: &str = "content/papers/1000.00001.fr.md";
const ORIGINAL: &str = "content/papers/1000.00001.md";
const FRENCH_PAGE: &str = "public/fr/paper/1000.00001/index.html";

/// The value `check` tells the translator to write for paper `id` in `locale`'s block, from the
/// line that lists `heading`, e.g. `translations without translated_from`.
fn suggested_digest(site: &Site, locale: &str, heading: &str, id: &str) -> String {
    let run = site.run(&["check"]);
    run.assert_ok();
    let lines = block(&run, locale);
    let line = lines
        .iter()
        .find(|l| l.trim_start().starts_with(heading))
        .unwrap_or_else(|| panic!("no `{heading}` line: {lines:#?}"));
    let after = line
        .split(&format!("{id} (translated_from: \""))
        .nth(1)
        .unwrap_or_else(|| panic!("no value for {id}: {line}"));
    let digest = after.split('"').next().unwrap().to_string();
    assert!(
        digest.len() == 12 && digest.bytes().all(|b| b.is_ascii_hexdigit()),
        "{line}"
    );
    digest
}

/// Writes `translated_from: "<digest>"` into the front matter of the translation `file`.
fn stamp(site: &Site, file: &str, digest: &str) {
    site.edit(
        file,
        "title:",
        &format!("translated_from: \"{digest}\"\ntitle:"),
    );
}

/// Asserts that `check` reports no French translation as outdated or unstated: no line of the
/// French block mentions `translated_from`.
fn assert_french_translations_current(site: &Site) {
    let run = site.run(&["check"]);
    run.assert_ok();
    let fr = block(&run, "fr").join("\n");
    assert!(!fr.contains("translated_from"), "{fr}");
}

/// The fixture's French translation as a translator first writes it: without
/// `translated_from`.
fn unstated(site: &Site) {
    site.write(
        TRANSLATION,
        "---\ntitle: \"Les erreurs d'étiquetage\"\n---\nNous étudions les erreurs d'étiquetage.\n",
    );
}

#[test]
fn the_digest_is_the_one_the_fixture_was_stamped_with() {
    // The fixture's translation states the digest its original had when the test was written:
    // a papermap that computed it otherwise would call every stamped translation outdated.
    let site = Site::fixture("minimal");
    assert!(site
        .read(TRANSLATION)
        .contains("translated_from: \"a4e26cdac863\""));
    let run = site.run(&["check"]);
    run.assert_ok();
    assert!(!run.stdout.contains("translated_from"), "{}", run.stdout);
}

#[test]
fn a_translation_is_current_until_its_original_s_title_or_abstract_changes() {
    let site = Site::fixture("minimal");
    unstated(&site);
    // A translation that does not say what it was made from is listed with the value to add,
    // and its page says nothing.
    let digest = suggested_digest(
        &site,
        "fr",
        "translations without translated_from",
        "1000.00001",
    );
    site.build().assert_ok();
    let page = site.read(FRENCH_PAGE);
    assert!(!page.contains("class=\"notice outdated\""), "{page}");

    stamp(&site, TRANSLATION, &digest);
    assert_french_translations_current(&site);
    site.build().assert_ok();
    assert!(!site.read(FRENCH_PAGE).contains("class=\"notice outdated\""));

    // What a translation does not translate (the count of citations) leaves it current.
    site.edit(ORIGINAL, "citation_count: 10348", "citation_count: 20000");
    assert_french_translations_current(&site);

    // The abstract changes: the translation is listed, with the value for once it is updated.
    site.edit(
        ORIGINAL,
        "We study label errors.",
        "We study label errors in test sets.",
    );
    let now = suggested_digest(&site, "fr", "outdated translations", "1000.00001");
    assert_ne!(now, digest);
    let run = site.build();
    run.assert_ok();
    let page = site.read(FRENCH_PAGE);
    assert!(
        page.contains(
            "<p class=\"notice outdated\">Cette traduction a été faite d’après une version antérieure de la notice : l’original a changé depuis.</p>"
        ),
        "{page}"
    );
    let twin = site.read("public/fr/paper/1000.00001/index.md");
    assert!(
        twin.contains("\n\n> Cette traduction a été faite d’après une version antérieure"),
        "{twin}"
    );
    // The translation still shows: the notice comes with it, not in place of it.
    assert!(
        page.contains("Nous étudions les erreurs d’étiquetage."),
        "{page}"
    );
    // The original's pages and the languages without a translation show no notice.
    for other in [
        "public/paper/1000.00001/index.html",
        "public/zh/paper/1000.00001/index.html",
    ] {
        assert!(!site.read(other).contains("notice outdated"), "{other}");
    }

    // The translator brings it up to date and sets the new value: current again.
    site.edit(TRANSLATION, &digest, &now);
    assert_french_translations_current(&site);
    site.build().assert_ok();
    assert!(!site.read(FRENCH_PAGE).contains("notice outdated"));

    // A new title makes it outdated too.
    site.edit(ORIGINAL, "how to find them", "how to find them all");
    suggested_digest(&site, "fr", "outdated translations", "1000.00001");
}

#[test]
fn the_report_names_the_outdated_translations_most_cited_first() {
    let site = Site::fixture("minimal");
    unstated(&site);
    site.write(
        "content/papers/1000.00002.fr.md",
        "---\ntranslated_from: \"000000000000\"\ntitle: \"La référence la plus citée\"\n---\n",
    );
    stamp(&site, TRANSLATION, "ffffffffffff");
    let run = site.run(&["check"]);
    run.assert_ok();
    let fr = block(&run, "fr");
    let line = fr
        .iter()
        .find(|l| l.trim_start().starts_with("outdated translations"))
        .unwrap_or_else(|| panic!("{fr:#?}"));
    // 1000.00002 is cited 45 000 times by the corpus, 1000.00001 10 348 times.
    let (first, second) = (
        line.find("1000.00002").unwrap(),
        line.find("1000.00001").unwrap(),
    );
    assert!(
        line.starts_with("  outdated translations (2, most cited first"),
        "{line}"
    );
    assert!(first < second, "{line}");
    // `--strict` is about messages: an outdated translation is no error.
    site.run(&["check", "--strict"]).assert_ok();
}

#[test]
fn a_translated_from_that_is_not_text_is_an_error_at_its_line() {
    let site = Site::fixture("minimal");
    site.edit(
        TRANSLATION,
        "translated_from: \"a4e26cdac863\"",
        "translated_from: [1, 2]",
    );
    let run = site.build();
    run.assert_error(&format!("{TRANSLATION}:2:"));
    assert!(run.stderr.contains("translated_from"), "{}", run.stderr);
}

#[test]
fn a_long_form_page_s_translation_is_outdated_when_its_original_changes() {
    let site = Site::fixture("minimal");
    // The Chinese article is the original: a file without a locale suffix, which says its
    // language (with suffixes on every file, the first language of site.toml's would be).
    let chinese = site.read("content/press/story.zh.md");
    site.remove("content/press/story.zh.md");
    site.write(
        "content/press/story.md",
        chinese.replacen("---\n", "---\nlang: zh\n", 1),
    );
    let french = "content/press/story.fr.md";
    site.write(
        french,
        "---\ntitle: \"Les erreurs d'étiquetage\"\npapers: [\"1000.00001\"]\n---\nDes tigres étiquetés singes.\n",
    );
    let digest = suggested_digest(
        &site,
        "fr",
        "page translations without translated_from",
        "press/story",
    );
    stamp(&site, french, &digest);
    assert_french_translations_current(&site);
    site.build().assert_ok();
    let page = "public/fr/press/story/index.html";
    assert!(!site.read(page).contains("notice outdated"));

    site.edit(
        "content/press/story.md",
        "把老虎标成猴子",
        "把老虎标成了猴子",
    );
    let now = suggested_digest(&site, "fr", "outdated page translations", "press/story");
    assert_ne!(now, digest);
    site.build().assert_ok();
    let html = site.read(page);
    assert!(
        html.contains("<p class=\"notice outdated\">Cette traduction a été faite d’après une version antérieure de l’article : l’original a changé depuis.</p>"),
        "{html}"
    );
    // The original's own page says nothing.
    assert!(!site
        .read("public/zh/press/story/index.html")
        .contains("notice outdated"));
}

/// `translated_from: ""` (a template's placeholder, a stamp not yet filled in) states nothing:
/// the translation is listed as one without `translated_from`, not called outdated.
#[test]
fn an_empty_translated_from_states_nothing() {
    let site = Site::fixture("minimal");
    site.edit(
        TRANSLATION,
        "translated_from: \"a4e26cdac863\"",
        "translated_from: \"  \"",
    );
    let digest = suggested_digest(
        &site,
        "fr",
        "translations without translated_from",
        "1000.00001",
    );
    assert_eq!(digest, "a4e26cdac863");
    let fr = block(&site.run(&["check"]), "fr").join("\n");
    assert!(!fr.contains("outdated"), "{fr}");
    site.build().assert_ok();
    assert!(
        !site.read(FRENCH_PAGE).contains("class=\"notice outdated\""),
        "no outdated notice"
    );
}
