//! What translators write in Fluent: `NUMBER` shapes a number as each page's locale writes it;
//! a call papermap would not carry out as written, or a reference to a message or term the
//! language does not define, is an error at its place in the `.ftl` file when the site loads;
//! a variable the template's call does not give is placed in its file when the page fails.

mod common;

use common::{place_of, Run, Site};

const DIGITS: &str = r#"
probe-digits = { NUMBER($share, minimumFractionDigits: 2) } | { NUMBER($e, maximumFractionDigits: 0) } | { NUMBER($count, minimumIntegerDigits: 3) } | { NUMBER($big) } | { NUMBER($big, useGrouping: "false") } | { NUMBER("2.5") } | { NUMBER($title) }
"#;

const ORDINALS: &str = r#"
probe-ordinal = { NUMBER($rank, type: "ordinal") ->
    [one] { $rank }st
    [two] { $rank }nd
    [few] { $rank }rd
   *[other] { $rank }th
}
"#;

/// The minimal fixture with the probe messages added to `locales` and the home page showing
/// them in a `<p id="probe">`.
fn site_with(messages: &str, locales: &[&str]) -> Site {
    let site = Site::fixture("minimal");
    for locale in locales {
        site.append(&format!("i18n/{locale}/main.ftl"), messages);
    }
    site.write(
        "templates/index.html",
        r#"{% extends "base.html" %}{% block content %}<p id="probe">{{ t(key="probe-digits", share=1.5, e=2.71828, count=7, big=12345, title="Attention") }}</p><p id="ranks">{% for rank in [1, 2, 3, 4, 11, 22, 103] %}{{ t(key="probe-ordinal", rank=rank) }} {% endfor %}</p>{% endblock content %}"#,
    );
    site
}

fn probe(site: &Site, page: &str, id: &str) -> String {
    let html = site.read(page);
    let start = html
        .find(&format!("<p id=\"{id}\">"))
        .unwrap_or_else(|| panic!("no #{id} in {page}:\n{html}"));
    let rest = &html[start..];
    rest[rest.find('>').unwrap() + 1..rest.find("</p>").unwrap()].to_string()
}

#[test]
fn number_options_shape_each_language_s_numbers() {
    let site = site_with(&format!("{DIGITS}{ORDINALS}"), &["en", "fr"]);
    site.build().assert_ok();
    assert_eq!(
        probe(&site, "public/index.html", "probe"),
        "1.50 | 3 | 007 | 12,345 | 12345 | 2.5 | Attention"
    );
    assert_eq!(
        probe(&site, "public/fr/index.html", "probe"),
        "1,50 | 3 | 007 | 12\u{202f}345 | 12345 | 2,5 | Attention"
    );
    // Chinese has no message of its own here: it falls back to the English sentence, which
    // keeps English numbers, as it keeps English words, and is marked English.
    assert_eq!(
        probe(&site, "public/zh/index.html", "probe"),
        "<span lang=\"en\">1.50 | 3 | 007 | 12,345 | 12345 | 2.5 | Attention</span>"
    );
    assert_eq!(
        probe(&site, "public/index.html", "ranks"),
        "1st 2nd 3rd 4th 11th 22nd 103rd "
    );
}

/// The build fails with exit code 1 and every report of `expected` (line text, column of the
/// underlined part, message) at its place in `file`.
fn assert_reported(run: &Run, site: &Site, file: &str, expected: &[(&str, &str, &str)]) {
    let text = site.read(file);
    for (line_text, underlined, message) in expected {
        let (line, column) = place_of(&text, line_text, underlined);
        run.assert_error(&format!("error: {file}:{line}:{column}: {message}"));
    }
    assert_eq!(
        run.stderr
            .lines()
            .filter(|l| l.starts_with("error:"))
            .count(),
        expected.len(),
        "{}",
        run.stderr
    );
}

/// Builds `site`, adds each (file, text) to the end of its file, and builds again: the second
/// build's run, after checking that it left the first build's output byte for byte as it was.
fn build_after_appending(site: &Site, additions: &[(&str, &str)]) -> Run {
    site.build().assert_ok();
    let before = site.tree("public");
    for (file, text) in additions {
        site.append(file, text);
    }
    let run = site.build();
    assert_eq!(
        site.tree("public"),
        before,
        "the last good output must stay as it was"
    );
    run
}

#[test]
fn a_call_that_would_not_do_what_it_says_is_an_error_at_its_place() {
    let site = site_with(&format!("{DIGITS}{ORDINALS}"), &["en"]);
    let broken = r#"
broken-one = { DATETIME($date) } { NUMBR($count) } { NUMBER() }
broken-two = { NUMBER($n, style: "percent") } { NUMBER($n, minimumFractionDigits: 200) }
broken-three = { NUMBER($n, useGrouping: "min2") } { NUMBER($n, minimumIntegerDigits: 0) } { -term(NUMBER($n, type: "odd")) }
broken-four = { NUMBER($n, minimumFractionDigits: 3, maximumFractionDigits: 1) } { NUMBER($n, maximumFractionDigits: 2, minimumFractionDigits: 2) }
"#;
    let run = build_after_appending(&site, &[("i18n/en/main.ftl", broken)]);
    assert_reported(
        &run,
        &site,
        "i18n/en/main.ftl",
        &[
            (
                "DATETIME",
                "DATETIME",
                "the Fluent function `DATETIME` is not known to papermap",
            ),
            (
                "NUMBR(",
                "NUMBR(",
                "the Fluent function `NUMBR` is not known to papermap",
            ),
            (
                "NUMBER() }",
                "NUMBER() }",
                "NUMBER takes one number to format, not 0",
            ),
            (
                "style:",
                "style:",
                "papermap does not apply NUMBER's option `style`",
            ),
            (
                "200)",
                "200)",
                "NUMBER's option `minimumFractionDigits` is a whole number from 0 to 100, not 200",
            ),
            (
                "min2",
                "min2",
                "NUMBER's option `useGrouping` is \"true\" or \"false\", not \"min2\"",
            ),
            (
                "IntegerDigits: 0",
                "0)",
                "NUMBER's option `minimumIntegerDigits` is a whole number from 1 to 21, not 0",
            ),
            (
                "-term(",
                "-term(",
                "the term `-term` is not defined in i18n/en/",
            ),
            (
                "odd",
                "odd",
                "NUMBER's option `type` is \"cardinal\" or \"ordinal\", not \"odd\"",
            ),
            (
                "minimumFractionDigits: 3, maximumFractionDigits: 1",
                "1)",
                "NUMBER's `maximumFractionDigits` (1) is less than its `minimumFractionDigits` (3)",
            ),
        ],
    );
    assert!(
        run.stderr
            .contains("dates reach messages already written for the page's language"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_reference_to_an_entry_the_language_does_not_define_is_an_error_at_its_place() {
    let site = Site::fixture("minimal");
    let run = build_after_appending(
        &site,
        &[
            (
                "i18n/en/main.ftl",
                "-brand = Paper map\nprobe-brand = { -brand }\n",
            ),
            (
                "i18n/fr/main.ftl",
                "probe-brand = La { -brand }, voir { home-heading } et { nowhere-at-all }\n",
            ),
        ],
    );
    assert_reported(
        &run,
        &site,
        "i18n/fr/main.ftl",
        &[
            ("probe-brand", "-brand }", "the term `-brand` is not defined in i18n/fr/; a reference is looked up in its own language only"),
            ("probe-brand", "nowhere-at-all", "the message `nowhere-at-all` is not defined in i18n/fr/"),
        ],
    );
    let (line, _) = place_of(&site.read("i18n/en/main.ftl"), "-brand =", "-brand");
    assert!(
        run.stderr.contains(&format!(
            "translate its definition (i18n/en/main.ftl:{line}) into i18n/fr/"
        )),
        "{}",
        run.stderr
    );
}

#[test]
fn a_variable_the_call_does_not_give_is_placed_in_its_file() {
    let site = Site::fixture("minimal");
    site.edit(
        "i18n/fr/main.ftl",
        "*[other] { $count } articles dans la carte.",
        "*[other] { $cout } articles dans la carte.",
    );
    // A key the template makes as it renders, which no check at load can follow: the error
    // comes when the page is formatted.
    site.edit(
        "themes/default/templates/index.html",
        "{{ t(key=\"home-paper-count\", count=paper_count) }}",
        "{% set k = \"home-paper-count\" %}{{ t(key=k, count=paper_count) }}",
    );
    let run = site.build();
    let (line, column) = place_of(&site.read("i18n/fr/main.ftl"), "{ $cout }", "$cout");
    run.assert_error(&format!(
        "the message `home-paper-count` of i18n/fr/ cannot be formatted: it uses the variable `$cout` (i18n/fr/main.ftl:{line}:{column}), which this call does not give; it gives `$count`"
    ));
}

#[test]
fn an_attribute_or_a_value_that_is_not_there_and_a_cycle_are_errors_at_their_place() {
    let site = Site::fixture("minimal");
    let run = build_after_appending(
        &site,
        &[(
            "i18n/fr/main.ftl",
            r#"
probe-label =
    .short = Carte
probe-attribute = { probe-label.short } { probe-label.long } { home-heading.title }
probe-value = Voir { probe-label }
probe-ping = ping { probe-pong }
probe-pong = pong { $n ->
    [one] { probe-ping }
   *[other] rien
}
probe-self =
    .title = { probe-self.title }
"#,
        )],
    );
    assert_reported(
        &run,
        &site,
        "i18n/fr/main.ftl",
        &[
            (
                "probe-attribute",
                "probe-label.long",
                "the message `probe-label` has no attribute `.long` in i18n/fr/",
            ),
            (
                "probe-attribute",
                "home-heading.title",
                "the message `home-heading` has no attribute `.title` in i18n/fr/",
            ),
            (
                "probe-value",
                "probe-label }",
                "the message `probe-label` has no value, only attributes: a reference to it shows nothing",
            ),
            (
                "[one] { probe-ping }",
                "probe-ping }",
                "the message `probe-ping` refers back to itself: probe-ping → probe-pong → probe-ping",
            ),
            (
                ".title = { probe-self.title }",
                "probe-self.title",
                "the message `probe-self.title` refers back to itself: probe-self.title → probe-self.title",
            ),
        ],
    );
    assert!(
        run.stderr.contains("write `{ probe-label.short }`"),
        "{}",
        run.stderr
    );
}

#[test]
fn the_separator_between_authors_is_each_language_s() {
    let site = Site::fixture("minimal");
    site.edit(
        "i18n/zh/main.ftl",
        "list-separator = {\", \"}",
        "list-separator = 、",
    );
    site.build().assert_ok();
    let chinese = site.read("public/zh/paper/1000.00001/index.html");
    assert!(
        chinese.contains("<p class=\"byline\">作者：Ada Lovelace、Alan Turing。2022</p>"),
        "{chinese}"
    );
    let english = site.read("public/paper/1000.00001/index.html");
    assert!(
        english.contains("<p class=\"byline\">By Ada Lovelace, Alan Turing. 2022</p>"),
        "{english}"
    );
}

#[test]
fn messages_of_a_language_the_site_does_not_list_are_named_in_a_warning() {
    let site = Site::fixture("minimal");
    site.write("i18n/de/main.ftl", "site-title = Karte der Artikel\n");
    let warning = "warning: i18n/de/: `de` is not a language of the site, so its messages are not used; add `[[languages]] code = \"de\"` to site.toml to build its pages";
    let run = site.build();
    run.assert_ok();
    assert!(run.stderr.contains(warning), "{}", run.stderr);
    assert!(!site.path("public/de").exists());
    // Again on a rebuild with nothing new, and from `check`.
    let run = site.build();
    assert!(run.stderr.contains(warning), "{}", run.stderr);
    assert!(run.stdout.contains("0 files written"), "{}", run.stdout);
    let run = site.run(&["check"]);
    run.assert_ok();
    assert!(run.stderr.contains(warning), "{}", run.stderr);
    site.add_language("de");
    let run = site.build();
    run.assert_ok();
    assert!(
        !run.stderr.contains("is not a language of the site"),
        "{}",
        run.stderr
    );
    assert!(site.path("public/de/index.html").is_file());
}

#[test]
fn plural_forms_follow_cldr_beyond_100() {
    // Fluent's plural rules (intl_pluralrules, CLDR 37) read Arabic's `n % 100 = 3..10` as
    // `n = 3..10`: 103 citations took the form of 100, not that of 3.
    let site = Site::fixture("minimal");
    site.add_language("ar");
    let message = "\nprobe-plural = { $n ->\n    [zero] zero\n    [one] one\n    [two] two\n    [few] few\n    [many] many\n   *[other] other\n}\n";
    site.write("i18n/ar/main.ftl", message);
    site.append("i18n/en/main.ftl", message);
    site.write(
        "templates/index.html",
        r#"{% extends "base.html" %}{% block content %}<p id="plurals">{% for n in [0, 1, 2, 3, 11, 100, 102, 103, 111, 1003] %}{{ t(key="probe-plural", n=n) }} {% endfor %}</p>{% endblock content %}"#,
    );
    site.build().assert_ok();
    assert_eq!(
        probe(&site, "public/ar/index.html", "plurals"),
        "zero one two few many other other few many few "
    );
}
