//! A long-form page's version may name the last segment of its address (`slug`): each language
//! reads the page at the address of the version it shows, and every link, alternate, sitemap
//! entry and search result follows; a slug that is not one segment of a URL, takes a site page's
//! address or another page's is an error at the slug. A version's earlier addresses (`aliases`)
//! each get a page that sends readers on to it; an alias that would take another file's place
//! is an error at the alias.

mod common;

use std::collections::BTreeMap;
use std::path::PathBuf;

use common::{fragment_urls, Site};

/// The minimal fixture with an English page about the map at `slug: the-map` and its French
/// version at `slug: a-propos`; both name paper 1000.00001. Chinese has no version of its own.
fn site_with_slugs() -> Site {
    let site = Site::fixture("minimal");
    site.write(
        "content/about.md",
        "---\ntitle: \"About the map\"\nslug: the-map\npapers: [\"1000.00001\"]\n---\nWhat the map is.\n",
    );
    site.write(
        "content/about.fr.md",
        "---\ntitle: \"À propos de la carte\"\nslug: a-propos\npapers: [\"1000.00001\"]\n---\nCe qu'est la carte.\n",
    );
    site
}

#[test]
fn each_language_reads_the_page_at_the_address_of_the_version_it_shows() {
    let site = site_with_slugs();
    site.build().assert_ok();
    for present in [
        "public/the-map/index.html",
        "public/fr/a-propos/index.html",
        "public/zh/the-map/index.html",
    ] {
        assert!(site.path(present).is_file(), "{present}");
    }
    for absent in [
        "public/about",
        "public/fr/about",
        "public/zh/about",
        "public/fr/the-map",
    ] {
        assert!(!site.path(absent).exists(), "{absent}");
    }
    assert!(site
        .read("public/fr/a-propos/index.html")
        .contains("À propos de la carte"));

    // Every version names the others at their own addresses.
    let alternates = [
        r#"<link rel="alternate" hreflang="en" href="https://example.org/map/the-map/">"#,
        r#"<link rel="alternate" hreflang="fr" href="https://example.org/map/fr/a-propos/">"#,
        r#"<link rel="alternate" hreflang="zh" href="https://example.org/map/zh/the-map/">"#,
        r#"<link rel="alternate" hreflang="x-default" href="https://example.org/map/the-map/">"#,
    ];
    for page in [
        "public/the-map/index.html",
        "public/fr/a-propos/index.html",
        "public/zh/the-map/index.html",
    ] {
        let html = site.read(page);
        for alternate in alternates {
            assert!(html.contains(alternate), "{page} lacks {alternate}");
        }
    }
    let english = site.read("public/the-map/index.html");
    assert!(
        english.contains(r#"<a href="/map/fr/a-propos/" hreflang="fr" lang="fr">"#),
        "the language switcher leads to the French address"
    );
    assert!(site
        .read("public/fr/a-propos/index.html")
        .contains(r#"<link rel="canonical" href="https://example.org/map/fr/a-propos/">"#));

    // Lists of pages and the papers the page names link to it in the reader's language.
    for (page, link) in [
        ("public/fr/index.html", "/map/fr/a-propos/"),
        ("public/fr/paper/1000.00001/index.html", "/map/fr/a-propos/"),
        ("public/index.html", "/map/the-map/"),
        ("public/zh/paper/1000.00001/index.html", "/map/zh/the-map/"),
    ] {
        assert!(
            site.read(page).contains(&format!("href=\"{link}\"")),
            "{page} links to {link}"
        );
    }

    // Crawlers and the search index have it where readers do.
    let sitemap = site.read("public/sitemap.xml");
    for loc in [
        "<loc>https://example.org/map/the-map/</loc>",
        "<loc>https://example.org/map/fr/a-propos/</loc>",
        "<loc>https://example.org/map/zh/the-map/</loc>",
    ] {
        assert_eq!(sitemap.matches(loc).count(), 1, "{loc} in\n{sitemap}");
    }
    assert!(!sitemap.contains("/about/"), "{sitemap}");
    assert_eq!(
        sitemap
            .matches(r#"hreflang="fr" href="https://example.org/map/fr/a-propos/""#)
            .count(),
        3,
        "each of the page's three addresses names the French one"
    );
    let search = fragment_urls(&site, "public/pagefind");
    assert!(
        search["fr"].contains(&"/fr/a-propos/".to_string()),
        "{search:?}"
    );
    assert!(
        search["en"].contains(&"/the-map/".to_string()),
        "{search:?}"
    );
    assert!(
        search["zh"].contains(&"/zh/the-map/".to_string()),
        "{search:?}"
    );
    assert!(
        !search.values().flatten().any(|url| url.contains("about")),
        "{search:?}"
    );
}

#[test]
fn a_new_slug_takes_the_page_from_its_old_address_on_the_next_build() {
    let site = site_with_slugs();
    site.build().assert_ok();
    site.edit("content/about.fr.md", "slug: a-propos", "slug: la-carte");
    site.build().assert_ok();
    assert!(site.path("public/fr/la-carte/index.html").is_file());
    assert!(!site.path("public/fr/a-propos").exists());
    // Without a slug, the version is read at its file's name again.
    site.edit("content/about.md", "slug: the-map\n", "");
    site.build().assert_ok();
    assert!(site.path("public/about/index.html").is_file());
    assert!(site.path("public/zh/about/index.html").is_file());
    assert!(!site.path("public/the-map").exists());
    assert!(site.path("public/fr/la-carte/index.html").is_file());
}

#[test]
fn a_slug_that_cannot_be_an_address_is_an_error_at_the_slug_and_nothing_is_written() {
    let site = site_with_slugs();
    let run = site.build_broken_by(|site| {
        site.edit(
            "content/about.fr.md",
            "slug: a-propos",
            "slug: \"à propos/carte\"",
        );
        // A page at the top of content/ may not take a site page's address.
        site.write(
            "content/faq.md",
            "---\ntitle: \"Questions\"\nslug: papers\n---\nx\n",
        );
        // Nor may two pages meet at one address: here in every language.
        site.write(
            "content/press/notes.md",
            "---\ntitle: \"Notes\"\nslug: story\n---\nx\n",
        );
    });
    run.assert_error(
        "content/about.fr.md:3:7: the slug `à propos/carte` cannot be one segment of an address",
    )
    .assert_error("help: use letters, digits, `-`, `_` and `.`, e.g. `slug: à-propos-carte`")
    .assert_error(
        "content/faq.md:3:7: this page would take the address /papers/, which the site's own pages use",
    )
    .assert_error(
        "content/press/notes.md:3:7: this slug puts the page at /press/story/, where content/press/story.zh.md is read too",
    )
    .assert_error("help: give one of the two pages another slug")
    .assert_error("3 errors");
}

#[test]
fn two_pages_that_meet_at_one_address_in_every_language_are_one_error_at_the_later_slug() {
    let site = site_with_slugs();
    site.write(
        "content/press/guide.md",
        "---\ntitle: \"Guide\"\nslug: carte\n---\nx\n",
    );
    site.write(
        "content/press/map.md",
        "---\ntitle: \"Map\"\nslug: carte\n---\nx\n",
    );
    // One error for the two pages, though they meet in all three languages.
    site.build()
        .assert_error(
            "content/press/map.md:3:7: this slug puts the page at /press/carte/, where content/press/guide.md:3:7 is read too",
        )
        .assert_error("papermap: 1 error;");
}

#[test]
fn a_translation_may_not_take_the_address_another_page_has_in_its_language() {
    let site = site_with_slugs();
    site.write("content/press/guide.md", "---\ntitle: \"Guide\"\n---\nx\n");
    site.write(
        "content/press/guide.fr.md",
        "---\ntitle: \"Guide\"\nslug: story\n---\nx\n",
    );
    // `press/story` has no French version: French readers read its original at /fr/press/story/.
    site.build().assert_error(
        "content/press/guide.fr.md:3:7: this slug puts the page at /fr/press/story/, where content/press/story.zh.md is read too",
    );
}

/// The page at `path` (from the output folder) sends readers to `target`, in `lang`.
fn assert_redirects(site: &Site, path: &str, target: &str, lang: &str) {
    let html = site.read(path);
    for needle in [
        format!("<html lang=\"{lang}\">"),
        format!(r#"<meta http-equiv="refresh" content="0; url=/map/{target}">"#),
        format!(r#"<link rel="canonical" href="https://example.org/map/{target}">"#),
        format!(r#"<a href="/map/{target}">"#),
        r#"<meta name="robots" content="noindex">"#.to_string(),
    ] {
        assert!(html.contains(&needle), "{path} lacks {needle}:\n{html}");
    }
}

/// `site_with_slugs` with earlier addresses: two of the French version, one of the original.
fn site_with_aliases() -> Site {
    let site = site_with_slugs();
    site.edit(
        "content/about.fr.md",
        "slug: a-propos\n",
        "slug: a-propos\naliases: [\"/fr/about/\", \"fr/ancien\"]\n",
    );
    site.edit(
        "content/about.md",
        "slug: the-map\n",
        "slug: the-map\naliases: [\"/about/\"]\n",
    );
    site
}

#[test]
fn an_alias_sends_readers_to_its_version_in_the_version_language() {
    let site = site_with_aliases();
    let run = site.build();
    run.assert_ok();
    assert_redirects(&site, "public/fr/about/index.html", "fr/a-propos/", "fr");
    assert_redirects(&site, "public/fr/ancien/index.html", "fr/a-propos/", "fr");
    // The original has no locale in its file's name: its aliases lead to the default language.
    assert_redirects(&site, "public/about/index.html", "the-map/", "en");
    let french = site.read("public/fr/about/index.html");
    for id in ["redirect-title", "redirect-link"] {
        let message = common::message(&site, "fr", id);
        assert!(french.contains(&message), "{id}: `{message}` in\n{french}");
    }
    // Not a page of its own: not counted, not in the sitemap or the search index, and nowhere
    // but at the address it names.
    let without = site_with_slugs();
    let plain = without.build();
    plain.assert_ok();
    let summary = |stdout: &str| stdout.split(" into ").next().unwrap().to_string();
    assert_eq!(summary(&run.stdout), summary(&plain.stdout));
    assert!(!site.read("public/sitemap.xml").contains("ancien"));
    assert!(!fragment_urls(&site, "public/pagefind")
        .values()
        .flatten()
        .any(|url| url.contains("ancien") || url.ends_with("/about/")));
    let files = |s: &Site| -> Vec<PathBuf> { s.tree("public").into_keys().collect() };
    let mut extra: Vec<PathBuf> = files(&site);
    extra.retain(|f| !files(&without).contains(f));
    assert_eq!(
        extra,
        [
            PathBuf::from("about/index.html"),
            PathBuf::from("fr/about/index.html"),
            PathBuf::from("fr/ancien/index.html"),
        ]
    );
}

#[test]
fn the_locale_parts_of_a_site_with_aliases_add_up_to_the_whole() {
    let site = site_with_aliases();
    site.build().assert_ok();
    let whole = site.tree("public");
    for locale in ["zh", "fr", "en"] {
        site.run(&["build", "--locale", locale, "--output", "parts"])
            .assert_ok();
    }
    let parts: BTreeMap<PathBuf, Vec<u8>> = site.tree("parts");
    assert!(parts == whole, "the parts differ from the whole build");
}

#[test]
fn a_theme_without_a_redirect_template_builds_with_the_default_one() {
    let site = site_with_aliases();
    site.remove("themes/default/templates/alias.html");
    site.build().assert_ok();
    assert_redirects(&site, "public/fr/about/index.html", "fr/a-propos/", "fr");
}

#[test]
fn an_alias_that_is_not_a_path_or_is_given_twice_is_an_error_of_its_file() {
    let site = site_with_aliases();
    site.build_broken_by(|site| {
        site.edit(
            "content/about.md",
            "aliases: [\"/about/\"]",
            "aliases: [\"/about/\", \"a b\", \"/about\"]",
        )
    })
    .assert_error("content/about.md:4:22: the alias `a b` is not the path of an address")
    .assert_error("help: write the old address's path from the site's root")
    .assert_error("content/about.md:4:29: the alias `/about` is given twice")
    .assert_error("help: it is already given at 4:11: keep one")
    .assert_error("papermap: 2 errors");
}

#[test]
fn an_alias_may_not_take_the_place_of_another_file_of_the_site() {
    let site = site_with_aliases();
    site.build_broken_by(|site| {
        site.edit(
            "content/about.md",
            "aliases: [\"/about/\"]",
            "aliases: [\"/about/\", \"/papers/\", \"fr/atom.xml\", \"pagefind/old\", \"fr/ancien\"]",
        )
    })
        .assert_error("content/about.md:4:22: the alias /papers/ is the address of a page of the site")
        .assert_error("help: remove the alias: the page there would be replaced")
        .assert_error(
            "content/about.md:4:34: the alias /fr/atom.xml/ would stand where the site writes the file fr/atom.xml",
        )
        .assert_error("content/about.md:4:49: the alias /pagefind/old/ is in the search index's folder, /pagefind/")
        .assert_error(
            "content/about.fr.md:4:25: the alias /fr/ancien/ is also an alias of content/about.md:4:65",
        )
        .assert_error("help: keep it on one page: an address can lead to one page only")
        .assert_error("papermap: 4 errors");
}

#[test]
fn an_alias_may_not_take_the_place_of_a_static_file_or_stand_below_a_file() {
    let site = site_with_aliases();
    site.write("static/old/index.html", "<p>kept by hand</p>\n");
    let aliases =
        "aliases: [\"/about/\", \"/style.css/\", \"old\", \"fr/atom.xml/old\", \"/new/\"]";
    let broken = |site: &Site| site.edit("content/about.md", "aliases: [\"/about/\"]", aliases);
    let column = |alias: &str| common::place_of(aliases, "aliases", alias).1;
    let expected = [
        format!(
            "content/about.md:4:{}: the alias /style.css/ would stand where the site copies the static file themes/default/static/style.css",
            column("\"/style.css/\"")
        ),
        format!(
            "content/about.md:4:{}: the alias /old/ would stand where the site copies the static file static/old/index.html",
            column("\"old\"")
        ),
        format!(
            "content/about.md:4:{}: the alias /fr/atom.xml/old/ would stand below the file fr/atom.xml, which the site writes",
            column("\"fr/atom.xml/old\"")
        ),
    ];
    let run = site.build_broken_by(broken);
    for error in &expected {
        run.assert_error(error);
    }
    run.assert_error("help: remove the alias, or move the static file")
        .assert_error("papermap: 3 errors");
    assert_eq!(site.read("public/old/index.html"), "<p>kept by hand</p>\n");

    // `check` finds them too, without a build.
    let checked = site.run(&["check"]);
    assert_eq!(checked.code, 1, "{}", checked.stderr);
    for error in &expected {
        checked.assert_error(error);
    }
}
