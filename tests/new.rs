//! `papermap new`: a long-form page starts as a draft made from the site's archetype for its
//! folder; nothing is replaced, and every mistake of a command is told at once with nothing
//! written.

mod common;

use common::{place_of, Site};

/// 2026-12-07 at 10:00 UTC.
const DAY: u64 = 1_796_637_600;

#[test]
fn a_page_starts_as_a_draft_that_builds_with_drafts_only() {
    let site = Site::fixture("minimal");
    let run = site.run_on_day(&["new", "press/launch-day", "content/about.md"], DAY);
    run.assert_ok();
    assert!(
        run.stdout.contains(
            "content/press/launch-day.md\ncontent/about.md\npapermap: started 2 pages, as drafts"
        ),
        "{}",
        run.stdout
    );
    assert_eq!(
        site.read("content/press/launch-day.md"),
        "---\ntitle: \"Launch day\"\ndate: 2026-12-07\ndraft: true\n---\n"
    );
    assert!(site
        .read("content/about.md")
        .starts_with("---\ntitle: \"About\"\n"));

    site.build().assert_ok();
    assert!(!site.path("public/press/launch-day/index.html").exists());
    site.run(&["build", "--drafts"]).assert_ok();
    let page = site.read("public/press/launch-day/index.html");
    assert!(page.contains("Launch day"), "{page}");
}

#[test]
fn the_archetype_of_the_page_s_folder_comes_first_then_the_default_one() {
    let site = Site::fixture("minimal");
    site.write(
        "archetypes/press.md",
        "---\ntitle: {{ title | json_encode() }}\ndate: {{ date }}\nsource: \"\"\ndraft: true\n---\nWrite about {{ path }} here.\n",
    );
    site.write(
        "archetypes/default.md",
        "---\ntitle: {{ title | json_encode() }}\n---\n",
    );
    site.run_on_day(&["new", "press/launch", "team"], DAY)
        .assert_ok();
    assert_eq!(
        site.read("content/press/launch.md"),
        "---\ntitle: \"Launch\"\ndate: 2026-12-07\nsource: \"\"\ndraft: true\n---\nWrite about press/launch here.\n"
    );
    assert_eq!(site.read("content/team.md"), "---\ntitle: \"Team\"\n---\n");
}

#[test]
fn a_mistake_in_an_archetype_is_an_error_at_its_place_and_nothing_is_written() {
    let site = Site::fixture("minimal");
    let archetype = "archetypes/default.md";
    site.write(archetype, "---\ntitle: {{ titel }}\n---\n");
    let run = site.run_on_day(&["new", "press/launch"], DAY);
    let (line, column) = place_of(&site.read(archetype), "titel", "titel");
    run.assert_error(&format!(
        "{archetype}:{line}:{column}: Variable `titel` not found in context"
    ));
    assert!(!site.path("content/press/launch.md").exists());
}

#[test]
fn every_name_that_cannot_be_a_new_page_is_told_at_once_and_nothing_is_written() {
    let site = Site::fixture("minimal");
    // The fixture's page `press/story` has only a Chinese version, `story.zh.md`.
    let run = site.run_on_day(
        &[
            "new",
            "press/fresh",
            "press/story",
            "papers/1000.00009",
            "../outside",
            "press/.hidden",
            "press/launch.fr",
            "fr/notes",
            "search",
            "paper/x",
        ],
        DAY,
    );
    // A page at an address the site's own pages use broke the next build, draft or not.
    run.assert_error(
        "content/fr/notes.md: the folder content/fr/ would give pages the same addresses as the site's own /fr/ pages",
    );
    run.assert_error(
        "content/search.md: this page would take the address /search/, which the site's own pages use",
    );
    run.assert_error("content/paper/x.md: the folder content/paper/ would give pages");
    run.assert_error("content/press/story.zh.md: the page `press/story` is already there");
    run.assert_error("`papers/1000.00009` would be a paper record");
    run.assert_error("`../outside` leads out of content");
    run.assert_error("`.hidden` is a name papermap leaves out of the site");
    run.assert_error("`launch.fr` holds a dot, which papermap reads as a language");
    run.assert_error("papermap: 8 errors; nothing was written");
    assert!(!site.path("content/press/fresh.md").exists());
}

#[test]
fn outside_a_site_it_says_where_site_toml_is_missing() {
    let site = Site::empty();
    let run = site.run_on_day(&["new", "about"], DAY);
    run.assert_error("site.toml: cannot read the site configuration");
    assert!(!site.path("content").exists());
}
