//! The "Cite this paper" BibTeX entry of a paper page: its key and fields, LaTeX escaping,
//! old-style arXiv ids, and the copy button beside it.

use crate::common::Site;
use crate::readers::{
    add_paper, between, bibtex_fields, bibtex_of, json_ld, message, prefix_of, tags, text_of,
};

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
