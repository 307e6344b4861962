//! Characters that no page or feed can carry (control characters but tab and line breaks, and
//! Unicode's noncharacters): a record, page or translation that holds one, raw or written as a
//! YAML escape, a Markdown character reference or a Fluent escape, is an error at the character
//! itself; import drops them.

mod common;

use common::{place_of, Site};

const PAPER: &str = "content/papers/1000.00002.md";

fn at(site: &Site, file: &str, line_text: &str, needle: &str) -> String {
    let (line, column) = place_of(&site.read(file), line_text, needle);
    format!("{file}:{line}:{column}: ")
}

#[test]
fn a_yaml_escape_of_a_control_character_is_an_error_at_the_escape() {
    let site = Site::fixture("minimal");
    site.edit(PAPER, "\"The most cited", "\"The most\\x01 cited");
    let run = site.build();
    run.assert_error(&format!(
        "{}`title` holds the control character U+0001, which no page or feed can carry",
        at(&site, PAPER, "title:", "\\x01")
    ));
    run.assert_error("delete `\\x01`");
    assert!(!site.path("public").exists(), "nothing is written");
}

#[test]
fn a_noncharacter_in_a_list_is_found_too() {
    let site = Site::fixture("minimal");
    site.edit(
        PAPER,
        "year: 2014",
        "authors:\n  - \"Ada\"\n  - \"Bob \\uFFFF\"\nyear: 2014",
    );
    site.build().assert_error(&format!(
        "{}`authors` holds the noncharacter U+FFFF",
        at(&site, PAPER, "Bob", "\\uFFFF")
    ));
}

#[test]
fn a_raw_control_character_in_the_front_matter_is_an_error_where_it_stands() {
    // libyaml refuses it, but counted its place in characters from the front matter's start.
    let site = Site::fixture("minimal");
    site.edit(PAPER, "\"The most cited", "\"The most\u{2} cited");
    let run = site.build();
    run.assert_error(&format!(
        "{}the front matter holds the control character U+0002",
        at(&site, PAPER, "title:", "\u{2}")
    ));
    assert!(!run.stderr.contains("at position"), "{}", run.stderr);
}

#[test]
fn raw_characters_and_references_in_a_body_are_errors_and_all_are_reported() {
    let site = Site::fixture("minimal");
    site.append(
        PAPER,
        "Some text\u{7f} here.\n\nA reference &#xFFFE; too.\n",
    );
    site.append("content/press/story.zh.md", "\n在这里\u{85}结束。\n");
    let run = site.build();
    run.assert_error(&format!(
        "{}the text holds the control character U+007F",
        at(&site, PAPER, "Some text", "\u{7f}")
    ));
    run.assert_error(&format!(
        "{}the text holds the noncharacter U+FFFE",
        at(&site, PAPER, "A reference", "&#xFFFE;")
    ));
    run.assert_error(&format!(
        "{}the text holds the control character U+0085",
        at(&site, "content/press/story.zh.md", "结束", "\u{85}")
    ));
}

#[test]
fn text_that_only_looks_like_an_escape_builds() {
    // A backslash outside double quotes is a backslash; `\\x01` in quotes is one too.
    let site = Site::fixture("minimal");
    site.edit(
        PAPER,
        "\"The most cited reference\"",
        "The \\x01 most cited reference",
    );
    site.edit(
        "content/papers/1000.00003.md",
        "year:",
        "authors: [\"C:\\\\x01\\\\u0002\"]\nyear:",
    );
    site.build().assert_ok();
    let page = site.read("public/paper/1000.00002/index.html");
    assert!(page.contains("The \\x01 most cited reference"), "{page}");
}

#[test]
fn a_translation_holding_a_character_no_page_can_carry_is_an_error_at_it() {
    // Fluent takes them raw, and `{ "\u0007" }` makes one; the page dropped it without a word.
    let site = Site::fixture("minimal");
    let extra = "i18n/fr/extra.ftl";
    site.write(
        extra,
        "# A comment may hold \u{7}: no page shows it.\n\
         bell = Une\u{7} cloche\u{1}\n\
         -brand = La marque\u{fffe}\n\
         escaped = { \"\\u0007\" }\n\
         backslash = { \"\\\\u0007\" }\n",
    );
    let run = site.build();
    for (line_text, needle, error, help) in [
        (
            "bell",
            "\u{7}",
            "the message `bell` holds the control character U+0007",
            "delete it: it stands at this line and column",
        ),
        (
            "-brand",
            "\u{fffe}",
            "the term `-brand` holds the noncharacter U+FFFE",
            "delete it: it stands at this line and column",
        ),
        (
            "escaped",
            "\\u0007",
            "the message `escaped` holds the control character U+0007",
            "delete `\\u0007`",
        ),
    ] {
        let (line, column) = place_of(&site.read(extra), line_text, needle);
        run.assert_error_with_help(&format!("{extra}:{line}:{column}"), error, help);
    }
    // One error a message, at its first such character; `\\u0007` is a backslash and text.
    run.assert_error("papermap: 3 errors; nothing was written");
    assert!(!site.path("public").exists(), "nothing is written");
}

#[test]
fn import_drops_characters_no_page_can_carry() {
    let site = Site::fixture("minimal");
    let work = r#"{"results": [{
        "id": "https://openalex.org/W1", "title": "Clean\u0001 \ufdd0title\uffff",
        "publication_year": 2020,
        "authorships": [{"author": {"display_name": "Ann\u007f \udbbf\udfffBee"}}]
    }]}"#;
    site.write("works.json", work);
    site.run(&["import", "openalex", "works.json"]).assert_ok();
    let record = site.read("content/papers/W1.md");
    assert!(record.contains("title: \"Clean title\""), "{record}");
    assert!(record.contains("\"Ann Bee\""), "{record}");
    site.build().assert_ok();
}
