//! `papermap init`: a new site that builds, checks clean and previews as it is, and that never
//! replaces a file.

mod common;

use common::Site;

#[test]
fn a_new_site_builds_and_checks_clean_as_it_is() {
    let folder = Site::empty();
    let run = folder.run(&["init", "map"]);
    run.assert_ok();
    // The starter, the theme, the messages and a .gitignore.
    let files = ["starter", "themes/default", "i18n"]
        .iter()
        .map(|folder| {
            walkdir::WalkDir::new(std::path::Path::new(common::REPO).join(folder))
                .into_iter()
                .filter(|e| e.as_ref().unwrap().file_type().is_file())
                .count()
        })
        .sum::<usize>()
        + 1;
    assert!(
        run.stdout.contains(&format!(
            "papermap: wrote a new site ({files} files) into map; preview it with `papermap serve --root map`, build it with `papermap build --root map`"
        )),
        "{}",
        run.stdout
    );
    assert_eq!(folder.tree("map").len(), files);
    assert!(folder
        .read("map/site.toml")
        .contains("base_url = \"https://example.org\""));
    assert!(folder.read("map/.gitignore").contains("/public/"));

    let build = folder.run(&["build", "--root", "map"]);
    build.assert_ok();
    assert!(build.stderr.is_empty(), "no warning:\n{}", build.stderr);
    // One paper builds on the other, in every language; the translated one shows its title.
    let page = folder.read("map/public/paper/2103.14749/index.html");
    assert!(page.contains("href=\"/paper/1409.0575/\""), "{page}");
    let cited = folder.read("map/public/paper/1409.0575/index.html");
    assert!(cited.contains("href=\"/paper/2103.14749/\""), "{cited}");
    let french = folder.read("map/public/fr/paper/2103.14749/index.html");
    assert!(
        french.contains("Les erreurs d’étiquetage") || french.contains("Les erreurs d'étiquetage"),
        "{french}"
    );
    assert!(folder.path("map/public/zh/index.html").is_file());

    // Every message of every language is there: nothing for a translator to do yet.
    folder
        .run(&["check", "--root", "map", "--strict"])
        .assert_ok();
}

#[test]
fn init_never_replaces_a_file() {
    let folder = Site::empty();
    let run = folder.run(&["init"]);
    run.assert_ok();
    assert!(
        run.stdout
            .contains("into .; preview it with `papermap serve`, build it with `papermap build`"),
        "{}",
        run.stdout
    );
    folder.write("site.toml", "base_url = \"https://mine.example\"\n");
    let before = folder.tree(".");
    let again = folder.run(&["init"]);
    again.assert_error("error: site.toml: a site is already here");
    again.assert_error("nothing was written");
    assert!(folder.tree(".") == before);

    // Without site.toml, each file of the new site that is already there is named, and none
    // is written.
    let other = Site::empty();
    other.write("map/content/papers/1409.0575.md", "mine\n");
    other.write("map/i18n/en/main.ftl", "mine\n");
    let run = other.run(&["init", "map"]);
    run.assert_error("error: map/content/papers/1409.0575.md: the new site has a file here, and this one would be lost");
    run.assert_error("error: map/i18n/en/main.ftl: the new site has a file here");
    run.assert_error("papermap: 2 errors; nothing was written");
    assert!(!other.path("map/site.toml").exists());
    assert_eq!(other.read("map/content/papers/1409.0575.md"), "mine\n");

    // A file where the folder should be.
    other.write("notes.txt", "mine\n");
    other.run(&["init", "notes.txt"]).assert_error(
        "error: notes.txt: this is a file, not a folder\n  help: pass the folder the new site goes into",
    );
    assert_eq!(other.read("notes.txt"), "mine\n");

    // A file where the new site needs a folder: said once, not for each file in that folder.
    other.write("site/themes", "mine\n");
    let run = other.run(&["init", "site"]);
    run.assert_error(
        "error: site/themes: the new site needs a folder here, and this file would be lost",
    );
    run.assert_error("papermap: 1 error; nothing was written");
    assert!(
        other.tree("site").len() == 1,
        "{:?}",
        other.tree("site").keys()
    );
}
