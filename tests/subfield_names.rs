//! A subfield's name in each language: the message `subfield-<slug>` of the page's language (or
//! the languages it falls back to) wherever the theme names the subfield: the paper page's list
//! and rankings, the subfield's list page, its feed and the list of subfields; the name in the
//! records where no language of the chain has one. The list of subfields is in the language's
//! alphabetical order of those names. `papermap check` lists the subfields a language has no
//! name for, apart from the interface's messages.

mod common;

use common::{block, Site};

const CV: &str = "Computer Vision and Pattern Recognition";
const CV_SLUG: &str = "computer-vision-and-pattern-recognition";

/// The minimal fixture whose first paper's subfields line is `subfields` (YAML, with whatever
/// follows it), with no language naming any subfield yet.
fn site_with_subfields(subfields: &str) -> Site {
    let site = Site::fixture("minimal");
    site.edit(
        "content/papers/1000.00001.md",
        &format!("subfields: [\"{CV}\"]"),
        subfields,
    );
    for file in ["i18n/fr/subfields.ftl", "i18n/zh/subfields.ftl"] {
        if site.path(file).exists() {
            site.remove(file);
        }
    }
    site
}

/// The minimal fixture with a second subfield that no language names, on a paper ranked in both,
/// and the French name of the first in a file of its own.
fn site() -> Site {
    let site = site_with_subfields(&format!(
        "subfields: [\"{CV}\", \"Quantum Gardening\"]\n\
         rankings:\n  - {{ subfield: \"{CV}\", researchers: [\"Ada\"] }}\n  \
         - {{ subfield: \"Quantum Gardening\", researchers: [\"Alan\"] }}"
    ));
    site.write(
        "i18n/fr/subfields.ftl",
        format!("subfield-{CV_SLUG} = Vision par ordinateur\nsubfield-not-in-the-map = Rien\n"),
    );
    site
}

#[test]
fn a_subfield_is_named_in_the_page_s_language_wherever_the_theme_names_it() {
    let site = site();
    let run = site.build();
    run.assert_ok();
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);

    let paper = site.read("public/fr/paper/1000.00001/index.html");
    assert!(
        paper.contains(&format!(
            "<a href=\"/map/fr/subfield/{CV_SLUG}/\">Vision par ordinateur</a>"
        )),
        "{paper}"
    );
    // A subfield no language names keeps its records' name, in the default language.
    assert!(
        paper.contains("<a href=\"/map/fr/subfield/quantum-gardening/\"><span lang=\"en\">Quantum Gardening</span></a>"),
        "{paper}"
    );
    assert!(
        paper.contains("<h3>En Vision par ordinateur</h3>"),
        "{paper}"
    );
    assert!(
        paper.contains("<h3>En <span lang=\"en\">Quantum Gardening</span></h3>"),
        "{paper}"
    );

    let list = site.read(&format!("public/fr/subfield/{CV_SLUG}/index.html"));
    assert!(
        list.contains("<title>Vision par ordinateur · "),
        "the list's title: {list}"
    );
    assert!(
        list.contains(
            "title=\"Carte des articles : articles les plus récents en Vision par ordinateur\""
        ),
        "the feed's link in the head: {list}"
    );
    let feed = site.read(&format!("public/fr/subfield/{CV_SLUG}/atom.xml"));
    assert!(
        feed.contains(
            "<title>Carte des articles : articles les plus récents en Vision par ordinateur</title>"
        ),
        "{feed}"
    );
    // The feed's categories are the records' names: they identify, they are not read.
    assert!(
        feed.contains(&format!("<category term=\"{CV}\"/>")),
        "{feed}"
    );
    let subfields = site.read("public/fr/subfields/index.html");
    assert!(
        subfields.contains(&format!(
            "<a href=\"/map/fr/subfield/{CV_SLUG}/\">Vision par ordinateur</a>"
        )),
        "{subfields}"
    );

    // English and Chinese have no names of their own: the records' name, as before, said to be
    // English on the Chinese page.
    for (locale_path, shown) in [
        ("public/paper/1000.00001/index.html", CV.to_string()),
        (
            "public/zh/paper/1000.00001/index.html",
            format!("<span lang=\"en\">{CV}</span>"),
        ),
    ] {
        let page = site.read(locale_path);
        assert!(
            page.contains(&format!("/subfield/{CV_SLUG}/\">{shown}</a>")),
            "{page}"
        );
    }
}

#[test]
fn the_default_language_may_rename_a_subfield_for_the_languages_that_fall_back_to_it() {
    let site = site();
    site.write(
        "i18n/en/subfields.ftl",
        format!("subfield-{CV_SLUG} = Computer vision\n"),
    );
    site.build().assert_ok();
    for (page, name) in [
        ("public/paper/1000.00001/index.html", "Computer vision"),
        (
            "public/zh/paper/1000.00001/index.html",
            "<span lang=\"en\">Computer vision</span>",
        ),
        (
            "public/fr/paper/1000.00001/index.html",
            "Vision par ordinateur",
        ),
    ] {
        let page = site.read(page);
        assert!(
            page.contains(&format!("/subfield/{CV_SLUG}/\">{name}</a>")),
            "{page}"
        );
    }
}

#[test]
fn check_lists_the_subfields_a_language_has_no_name_for_and_no_more() {
    let site = site();
    let run = site.run(&["check", "--strict"]);
    // zh lacks no interface message and no name is an error: the strict check passes.
    run.assert_ok();
    let fr = block(&run, "fr");
    assert!(
        fr[0].contains(", 0 missing, 0 obsolete;"),
        "subfield names are not interface messages: {fr:?}"
    );
    assert!(
        fr.contains(&"  subfields without a translation (1 of 2): Quantum Gardening"),
        "{fr:?}"
    );
    assert!(
        !fr.iter().any(|l| l.contains("not-in-the-map")),
        "a name of a subfield the map lacks yet is not obsolete: {fr:?}"
    );
    let zh = block(&run, "zh");
    assert!(
        zh.contains(
            &format!("  subfields without a translation (2 of 2): {CV}, Quantum Gardening")
                .as_str()
        ),
        "{zh:?}"
    );
}

/// A subfield's name is given no variables: one that uses a variable (in its value or in a
/// form) is the error of its .ftl file, at the variable, once, not of every page and template
/// that shows the subfield.
#[test]
fn a_subfield_name_with_a_variable_is_an_error_at_the_variable() {
    let site = site();
    let ftl =
        format!("subfield-{CV_SLUG} = Vision {{ $what }}\n    .in-text = vision {{ $how }}\n");
    let run = site.build_broken_by(|site| site.write("i18n/fr/subfields.ftl", &ftl));
    for variable in ["what", "how"] {
        let (line, column) = common::place_of(&ftl, &format!("${variable}"), "$");
        run.assert_error(&format!(
            "error: i18n/fr/subfields.ftl:{line}:{column}: a subfield's name takes no variables: `subfield-{CV_SLUG}` uses `${variable}`"
        ));
    }
    assert!(
        !run.stderr.contains("templates/"),
        "no error of the templates: {}",
        run.stderr
    );
    assert!(run.stderr.contains("papermap: 2 errors"), "{}", run.stderr);
}

/// The names in the list of subfields of a built page, in order, as they read (without the span
/// that says a name is in another language).
fn listed_names(page: &str) -> Vec<String> {
    let list = page
        .split("<ul class=\"group-list\">")
        .nth(1)
        .and_then(|rest| rest.split("</ul>").next())
        .unwrap_or_else(|| panic!("no list of subfields: {page}"));
    list.split("<li><a href=\"")
        .skip(1)
        .map(|item| {
            let name = item.split_once("\">").map(|(_, rest)| rest).unwrap_or("");
            let name = name.split("</a>").next().unwrap_or("");
            name.strip_prefix("<span lang=\"en\">")
                .and_then(|name| name.strip_suffix("</span>"))
                .unwrap_or(name)
                .to_string()
        })
        .collect()
}

#[test]
fn the_list_of_subfields_is_in_the_alphabetical_order_of_the_page_s_language() {
    let site = site_with_subfields(&format!(
        "subfields: [\"{CV}\", \"Zoology\", \"Écologie\", \"Artificial Intelligence\"]"
    ));
    site.write(
        "i18n/fr/subfields.ftl",
        format!(
            "subfield-{CV_SLUG} = Vision par ordinateur\n\
             subfield-zoology = Zoologie\n\
             subfield-artificial-intelligence = Intelligence artificielle\n"
        ),
    );
    site.write(
        "i18n/zh/subfields.ftl",
        format!(
            "subfield-{CV_SLUG} = 计算机视觉\n\
             subfield-zoology = 动物学\n\
             subfield-artificial-intelligence = 人工智能\n"
        ),
    );
    let run = site.build();
    run.assert_ok();

    // An accented capital sorts with its letter, not after Z as its bytes would.
    assert_eq!(
        listed_names(&site.read("public/subfields/index.html")),
        ["Artificial Intelligence", CV, "Écologie", "Zoology"]
    );
    // By the French names, not the records' order of the English ones.
    assert_eq!(
        listed_names(&site.read("public/fr/subfields/index.html")),
        [
            "Écologie",
            "Intelligence artificielle",
            "Vision par ordinateur",
            "Zoologie"
        ]
    );
    // A name no French message gives is the records' name, in the default language.
    assert!(site
        .read("public/fr/subfields/index.html")
        .contains("<span lang=\"en\">Écologie</span>"));
    // Chinese by pinyin (dòng, jì, rén), not by code point (人 before 动 before 计); as
    // CLDR orders Chinese, Han before Latin script.
    assert_eq!(
        listed_names(&site.read("public/zh/subfields/index.html")),
        ["动物学", "计算机视觉", "人工智能", "Écologie"]
    );
}

#[test]
fn a_subfield_s_name_inside_a_sentence_is_its_in_text_form_in_its_own_language() {
    let site = site();
    site.write(
        "i18n/fr/subfields.ftl",
        format!(
            "subfield-{CV_SLUG} = Vision par ordinateur\n    .in-text = vision par ordinateur\n\
             subfield-quantum-gardening = Jardinage quantique\n"
        ),
    );
    // English names both, with a form French must not borrow, and a form French lacks.
    site.write(
        "i18n/en/subfields.ftl",
        format!(
            "subfield-{CV_SLUG} = Computer vision\n    .in-text = computer vision\n\
             subfield-quantum-gardening = Quantum gardening\n    .in-text = quantum gardening\n"
        ),
    );
    site.build().assert_ok();

    let paper = site.read("public/fr/paper/1000.00001/index.html");
    // Standing alone: the name; inside a sentence: its in-text form.
    assert!(
        paper.contains(&format!(
            "<a href=\"/map/fr/subfield/{CV_SLUG}/\">Vision par ordinateur</a>"
        )),
        "{paper}"
    );
    assert!(
        paper.contains("<h3>En vision par ordinateur</h3>"),
        "{paper}"
    );
    // No form of its own: French's name, not English's form.
    assert!(paper.contains("<h3>En Jardinage quantique</h3>"), "{paper}");

    let list = site.read(&format!("public/fr/subfield/{CV_SLUG}/index.html"));
    assert!(list.contains("<h1>Vision par ordinateur</h1>"), "{list}");
    assert!(
        list.contains("Flux Atom des articles les plus récents en vision par ordinateur</a>"),
        "{list}"
    );
    let feed = site.read(&format!("public/fr/subfield/{CV_SLUG}/atom.xml"));
    assert!(
        feed.contains("<title>Carte des articles : articles les plus récents en vision par ordinateur</title>"),
        "{feed}"
    );
    let english = site.read("public/paper/1000.00001/index.html");
    assert!(
        english.contains("<h3>In quantum gardening</h3>"),
        "{english}"
    );

    // A form is the language's grammar: neither missing nor obsolete, even when strict.
    let run = site.run(&["check", "--strict"]);
    run.assert_ok();
    assert!(!run.stdout.contains("attribute"), "{}", run.stdout);
}

#[test]
fn a_subfield_whose_name_is_not_ascii_can_be_named_and_check_says_how() {
    let site = site_with_subfields("subfields: [\"Écologie\", \"生态学\"]");
    // A Fluent id is ASCII: accents are dropped, other letters written as their code point.
    site.write(
        "i18n/fr/subfields.ftl",
        "subfield-ecologie = Écologie (fr)\nsubfield-u751f-u6001-u5b66 = Écologie (fr, du chinois)\n",
    );
    site.build().assert_ok();
    let paper = site.read("public/fr/paper/1000.00001/index.html");
    assert!(
        paper.contains("/subfield/écologie/\">Écologie (fr)</a>"),
        "{paper}"
    );
    assert!(
        paper.contains("/subfield/生态学/\">Écologie (fr, du chinois)</a>"),
        "{paper}"
    );

    // check names the message a translator has to write, where the slug does not say it.
    let run = site.run(&["check"]);
    run.assert_ok();
    let zh = block(&run, "zh");
    assert!(
        zh.contains(
            &"  subfields without a translation (2 of 2): Écologie (subfield-ecologie), 生态学 (subfield-u751f-u6001-u5b66)"
        ),
        "{zh:?}"
    );
}
