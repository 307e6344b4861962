//! Files copied as they are: the theme's static files, the site's own (which win over the
//! theme's), the assets beside the records. A page wins over a static file at its own place,
//! but a site's `robots.txt` wins over papermap's; a static file where the pages need a folder,
//! or below a file the site writes, is an error at the static file, and the last output stays
//! whole.

mod common;

use common::Site;

#[test]
fn the_sites_static_files_are_copied_and_win_over_the_themes() {
    let site = Site::fixture("minimal");
    site.write("static/notes/hello.txt", "hello\n");
    site.write("static/style.css", "/* the site's own */\n");
    site.build().assert_ok();
    assert_eq!(site.read("public/notes/hello.txt"), "hello\n");
    assert_eq!(site.read("public/style.css"), "/* the site's own */\n");
}

#[test]
fn hidden_static_files_are_published_but_not_editor_or_version_control_files() {
    // `.well-known/` (security.txt, domain checks), `.htaccess` and `.nojekyll` are part of a
    // site; `.htaccess` alone was left out, silently.
    let site = Site::fixture("minimal");
    for (place, text) in [
        (
            "static/.well-known/security.txt",
            "Contact: mailto:a@b.org\n",
        ),
        ("static/.htaccess", "ErrorDocument 404 /404.html\n"),
        ("static/.nojekyll", ""),
        ("themes/default/static/.well-known/theme.txt", "theme\n"),
        ("static/.DS_Store", "x"),
        ("static/.gitignore", "x"),
        ("static/.git/config", "x"),
        ("static/notes/.hello.txt.swp", "x"),
        ("static/notes/hello.txt~", "x"),
        ("static/notes/.#hello.txt", "x"),
    ] {
        site.write(place, text);
    }
    site.build().assert_ok();
    assert_eq!(
        site.read("public/.well-known/security.txt"),
        "Contact: mailto:a@b.org\n"
    );
    assert_eq!(
        site.read("public/.htaccess"),
        "ErrorDocument 404 /404.html\n"
    );
    assert!(site.path("public/.nojekyll").is_file());
    assert_eq!(site.read("public/.well-known/theme.txt"), "theme\n");
    for place in [".DS_Store", ".gitignore", ".git", "notes"] {
        assert!(!site.path("public").join(place).exists(), "{place}");
    }
}

#[test]
fn a_page_wins_over_a_static_file_at_its_own_place_and_the_build_says_so() {
    let site = Site::fixture("minimal");
    site.write("static/paper/1000.00001/index.html", "<p>by hand</p>\n");
    let run = site.build();
    run.assert_ok();
    let page = site.read("public/paper/1000.00001/index.html");
    assert!(!page.contains("by hand"), "{page}");
    assert!(page.contains("<html"), "{page}");
    let warning = "warning: static/paper/1000.00001/index.html: not copied: the site writes its own paper/1000.00001/index.html, which stands there instead";
    assert!(run.stderr.contains(warning), "{}", run.stderr);
    // A build with nothing new says it again.
    let again = site.build();
    again.assert_ok();
    assert!(
        again.stdout.contains("(0 files written"),
        "{}",
        again.stdout
    );
    assert!(again.stderr.contains(warning), "{}", again.stderr);
    // `check` says it too, once; a `robots.txt` of the site's own takes the place of papermap's,
    // so nothing stands in place of it.
    site.write(
        "static/robots.txt",
        "User-agent: *\nSitemap: https://example.org/sitemap.xml\n",
    );
    let checked = site.run(&["check"]);
    assert_eq!(checked.code, 0, "{}", checked.stderr);
    assert_eq!(
        checked.stderr.matches(warning).count(),
        1,
        "{}",
        checked.stderr
    );
    assert!(!checked.stderr.contains("robots.txt"), "{}", checked.stderr);
}

#[test]
fn a_sites_own_robots_txt_takes_the_place_of_papermaps() {
    let site = Site::fixture("minimal");
    site.build().assert_ok();
    let generated = site.read("public/robots.txt");
    assert!(generated.contains("Sitemap: "), "{generated}");
    let own = "User-agent: *\nDisallow: /drafts/\nsitemap : https://example.org/map/sitemap.xml\n";
    site.write("static/robots.txt", own);
    let run = site.build();
    run.assert_ok();
    assert!(!run.stderr.contains("warning"), "{}", run.stderr);
    assert_eq!(site.read("public/robots.txt"), own);
    site.remove("static/robots.txt");
    site.build().assert_ok();
    assert_eq!(site.read("public/robots.txt"), generated);
}

#[test]
fn a_sites_own_robots_txt_that_names_no_sitemap_is_warned_of_with_the_line_to_add() {
    // papermap's names the sitemap; crawlers that read the site's own instead are not told.
    let site = Site::fixture("minimal");
    site.write("static/robots.txt", "User-agent: *\nDisallow: /drafts/\n");
    let warning = "warning: static/robots.txt: names no sitemap, so a crawler that reads it is \
                   not told where the site's pages are listed; add the line \
                   `Sitemap: https://example.org/map/sitemap.xml`";
    let run = site.build();
    run.assert_ok();
    assert!(run.stderr.contains(warning), "{}", run.stderr);
    // A rebuild with nothing changed tells it again; a build of one language's pages, which
    // writes no robots.txt, does not.
    assert!(site.build().stderr.contains(warning));
    assert!(site.run(&["check"]).stderr.contains(warning));
    let french = site.run(&["build", "--locale", "fr"]);
    french.assert_ok();
    assert!(!french.stderr.contains("robots.txt"), "{}", french.stderr);
}

#[test]
fn a_static_file_where_the_pages_need_a_folder_is_an_error_and_nothing_is_lost() {
    let site = Site::fixture("minimal");
    // On a rebuild: the unchanged pages below paper/ were lost to the file `paper`.
    let run = site.build_broken_by(|site| site.write("static/paper", "a file\n"));
    run.assert_error("static/paper: this static file stands where the site needs the folder paper/, for paper/1000.00001/index.html and ")
        .assert_error("help: rename or move the static file")
        .assert_error("papermap: 1 error");
    assert!(site.path("public/paper/1000.00001/index.html").is_file());

    // Into a new output folder, the same error (it was "cannot write the site: Is a directory").
    let fresh = site.run(&["build", "--output", "fresh"]);
    assert_eq!(fresh.code, 1, "{}", fresh.stderr);
    fresh.assert_error(
        "static/paper: this static file stands where the site needs the folder paper/",
    );
    assert!(!site.path("fresh").exists());

    // `check` finds it without writing.
    let checked = site.run(&["check"]);
    assert_eq!(checked.code, 1, "{}", checked.stderr);
    checked.assert_error(
        "static/paper: this static file stands where the site needs the folder paper/",
    );

    site.remove("static/paper");
    site.build().assert_ok();
    assert!(site.path("public/paper/1000.00001/index.html").is_file());
}

#[test]
fn a_static_file_below_a_file_the_site_writes_is_an_error() {
    let site = Site::fixture("minimal");
    site.build_broken_by(|site| site.write("static/atom.xml/old.xml", "<feed/>\n"))
        .assert_error(
            "static/atom.xml/old.xml: this static file needs the folder atom.xml/, where the site writes the file atom.xml",
        )
        .assert_error("papermap: 1 error");
}

#[test]
fn static_files_that_need_each_others_places_are_an_error() {
    let site = Site::fixture("minimal");
    site.build_broken_by(|site| site.write("static/style.css/print.css", "/* */\n"))
        .assert_error(
            "static/style.css/print.css: this static file needs the folder style.css/, where the static file themes/default/static/style.css stands",
        )
        .assert_error("help: rename or move one of the two");
}
