//! What a request gets: the search index once it is ready, each file with its type, a folder by
//! its index, a miss the site's 404 page, and nothing from outside the built site.

use std::path::Path;

use crate::common::Site;
use crate::server::{Server, SCRIPT_TAG};
use crate::session::{assert_serves, build, is_search_index, save, target_of, Session};

#[test]
fn a_search_made_before_the_index_is_ready_waits_for_it() {
    let site = Site::fixture("minimal");
    let server = Server::start(&site);
    // At once: serve makes the index after it starts serving, and this request waits for it.
    let entry = server.get("/pagefind/pagefind-entry.json");
    let built = build(&site, &server.url());
    assert_eq!(entry.status, 200, "{}", server.log());
    assert!(entry.body == built["pagefind/pagefind-entry.json"]);
    for (path, bytes) in built.iter().filter(|(path, _)| is_search_index(path)) {
        assert!(server.page(&target_of(path)) == *bytes, "{path}");
    }
    assert!(
        server.log().contains("papermap: made the search index in "),
        "{}",
        server.log()
    );
}

#[test]
fn responses_have_their_types_folders_their_index_and_misses_the_site_404() {
    let site = Site::fixture("minimal");
    let server = Server::start(&site);
    let built = build(&site, &server.url());
    for (target, content_type) in [
        ("/", "text/html; charset=utf-8"),
        ("/fr/paper/1000.00001/", "text/html; charset=utf-8"),
        ("/style.css", "text/css"),
        ("/paper/1000.00001/index.md", "text/markdown"),
        ("/papermap.js", "javascript"),
        ("/__papermap/live.js", "javascript"),
    ] {
        let response = server.get(target);
        assert_eq!(response.status, 200, "{target}");
        assert!(
            response.header("content-type").contains(content_type),
            "{target}: {}",
            response.header("content-type")
        );
        assert_eq!(response.header("cache-control"), "no-store", "{target}");
    }
    let sitemap = server.get("/sitemap.xml");
    assert_eq!(sitemap.status, 200);
    assert!(
        sitemap.header("content-type").contains("xml"),
        "{}",
        sitemap.header("content-type")
    );
    assert!(sitemap.body == built["sitemap.xml"]);
    // Only HTML carries the script.
    assert!(!server
        .get("/paper/1000.00001/index.md")
        .text()
        .contains(SCRIPT_TAG));

    // A folder is served by its index.html; without the slash, the browser is sent to the
    // folder, so that its address is the page's (live reload matches it).
    let page = &built["paper/1000.00001/index.html"];
    for target in [
        "/paper/1000.00001/",
        "/paper/1000.00001/index.html",
        "//paper//1000.00001/",
    ] {
        assert!(server.page(target) == *page, "{target}");
    }
    let redirect = server.get("/paper/1000.00001?x=1");
    assert_eq!(redirect.status, 301);
    assert_eq!(redirect.header("location"), "/paper/1000.00001/?x=1");

    // A miss gets the site's 404 page, in the language of its folder, with status 404.
    for (target, file) in [
        ("/no/such/page/", "404.html"),
        ("/paper/9999.99999/", "404.html"),
        ("/nothing.css", "404.html"),
        ("/fr/no/such/page/", "fr/404.html"),
        ("/zh/paper/9999.99999", "zh/404.html"),
        ("/de/", "404.html"),
    ] {
        let response = server.get(target);
        assert_eq!(response.status, 404, "{target}");
        assert_eq!(response.header("cache-control"), "no-store", "{target}");
        assert!(
            response.header("content-type").starts_with("text/html"),
            "{target}"
        );
        assert!(response.built_bytes() == built[file], "{target} → {file}");
    }
    assert_serves(&server, &built);
    assert!(!site.path("public").exists());
}

#[test]
fn no_request_leaves_the_site() {
    let site = Site::fixture("minimal");
    // A secret outside the site, and links to it inside.
    let outside = tempfile::tempdir().unwrap();
    let marker = format!(
        "papermap-secret-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    );
    let secret = outside.path().join("secret.txt");
    std::fs::write(&secret, &marker).unwrap();
    std::fs::create_dir_all(site.path("static")).unwrap();
    link(&secret, &site.path("static/leak.txt"));
    link(outside.path(), &site.path("static/leaks"));
    link(&secret, &site.path("content/press/leak.png"));
    let site_toml = site.read("site.toml");
    let mut session = Session::start(&site);

    // A link made while serving is no more followed than one made before.
    link(&secret, &site.path("static/late.txt"));
    let text = site
        .read("content/papers/1000.00002.md")
        .replace("The most cited reference", "A reference, after the link");
    save(&site, "content/papers/1000.00002.md", &text);
    session.expect_update("reload");
    assert!(
        !session
            .built
            .values()
            .any(|b| contains(b, marker.as_bytes())),
        "the build copies no link"
    );

    let root = std::fs::canonicalize(site.root()).unwrap();
    let secret_abs = std::fs::canonicalize(&secret).unwrap();
    let secret_abs = secret_abs.to_str().unwrap();
    let from_site = format!(
        "../{}/secret.txt",
        outside.path().file_name().unwrap().to_string_lossy()
    );
    let parents = "../".repeat(root.components().count() - 1);
    let targets = [
        "/../site.toml".to_string(),
        "/%2e%2e/site.toml".into(),
        "/%2E%2E%2Fsite.toml".into(),
        "/paper%2f..%2f..%2fsite.toml".into(),
        "/..%5csite.toml".into(),
        "/..\\site.toml".into(),
        "/.%2e/site.toml".into(),
        "/paper/../../site.toml".into(),
        "/%252e%252e/site.toml".into(),
        "/site.toml%00.html".into(),
        "//etc/passwd".into(),
        format!("/{parents}etc/passwd"),
        "/content/papers/1000.00001.md".into(),
        "/site.toml".into(),
        "/i18n/fr/main.ftl".into(),
        "/themes/default/templates/base.html".into(),
        format!("/{from_site}"),
        format!("/%2e%2e/{}", from_site.trim_start_matches("../")),
        format!("/{secret_abs}"),
        format!("/{parents}{}", secret_abs.trim_start_matches('/')),
        "/leak.txt".into(),
        "/late.txt".into(),
        "/leaks/secret.txt".into(),
        "/static/leak.txt".into(),
        "/press/leak.png".into(),
        "/fr/press/leak.png".into(),
        format!("http://127.0.0.1:{}/../site.toml", session.server.port),
    ];
    let passwd = std::fs::read_to_string("/etc/passwd").unwrap_or_default();
    let passwd_line = passwd.lines().next().unwrap_or("root:x:0:0");
    for target in &targets {
        let response = session.server.get(target);
        assert!(
            response.status == 400 || response.status == 404,
            "{target}: {}",
            response.status
        );
        let body = response.text();
        assert!(!body.contains(&marker), "{target} leaks the secret");
        assert!(
            !body.contains("data_through = 2026-10-14"),
            "{target} leaks site.toml"
        );
        assert!(!body.contains(passwd_line), "{target} leaks /etc/passwd");
        assert!(!body.contains("title: \"Label"), "{target} leaks a record");
    }
    // Encoded slashes and dots are refused outright.
    for target in [
        "/%2e%2e/site.toml",
        "/%2E%2E%2Fsite.toml",
        "/..%5csite.toml",
    ] {
        assert_eq!(session.server.get(target).status, 400, "{target}");
    }
    assert!(session.server.get("/").status == 200);
    assert_eq!(site.read("site.toml"), site_toml);
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

#[cfg(unix)]
fn link(target: &Path, at: &Path) {
    std::os::unix::fs::symlink(target, at).unwrap();
}

#[cfg(not(unix))]
fn link(_: &Path, _: &Path) {}
