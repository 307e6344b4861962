//! Languages written right to left: a page in Arabic, Hebrew or Persian says `dir="rtl"`, and
//! each piece of text in another language that runs the other way (an English title on an Arabic
//! page, a Persian one on an English page, a language's name in the switcher) says its own
//! direction; a site of left-to-right languages has no `dir` at all. In the interface's
//! sentences, Unicode's directional isolates keep a value or a sentence that runs the other way
//! in its place: what an Arabic sentence quotes, and a sentence an Arabic page shows in English
//! for want of its own.

mod common;

use common::Site;

/// The minimal fixture with Arabic as a fourth language (its messages are only its name: the
/// rest falls back to English), a paper translated into Arabic and a paper written in Persian.
fn site_with_arabic() -> Site {
    let site = Site::fixture("minimal");
    site.add_language("ar");
    site.write("i18n/ar/main.ftl", "language-name = العربية\n");
    site.append("i18n/en/main.ftl", "language-fa = Persian\n");
    site.write(
        "content/papers/1000.00001.ar.md",
        "---\ntitle: \"أخطاء التسمية\"\n---\nندرس أخطاء التسمية.\n",
    );
    site.write(
        "content/papers/1000.00006.md",
        "---\nid: \"1000.00006\"\ntitle: \"خطاهای برچسب\"\nlang: fa\nyear: 2023\n---\nما خطاهای برچسب را بررسی می‌کنیم.\n",
    );
    site
}

/// The opening tag of the first element that starts with `start` (`<h1`), whole.
fn tag<'p>(page: &'p str, start: &str) -> &'p str {
    let at = page
        .find(start)
        .unwrap_or_else(|| panic!("no {start} in the page: {page}"));
    &page[at..at + page[at..].find('>').unwrap() + 1]
}

#[test]
fn an_arabic_page_runs_right_to_left_and_its_english_text_left_to_right() {
    let site = site_with_arabic();
    let run = site.build();
    run.assert_ok();
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);

    let home = site.read("public/ar/index.html");
    assert_eq!(tag(&home, "<html"), "<html lang=\"ar\" dir=\"rtl\">");
    // The switcher: Arabic is the page's own language; English runs the other way.
    assert_eq!(
        tag(&home, "<span aria-current=\"page\""),
        "<span aria-current=\"page\" lang=\"ar\">"
    );
    assert!(
        home.contains("hreflang=\"en\" lang=\"en\" dir=\"ltr\">English</a>"),
        "{home}"
    );
    // A Persian title on an Arabic page: both right to left, so no `dir` of its own.
    assert!(home.contains("lang=\"fa\">خطاهای برچسب</a>"), "{home}");

    // Translated into Arabic: nothing in another language.
    let translated = site.read("public/ar/paper/1000.00001/index.html");
    assert_eq!(tag(&translated, "<h1"), "<h1>");
    assert_eq!(
        tag(&translated, "<div class=\"abstract-text\""),
        "<div class=\"abstract-text\">"
    );
    // Not translated: its English title and abstract run left to right inside the Arabic page.
    let untranslated = site.read("public/ar/paper/1000.00004/index.html");
    assert_eq!(
        tag(&untranslated, "<html"),
        "<html lang=\"ar\" dir=\"rtl\">"
    );
    assert_eq!(tag(&untranslated, "<h1"), "<h1 lang=\"en\" dir=\"ltr\">");
    // A page written in Chinese, which Arabic readers get for want of a version of their own.
    let press = site.read("public/ar/press/story/index.html");
    assert_eq!(tag(&press, "<div lang="), "<div lang=\"zh\" dir=\"ltr\">");
}

#[test]
fn a_right_to_left_text_on_a_left_to_right_page_says_its_direction() {
    let site = site_with_arabic();
    site.build().assert_ok();

    let home = site.read("public/index.html");
    assert_eq!(tag(&home, "<html"), "<html lang=\"en\">");
    assert!(
        home.contains("hreflang=\"ar\" lang=\"ar\" dir=\"rtl\">العربية</a>"),
        "{home}"
    );
    assert!(
        home.contains("lang=\"fa\" dir=\"rtl\">خطاهای برچسب</a>"),
        "{home}"
    );
    let persian = site.read("public/paper/1000.00006/index.html");
    assert_eq!(tag(&persian, "<h1"), "<h1 lang=\"fa\" dir=\"rtl\">");
    assert_eq!(
        tag(&persian, "<div class=\"abstract-text\""),
        "<div class=\"abstract-text\" lang=\"fa\" dir=\"rtl\">"
    );
    let french = site.read("public/fr/paper/1000.00006/index.html");
    assert_eq!(tag(&french, "<h1"), "<h1 lang=\"fa\" dir=\"rtl\">");
}

/// Asserts that the built page at `page` holds `text`.
fn assert_page_shows(site: &Site, page: &str, text: &str) {
    let html = site.read(page);
    assert!(html.contains(text), "no {text:?} in {page}: {html}");
}

/// First Strong Isolate and Pop Directional Isolate: the text between them takes its direction
/// from its own first letter and does not reorder what is around it.
const FSI: char = '\u{2068}';
const PDI: char = '\u{2069}';

#[test]
fn an_arabic_sentence_isolates_its_values_and_an_english_one_on_an_arabic_page_is_isolated() {
    let site = site_with_arabic();
    site.append(
        "i18n/ar/main.ftl",
        "list-subfield-heading = أوراق في { $subfield }\n",
    );
    site.build().assert_ok();

    // A value in an Arabic sentence: an English subfield name, isolated and marked English.
    assert_page_shows(
        &site,
        "public/ar/subfield/computer-vision-and-pattern-recognition/index.html",
        &format!("<h1>أوراق في {FSI}<span lang=\"en\">Computer Vision and Pattern Recognition</span>{PDI}</h1>"),
    );
    // A sentence Arabic lacks, shown in English: isolated whole, in text and in attributes, and
    // marked English where an element may stand.
    let home = site.read("public/ar/index.html");
    assert!(
        home.contains(&format!(
            "<a class=\"skip-link\" href=\"#main\"><span lang=\"en\">{FSI}Skip to content{PDI}</span></a>"
        )),
        "{home}"
    );
    assert!(
        home.contains(&format!(
            "placeholder=\"{FSI}Title, author, word of the abstract…{PDI}\""
        )),
        "{home}"
    );
    // Inside it, a value in Arabic's own form, such as a date with its right-to-left marks, is
    // isolated again, or the marks would reorder the English sentence's digits and brackets.
    let paper = site.read("public/ar/paper/1000.00002/index.html");
    let line = paper
        .lines()
        .find(|l| l.contains("(data through "))
        .unwrap_or_else(|| panic!("no line of the data's date: {paper}"));
    assert!(line.contains(&format!("(data through {FSI}")), "{line:?}");
    assert!(
        line.contains(&format!("{PDI}).{PDI}</span></li>")),
        "{line:?}"
    );

    // Left-to-right pages stay as they were: French falls back to English, which runs the
    // same way, and neither language's values are isolated.
    for page in ["public/index.html", "public/fr/index.html"] {
        let page = site.read(page);
        assert!(!page.contains(FSI) && !page.contains(PDI), "{page}");
    }
}

#[test]
fn a_right_to_left_value_in_a_left_to_right_sentence_is_isolated() {
    let site = site_with_arabic();
    site.edit(
        "content/papers/1000.00006.md",
        "lang: fa",
        "lang: fa\nauthors: [\"علی رضایی\", \"مریم احمدی\"]",
    );
    site.build().assert_ok();

    // Without the isolates, the names' right-to-left run would take the full stop and the
    // year into it and show them at its left end: "By 2023 .مریم احمدی ,علی رضایی".
    // Each name is isolated on its own: the list reads in the sentence's order.
    assert_page_shows(
        &site,
        "public/paper/1000.00006/index.html",
        &format!("<p class=\"byline\">By {FSI}علی رضایی{PDI}, {FSI}مریم احمدی{PDI}. 2023</p>"),
    );
    assert_page_shows(
        &site,
        "public/fr/paper/1000.00006/index.html",
        &format!("Par {FSI}علی رضایی{PDI}, {FSI}مریم احمدی{PDI}. 2023"),
    );
    // A left-to-right value stays as it is.
    let english = site.read("public/paper/1000.00002/index.html");
    assert!(!english.contains(FSI), "{english}");
}

const RLI: char = '\u{2067}';

/// A list of names in both directions: isolated as a whole, "علی رضایی, Alan Smith" would run
/// right to left and read "Alan Smith ,علی رضایی" on an English page. Each name that runs the
/// other way than its sentence is isolated on its own, the separator is the sentence's
/// language's, and in a right-to-left sentence the list runs right to left as a whole.
#[test]
fn a_list_of_names_in_both_directions_keeps_its_order_in_either_direction() {
    let site = site_with_arabic();
    site.edit(
        "content/papers/1000.00006.md",
        "lang: fa",
        "lang: fa\nauthors: [\"علی رضایی\", \"Alan Smith\"]",
    );
    site.edit(
        "content/press/story.zh.md",
        "authors: [\"张倩\"]",
        "authors: [\"张倩\", \"مریم احمدی\"]",
    );
    site.build().assert_ok();
    assert_page_shows(
        &site,
        "public/paper/1000.00006/index.html",
        &format!("<p class=\"byline\">By {FSI}علی رضایی{PDI}, Alan Smith. 2023</p>"),
    );
    // Arabic has no byline of its own: the English sentence, isolated whole on the Arabic page,
    // with English's separator and the Persian name isolated in it.
    assert_page_shows(&site, "public/ar/paper/1000.00006/index.html", &format!("<p class=\"byline\"><span lang=\"en\">{FSI}By {FSI}{FSI}علی رضایی{PDI}, Alan Smith{PDI}. {FSI}2023{PDI}{PDI}</span></p>"));
    // A long-form page's authors, outside any sentence, in the page's direction.
    assert_page_shows(
        &site,
        "public/press/story/index.html",
        &format!("<span class=\"authors\">张倩, {FSI}مریم احمدی{PDI}</span>"),
    );

    site.append(
        "i18n/ar/main.ftl",
        "paper-byline = بقلم { $authors }. { $year }\nlist-separator = {\"، \"}\n",
    );
    site.build().assert_ok();
    assert_page_shows(&site, "public/ar/paper/1000.00006/index.html", &format!("<p class=\"byline\">بقلم {FSI}{RLI}علی رضایی، {FSI}Alan Smith{PDI}{PDI}{PDI}. {FSI}2023{PDI}</p>"));
    assert_page_shows(
        &site,
        "public/ar/press/story/index.html",
        &format!("<span class=\"authors\">{RLI}{FSI}张倩{PDI}، مریم احمدی{PDI}</span>"),
    );
}

#[test]
fn a_site_of_left_to_right_languages_has_no_dir_attribute() {
    let site = Site::fixture("minimal");
    site.build().assert_ok();
    let mut pages = 0;
    for (path, bytes) in site.tree("public") {
        if path.extension().is_some_and(|e| e == "html") {
            let page = String::from_utf8(bytes).unwrap();
            assert!(!page.contains(" dir="), "{}: {page}", path.display());
            pages += 1;
        }
    }
    assert!(pages > 10, "only {pages} pages");
}
