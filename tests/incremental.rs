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
    assert!(run.stdout.contains("1 removed"), "{}", run.stdout);
    assert_eq!(site.read("public/robots.txt"), robots);
    assert!(site.path("public/paper/1000.00001/index.html").is_file());
    assert!(!site.path("public/stray.html").exists());
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
