//! Rebuilds: a file whose bytes did not change is not rewritten (its modification time stays),
//! and a build with nothing new returns at once; but every change of an input, an option or the
//! output folder is built.

mod common;

use std::time::{Duration, SystemTime};

use common::Site;

fn mtime(site: &Site, relative: &str) -> SystemTime {
    std::fs::metadata(site.path(relative))
        .unwrap()
        .modified()
        .unwrap()
}

fn set_old_mtime(site: &Site, relative: &str) -> SystemTime {
    let old = SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000_000);
    let file = std::fs::File::options()
        .write(true)
        .open(site.path(relative))
        .unwrap();
    file.set_modified(old).unwrap();
    old
}

#[test]
fn an_edit_rewrites_only_the_files_whose_bytes_change() {
    let site = Site::fixture("minimal");
    site.build().assert_ok();
    let untouched = "paper/1000.00003/index.html";
    let touched = "paper/1000.00002/index.html";
    let old_untouched = set_old_mtime(&site, &format!("public/{untouched}"));
    let old_touched = set_old_mtime(&site, &format!("public/{touched}"));

    site.edit(
        "content/papers/1000.00002.md",
        "The most cited reference",
        "The most cited reference, revised",
    );
    let run = site.build();
    run.assert_ok();
    assert!(!run.stdout.contains("(0 files written"), "{}", run.stdout);
    assert_eq!(mtime(&site, &format!("public/{untouched}")), old_untouched);
    assert_ne!(mtime(&site, &format!("public/{touched}")), old_touched);
    assert!(site
        .read(&format!("public/{touched}"))
        .contains("The most cited reference, revised"));
}

#[test]
fn a_build_with_nothing_new_writes_nothing_and_a_change_of_any_input_is_built() {
    let site = Site::fixture("minimal");
    site.build().assert_ok();
    let again = site.build();
    again.assert_ok();
    assert!(
        again.stdout.contains("(0 files written"),
        "{}",
        again.stdout
    );
    assert!(
        again.stdout.contains("en 16, fr 16, zh 16"),
        "{}",
        again.stdout
    );

    // A message.
    let messages = site.read("i18n/fr/main.ftl");
    site.write(
        "i18n/fr/main.ftl",
        messages.replace(
            "cite-heading = Citer cet article",
            "cite-heading = Citer ce travail",
        ),
    );
    site.build().assert_ok();
    assert!(site
        .read("public/fr/paper/1000.00001/index.html")
        .contains("Citer ce travail"));

    // A theme's template.
    site.edit(
        "themes/default/templates/404.html",
        "{% block content %}",
        "{% block content %}<!-- edited -->",
    );
    site.build().assert_ok();
    assert!(site.read("public/404.html").contains("<!-- edited -->"));

    // An option of the command line.
    site.run(&["build", "--base-url", "https://preview.example.org"])
        .assert_ok();
    assert!(site
        .read("public/sitemap.xml")
        .contains("https://preview.example.org/paper/1000.00001/"));
    site.build().assert_ok();
    assert!(site
        .read("public/sitemap.xml")
        .contains("https://example.org/map/paper/1000.00001/"));
}

#[test]
fn the_summary_counts_one_file_and_one_page_in_the_singular() {
    let site = Site::fixture("minimal");
    site.build().assert_ok();
    site.write("public/robots.txt", "User-agent: *\nDisallow: /\n");
    let run = site.build();
    run.assert_ok();
    assert!(run.stdout.contains("(1 file written, "), "{}", run.stdout);

    let one_page = site.run(&["build", "--locale", "fr", "--shard", "1/48"]);
    one_page.assert_ok();
    assert!(
        one_page.stdout.contains(" built 1 page (fr 1) "),
        "{}",
        one_page.stdout
    );
}

#[test]
fn an_output_folder_changed_by_hand_is_built_again() {
    let site = Site::fixture("minimal");
    site.build().assert_ok();
    let robots = site.read("public/robots.txt");
    site.write("public/robots.txt", "User-agent: *\nDisallow: /\n");
    site.remove("public/paper/1000.00001/index.html");
    site.write("public/stray.html", "left over");
    let run = site.build();
    run.assert_ok();
    assert_eq!(site.read("public/robots.txt"), robots);
    assert!(site.path("public/paper/1000.00001/index.html").is_file());
    // Not the site's, and no build wrote it: someone put it there, and it stays.
    assert!(run.stdout.contains("0 removed"), "{}", run.stdout);
    assert_eq!(site.read("public/stray.html"), "left over");
    assert!(
        run.stderr.contains(
            "warning: public: stray.html is not the site's and was not written by papermap, so it is left in place; delete it if the built site should not have it"
        ),
        "{}",
        run.stderr
    );
}

#[test]
fn a_build_removes_only_the_files_an_earlier_build_wrote() {
    let site = Site::fixture("minimal");
    site.write("public/notes.txt", "mine");
    site.write("public/drafts/a.html", "mine too");
    let first = site.build();
    first.assert_ok();
    assert!(first.stdout.contains("0 removed"), "{}", first.stdout);
    assert!(
        first.stderr.contains(
            "warning: public: drafts/a.html and notes.txt are not the site's and were not written by papermap, so they are left in place"
        ),
        "{}",
        first.stderr
    );

    // Nothing new: the build returns at once, and says its warning again, which still holds.
    let again = site.build();
    again.assert_ok();
    assert!(
        again.stdout.contains("(0 files written"),
        "{}",
        again.stdout
    );
    assert!(
        again.stderr.contains("drafts/a.html and notes.txt"),
        "{}",
        again.stderr
    );

    // A record gone: the pages the last build wrote for it go, the user's files stay.
    site.remove("content/papers/1000.00003.md");
    let after = site.build();
    after.assert_ok();
    assert!(!site.path("public/paper/1000.00003/index.html").exists());
    assert!(
        !site.path("public/paper/1000.00003").exists(),
        "emptied, it goes"
    );
    assert!(!after.stdout.contains(" 0 removed"), "{}", after.stdout);
    assert_eq!(site.read("public/notes.txt"), "mine");
    assert_eq!(site.read("public/drafts/a.html"), "mine too");

    // A file of theirs that went is no longer named.
    site.remove("public/notes.txt");
    let last = site.build();
    last.assert_ok();
    assert!(
        last.stderr
            .contains("public: drafts/a.html is not the site's"),
        "{}",
        last.stderr
    );
    assert!(!last.stderr.contains("notes.txt"), "{}", last.stderr);
}

#[test]
fn what_is_not_papermaps_where_the_site_writes_is_an_error_and_nothing_is_moved() {
    // A file `paper` was replaced by the folder of the paper pages only after some of the
    // site's files had been moved in, and the build said "nothing was written".
    let site = Site::fixture("minimal");
    site.write("public/paper", "mine");
    site.write("public/atom.xml/notes.txt", "mine too");
    site.write("public/keep.txt", "kept");
    let before = site.tree("public");
    let run = site.build();
    run.assert_error(
        "public/paper: this file was not written by papermap, and stands where the site needs a folder",
    );
    run.assert_error(
        "public/atom.xml: this folder holds files that papermap did not write, where the site writes a file",
    );
    run.assert_error("move it out of the output folder, or build into another with --output");
    run.assert_error("papermap: 2 errors; nothing was written");
    assert_eq!(site.tree("public"), before);

    site.remove("public/paper");
    site.remove("public/atom.xml/notes.txt");
    site.build().assert_ok();
    assert!(site.read("public/atom.xml").starts_with("<?xml"));
    assert_eq!(site.read("public/keep.txt"), "kept");
}

#[test]
fn an_output_that_is_a_file_is_an_error_and_the_file_stays() {
    let site = Site::fixture("minimal");
    let config = site.read("site.toml");
    let run = site.run(&["build", "--output", "site.toml"]);
    run.assert_error("site.toml: the output is a file, and a build writes a folder there");
    assert_eq!(site.read("site.toml"), config);
    site.write("notes.txt", "mine");
    site.run(&["build", "--output", "notes.txt"])
        .assert_error("help: choose a folder for the built site with --output, such as public");
    assert_eq!(site.read("notes.txt"), "mine");
}

#[test]
fn a_part_written_into_the_output_folder_is_not_taken_for_the_whole_site() {
    let site = Site::fixture("minimal");
    site.build().assert_ok();
    site.remove("public/fr/paper/1000.00001/index.html");
    site.run(&["build", "--locale", "zh"]).assert_ok();
    assert!(!site.path("public/fr/paper/1000.00001/index.html").exists());
    site.build().assert_ok();
    assert!(site.path("public/fr/paper/1000.00001/index.html").is_file());
}

#[test]
fn a_part_does_not_replace_what_is_not_papermaps_where_it_writes() {
    // A part (`--locale`, `--shard`) removed a file of someone else's standing where its pages
    // need a folder, and a folder of theirs where it writes a file, as the whole build once did.
    let site = Site::fixture("minimal");
    site.write("public/fr/paper", "mine");
    site.write("public/fr/atom.xml/notes.txt", "mine too");
    let before = site.tree("public");
    let run = site.run(&["build", "--locale", "fr"]);
    run.assert_error(
        "public/fr/paper: this file was not written by papermap, and stands where the site needs a folder",
    );
    run.assert_error(
        "public/fr/atom.xml: this folder holds files that papermap did not write, where the site writes a file",
    );
    run.assert_error("papermap: 2 errors; nothing was written");
    assert_eq!(site.tree("public"), before);

    site.remove("public/fr/paper");
    site.remove("public/fr/atom.xml/notes.txt");
    site.run(&["build", "--locale", "fr"]).assert_ok();
    assert!(site
        .read("public/fr/paper/1000.00001/index.html")
        .contains("<html"));
    assert!(site.read("public/fr/atom.xml").starts_with("<?xml"));
}
