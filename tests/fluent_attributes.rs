//! Fluent attributes (`search = Search` with `.placeholder = Search the map` under it): a
//! template shows one with `t(key="search.placeholder")`, in the page's language or, when that
//! language's message lacks it, in the language it falls back to; a key that names no attribute
//! is a render error that lists the ones there are; `papermap check` lists the attributes a
//! translated message lacks or has beyond the default language's.

mod common;

use common::{block, place_of, Site};

const EN: &str = "i18n/en/main.ftl";
const FR: &str = "i18n/fr/main.ftl";

/// The probe messages: `probe-search` with three attributes in English and two in French (one
/// of them one English lacks), `probe-only` with attributes and no value, and a term whose
/// attributes differ between the languages, as a term's grammatical attributes may.
fn site_with_attributes() -> Site {
    let site = Site::fixture("minimal");
    site.append(
        EN,
        "probe-search = Search\n    .placeholder = Search the map\n    .label = Search papers\n    \
         .results = { $n ->\n        [one] One result\n       *[other] { $n } results\n    }\n\
         probe-only =\n    .title = Only a title\n\
         -probe-brand = Map\n",
    );
    site.append(
        FR,
        "probe-search = Recherche\n    .placeholder = Chercher dans la carte\n    \
         .results = { $n } résultats\n    .extra = En trop\n\
         probe-only =\n    .title = Rien qu’un titre\n\
         -probe-brand = Carte\n    .gender = feminine\n",
    );
    site
}

/// The one-based line in `file` of the first line holding `line_text`.
fn line_of(site: &Site, file: &str, line_text: &str) -> String {
    format!(
        "{file}:{}",
        place_of(&site.read(file), line_text, line_text).0
    )
}

fn shown(page: &str) -> &str {
    let start = page
        .find("<p class=\"probe\">")
        .unwrap_or_else(|| panic!("no probe in the page: {page}"));
    let rest = &page[start + "<p class=\"probe\">".len()..];
    &rest[..rest.find("</p>").unwrap()]
}

#[test]
fn a_template_shows_an_attribute_in_the_page_s_language_or_the_one_it_falls_back_to() {
    let site = site_with_attributes();
    site.override_page_content(
        "<p class=\"probe\">{{ t(key=\"probe-search.placeholder\") }}|{{ t(key=\"probe-search.label\") }}|\
         {{ t(key=\"probe-search\") }}|{{ t(key=\"probe-search.results\", n=3) }}|{{ t(key=\"probe-only.title\") }}</p>",
    );
    let run = site.build();
    run.assert_ok();
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);

    let en = site.read("public/press/story/index.html");
    assert_eq!(
        shown(&en),
        "Search the map|Search papers|Search|3 results|Only a title"
    );
    // French lacks `.label`: that one attribute comes from English, marked English, the rest
    // stays French.
    let fr = site.read("public/fr/press/story/index.html");
    assert_eq!(
        shown(&fr),
        "Chercher dans la carte|<span lang=\"en\">Search papers</span>|Recherche|3 résultats|Rien qu’un titre"
    );
    // Chinese lacks the whole message: all of it comes from English, each part marked so.
    let zh = site.read("public/zh/press/story/index.html");
    assert_eq!(
        shown(&zh),
        [
            "Search the map",
            "Search papers",
            "Search",
            "3 results",
            "Only a title"
        ]
        .map(|text| format!("<span lang=\"en\">{text}</span>"))
        .join("|")
    );
}

#[test]
fn an_attribute_or_a_value_that_no_language_has_is_a_render_error_that_says_what_there_is() {
    let cases = [
        (
            "probe-search.plaecholder",
            "the message `probe-search` has no attribute `plaecholder` in i18n/en/ nor in the languages it falls back to",
            "its attributes are .label, .placeholder, .results",
        ),
        (
            "probe-only",
            "the message `probe-only` has no value in i18n/en/ nor in the languages it falls back to",
            "it has only attributes: write t(key=\"probe-only.title\")",
        ),
        (
            "probe-nothing.title",
            "no message `probe-nothing` in the files of any language of the site",
            "",
        ),
    ];
    for (key, error, help) in cases {
        let site = site_with_attributes();
        let run = site.build_broken_by(|site| {
            site.override_page_content(&format!("<p>{{{{ t(key=\"{key}\") }}}}</p>"))
        });
        assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
        assert!(
            run.stderr.contains("templates/page.html:1:"),
            "{key}: the error is placed in the template: {}",
            run.stderr
        );
        assert!(run.stderr.contains(error), "{key}: {}", run.stderr);
        assert!(run.stderr.contains(help), "{key}: {}", run.stderr);
    }
}

#[test]
fn check_lists_the_attributes_a_translation_lacks_or_adds_and_strict_fails_on_the_lacking() {
    let site = site_with_attributes();
    let label = line_of(&site, EN, ".label = Search papers");
    let extra = line_of(&site, FR, ".extra = En trop");

    let run = site.run(&["check"]);
    run.assert_ok();
    let fr = block(&run, "fr");
    let reported: Vec<&str> = fr.iter().copied().filter(|l| l.contains("probe")).collect();
    // The term's `.gender` is French grammar, not a missing or obsolete translation.
    assert_eq!(
        reported,
        [
            format!("  missing attribute: probe-search.label ({label})"),
            format!("  obsolete attribute: probe-search.extra ({extra})"),
        ],
        "{fr:?}"
    );
    // Chinese lacks the whole message: that is one missing message, not three attributes.
    let zh = block(&run, "zh");
    assert!(
        zh.iter()
            .any(|l| l.starts_with("  missing: probe-search (")),
        "{zh:?}"
    );
    assert!(!zh.iter().any(|l| l.contains("attribute")), "{zh:?}");

    let strict = site.run(&["check", "--strict"]);
    assert_eq!(strict.code, 1, "{}", strict.stderr);
    assert!(
        strict.stderr.contains(&format!(
            "error: i18n/fr/: missing attribute `probe-search.label` (defined in {label})"
        )),
        "{}",
        strict.stderr
    );
    assert!(
        strict
            .stderr
            .contains("help: copy it from i18n/en/main.ftl:"),
        "{}",
        strict.stderr
    );
    assert!(!strict.stderr.contains("extra"), "{}", strict.stderr);

    // A build warns that French shows an attribute in another language.
    let build = site.build();
    build.assert_ok();
    let warning = build
        .stderr
        .lines()
        .find(|l| l.starts_with("warning: i18n/fr/"))
        .unwrap_or_else(|| panic!("no warning for fr: {}", build.stderr));
    assert_eq!(
        warning,
        "warning: i18n/fr/: 1 attribute of a translated message is missing and shown in another language; `papermap check` lists it"
    );
}

#[test]
fn a_message_translated_with_attributes_only_is_missing_and_its_fallback_marked() {
    let site = Site::fixture("minimal");
    site.edit(
        FR,
        "home-heading = La carte des articles",
        "home-heading =\n    .title = seulement un attribut",
    );
    site.build().assert_ok();
    let home = site.read("public/fr/index.html");
    // The English sentence is said to be English, and no mark of papermap's is left behind.
    assert!(
        home.contains("<span lang=\"en\">The paper map</span>"),
        "{home}"
    );
    assert!(
        !home.contains('\u{FDD0}') && !home.contains('\u{FDD2}'),
        "{home}"
    );

    let check = site.run(&["check"]);
    check.assert_ok();
    let fr = block(&check, "fr").join("\n");
    assert!(fr.contains("1 missing"), "{fr}");
    assert!(
        fr.contains("missing: home-heading (i18n/en/main.ftl:"),
        "{fr}"
    );
    site.run(&["check", "--strict"])
        .assert_error("missing message `home-heading`");
}
