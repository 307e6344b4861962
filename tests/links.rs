//! `papermap check` follows every internal link and `#fragment` of the site it would build and
//! reports each one that leads nowhere, at the source that wrote it, with exit code 1.

mod common;

use common::{place_of, Site};

#[test]
fn the_example_site_has_no_broken_link() {
    let site = Site::example();
    let run = site.run(&["check"]);
    run.assert_ok();
    assert!(!run.stderr.contains("broken link"), "{}", run.stderr);
}

#[test]
fn a_fixture_site_checks_clean() {
    let site = Site::fixture("minimal");
    site.run(&["check"]).assert_ok();
}

#[test]
fn broken_links_in_a_record_are_reported_at_their_source_with_their_pages() {
    let site = Site::fixture("minimal");
    site.edit(
        "content/papers/1000.00001.md",
        "We study label errors.",
        "We study label errors, after [a lost paper](/map/paper/9999.00001/), \
         [a missing part](/map/paper/1000.00002/#nowhere), \
         [a good part](/map/paper/1000.00002/#key-facts-heading) and [a relative one](../1000.00002/).",
    );
    let run = site.run(&["check"]);
    run.assert_error(
        "broken link `/map/paper/9999.00001/`: there is no page or file at /paper/9999.00001/",
    );
    run.assert_error("broken link `/map/paper/1000.00002/#nowhere`: /paper/1000.00002/index.html has no element with the id `nowhere`");
    // At the record, line and column, and on which pages.
    run.assert_error("content/papers/1000.00001.md:");
    // The French translation has its own abstract, without these links.
    run.assert_error("on /paper/1000.00001/index.html, /zh/paper/1000.00001/index.html");
    assert!(
        !run.stderr.contains("#key-facts-heading`"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("../1000.00002/`"), "{}", run.stderr);
    assert!(
        run.stderr.contains("2 errors"),
        "each broken link once, whatever the number of locales:\n{}",
        run.stderr
    );
    // The build does not look at links: it still writes the site.
    site.build().assert_ok();
}

#[test]
fn a_link_outside_the_base_path_is_broken() {
    let site = Site::fixture("minimal");
    site.edit(
        "content/papers/1000.00001.md",
        "We study label errors.",
        "We study label errors, see [this](/paper/1000.00002/).",
    );
    site.run(&["check"])
        .assert_error("broken link `/paper/1000.00002/`: /paper/1000.00002/ is outside the site, whose pages are under /map/");
}

#[test]
fn a_broken_link_of_a_template_names_the_page_and_the_template_as_the_cause() {
    let site = Site::fixture("minimal");
    let theme = site.read("themes/default/templates/404.html");
    site.write(
        "templates/404.html",
        theme.replace(
            "{% endblock content %}",
            "<p><a href=\"{{ site.base_path }}/nowhere/\">x</a></p>\n{% endblock content %}",
        ),
    );
    let run = site.run(&["check"]);
    run.assert_error("404.html: broken link `/map/nowhere/`");
    run.assert_error("the link comes from a template or a message");
}

#[test]
fn links_to_the_search_bundle_are_checked_against_its_parts_without_making_it() {
    let site = Site::fixture("minimal");
    // Six searchable pages in parts of two: `pagefind/`, `pagefind/part-2/`, `pagefind/part-3/`.
    site.edit("site.toml", "[map]", "[map]\nsearch_part_size = 2");
    let theme = site.read("themes/default/templates/404.html");
    let links = [
        "pagefind/pagefind-ui.js",
        "pagefind/wasm.unknown.pagefind",
        "pagefind/part-3/pagefind-entry.json",
        "pagefind/part-2/pagefind-ui.js",
        "pagefind/part-4/pagefind-entry.json",
    ]
    .map(|link| format!("<a href=\"{{{{ site.base_path }}}}/{link}\">x</a>"))
    .join(" ");
    site.write(
        "templates/404.html",
        theme.replace(
            "{% endblock content %}",
            &format!("<p>{links}</p>\n{{% endblock content %}}"),
        ),
    );
    let run = site.run(&["check"]);
    // Only the first part has Pagefind's program; there are three parts.
    run.assert_error(
        "broken link `/map/pagefind/part-2/pagefind-ui.js`: there is no page or file at /pagefind/part-2/pagefind-ui.js",
    );
    run.assert_error("broken link `/map/pagefind/part-4/pagefind-entry.json`");
    assert!(run.stderr.contains("2 errors"), "{}", run.stderr);
    // What the check took as there, the build writes.
    site.build().assert_ok();
    for file in [
        "pagefind/pagefind-ui.js",
        "pagefind/wasm.unknown.pagefind",
        "pagefind/part-3/pagefind-entry.json",
    ] {
        assert!(site.path(&format!("public/{file}")).is_file(), "{file}");
    }
    assert!(!site.path("public/pagefind/part-2/pagefind-ui.js").exists());

    // Pagefind names its index files by their contents, which change with the records: the
    // check, which does not make the whole bundle, reports a link to one even where the last
    // build wrote it, and says what to link to instead.
    let meta = site
        .tree("public/pagefind")
        .into_keys()
        .map(|path| path.to_string_lossy().into_owned())
        .find(|path| path.starts_with("pagefind.en_") && path.ends_with(".pf_meta"))
        .expect("the English index's metadata");
    site.write(
        "templates/404.html",
        theme.replace(
            "{% endblock content %}",
            &format!(
                "<p><a href=\"{{{{ site.base_path }}}}/pagefind/{meta}\">x</a></p>\n{{% endblock content %}}"
            ),
        ),
    );
    site.run(&["check"]).assert_error(&format!(
        "broken link `/map/pagefind/{meta}`: there is no page or file at /pagefind/{meta}; \
         Pagefind names this file by a hash of its contents, which changes with the records: \
         link to pagefind/pagefind.js or a part's pagefind-entry.json"
    ));
}

#[test]
fn a_broken_link_is_placed_at_the_link_and_its_other_places_are_named() {
    // The address written out in prose is no link; the link is the second occurrence, and
    // a second link to it stands on another line.
    let site = Site::fixture("minimal");
    let record = "content/papers/1000.00001.md";
    site.edit(
        record,
        "We study label errors.",
        "We study label errors; /map/paper/9999.00001/ is gone, see [a lost paper](/map/paper/9999.00001/).\n\n\
         And [again](/map/paper/9999.00001/).",
    );
    let run = site.run(&["check"]);
    let text = site.read(record);
    let (line, column) = place_of(&text, "see [a lost", "/map/paper/9999.00001/)");
    run.assert_error(&format!(
        "{record}:{line}:{column}: broken link `/map/paper/9999.00001/`"
    ));
    let (line, column) = place_of(&text, "[again]", "/map/paper/9999.00001/)");
    run.assert_error(&format!("also at {line}:{column}"));
}
