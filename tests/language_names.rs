//! The names of languages in notices ("This abstract is available in Spanish only"): the page
//! language's own `language-<code>` message, else CLDR's name of the language in the page's
//! language (ICU4X), else the languages the page falls back to. A record in a language no
//! message names builds, on every page, in every language.

mod common;

use common::Site;

/// The minimal fixture with a paper written in Spanish (an abstract, no translation), a
/// language none of the site's files names.
fn site_with_spanish() -> Site {
    let site = Site::fixture("minimal");
    site.edit(
        "content/papers/1000.00002.md",
        "year: 2014",
        "year: 2014\nlang: es",
    );
    site.append("content/papers/1000.00002.md", "Estudiamos los errores.\n");
    site
}

fn abstract_notice(site: &Site, page: &str) -> String {
    let html = site.read(page);
    let start = html
        .find("<p class=\"notice\">")
        .unwrap_or_else(|| panic!("no notice in {page}: {html}"));
    let end = start + html[start..].find("</p>").unwrap();
    html[start + "<p class=\"notice\">".len()..end].to_string()
}

/// The Spanish paper's abstract notice in English, French and Chinese.
fn notices(site: &Site) -> [String; 3] {
    ["", "fr/", "zh/"]
        .map(|prefix| abstract_notice(site, &format!("public/{prefix}paper/1000.00002/index.html")))
}

#[test]
fn a_language_no_message_names_is_named_by_cldr_in_the_page_s_language() {
    let site = site_with_spanish();
    let run = site.build();
    run.assert_ok();
    assert_eq!(
        notices(&site),
        [
            "This abstract is available in Spanish only.",
            "Résumé disponible en espagnol uniquement.",
            "摘要仅有西班牙语版本。",
        ]
    );
}

#[test]
fn a_language_s_own_message_comes_before_cldr_and_cldr_before_another_language_s() {
    let site = site_with_spanish();
    site.append("i18n/fr/main.ftl", "language-es = castillan\n");
    site.append("i18n/en/main.ftl", "language-es = Castilian\n");
    site.build().assert_ok();
    // Chinese has no message of its own: CLDR's Chinese name, not English's message.
    assert_eq!(
        notices(&site),
        [
            "This abstract is available in Castilian only.",
            "Résumé disponible en castillan uniquement.",
            "摘要仅有西班牙语版本。",
        ]
    );
}

#[test]
fn a_language_cldr_does_not_know_needs_a_message_and_the_error_says_which() {
    let site = site_with_spanish();
    site.edit("content/papers/1000.00002.md", "lang: es", "lang: qaa");
    let run = site.build();
    run.assert_error("no message `language-qaa`");
    assert!(
        run.stderr.contains("add `language-qaa = "),
        "the fix: {}",
        run.stderr
    );
    site.append("i18n/en/main.ftl", "language-qaa = Old Lacustrine\n");
    site.build().assert_ok();
    assert_eq!(
        abstract_notice(&site, "public/fr/paper/1000.00002/index.html"),
        // The name falls back to English, and is marked so inside the French sentence.
        "Résumé disponible en <span lang=\"en\">Old Lacustrine</span> uniquement."
    );
}

/// A language no page can name is the records' error, not the template's: it points at the
/// `lang` of the first record in it, once for all the languages of the site, and names the
/// other records in it; a page's own language is checked as a paper's is.
#[test]
fn a_language_no_page_can_name_is_an_error_at_the_record_s_lang() {
    let site = site_with_spanish();
    site.edit("content/papers/1000.00002.md", "lang: es", "lang: qaa");
    site.edit("content/papers/1000.00003.md", "year:", "lang: qaa\nyear:");
    site.edit(
        "content/press/story.zh.md",
        "date: 2021-03-31",
        "date: 2021-03-31\nlang: qbb",
    );
    let run = site.build();
    let paper = site.read("content/papers/1000.00002.md");
    let (line, column) = common::place_of(&paper, "lang:", "qaa");
    run.assert_error(&format!(
        "error: content/papers/1000.00002.md:{line}:{column}: no page can name the language `qaa`"
    ));
    let story = site.read("content/press/story.zh.md");
    let (line, column) = common::place_of(&story, "lang:", "qbb");
    run.assert_error(&format!(
        "error: content/press/story.zh.md:{line}:{column}: no page can name the language `qbb`"
    ));
    assert!(
        run.stderr
            .contains("content/papers/1000.00003.md is in it too"),
        "the other record in the language: {}",
        run.stderr
    );
    assert!(
        !run.stderr.contains("paper.html") && !run.stderr.contains("page.html"),
        "no error of the templates: {}",
        run.stderr
    );
    assert!(
        run.stderr.contains("papermap: 2 errors"),
        "one error a language: {}",
        run.stderr
    );
}

/// A language's name that a translation lacks but CLDR gives in its language is not missing:
/// the pages show CLDR's name, not the default language's message. `check` says which name
/// they show, so that a translator who wants another writes it; a name CLDR does not know is
/// missing as any message.
#[test]
fn check_does_not_call_missing_a_language_name_cldr_gives() {
    let site = site_with_spanish();
    site.append(
        "i18n/en/main.ftl",
        "language-es = Spanish\nlanguage-qaa = Old Lacustrine\n",
    );
    let run = site.run(&["check", "--json"]);
    run.assert_ok();
    let run = site.run(&["check"]);
    run.assert_ok();
    let fr = common::block(&run, "fr").join("\n");
    assert!(!fr.contains("missing: language-es"), "{fr}");
    assert!(fr.contains("named by CLDR: language-es (espagnol)"), "{fr}");
    assert!(fr.contains("missing: language-qaa"), "{fr}");
    let zh = common::block(&run, "zh").join("\n");
    assert!(zh.contains("named by CLDR: language-es (西班牙语)"), "{zh}");

    let json: serde_json::Value = serde_json::from_str(&site.run(&["check", "--json"]).stdout)
        .expect("check --json prints JSON");
    let fr = json["locales"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["code"] == "fr")
        .unwrap();
    assert_eq!(
        fr["named_by_cldr"],
        serde_json::json!([{ "id": "language-es", "name": "espagnol" }])
    );
    assert!(
        fr["missing"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["id"] != "language-es"),
        "{fr}"
    );

    // The build's summary counts only what pages show in another language.
    site.edit("i18n/en/main.ftl", "language-qaa = Old Lacustrine\n", "");
    let run = site.build();
    run.assert_ok();
    assert!(
        !run.stderr.contains("missing and shown in another language"),
        "{}",
        run.stderr
    );
}
