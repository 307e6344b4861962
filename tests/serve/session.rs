//! What the served site is compared with: `papermap build` of the same sources, the files two
//! builds differ in, edits saved as editors save them, and a `Session` that checks each update.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use crate::common::Site;
use crate::server::{Event, Events, Server};

type Tree = BTreeMap<String, Vec<u8>>;

/// The paths of a `reload` event.
pub(crate) fn reload_paths(event: &Event) -> Vec<String> {
    let value: serde_json::Value = serde_json::from_str(&event.data).expect("reload data is JSON");
    value["paths"]
        .as_array()
        .expect("reload has paths")
        .iter()
        .map(|p| p.as_str().unwrap().to_string())
        .collect()
}

/// What `papermap build --base-url URL` writes, built outside the site.
pub(crate) fn build(site: &Site, url: &str) -> Tree {
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().join("site");
    site.run(&[
        "build",
        "--output",
        dir.to_str().unwrap(),
        "--base-url",
        url,
    ])
    .assert_ok();
    walkdir::WalkDir::new(&dir)
        .into_iter()
        .map(Result::unwrap)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let path = e.path().strip_prefix(&dir).unwrap();
            let key = path.to_string_lossy().replace('\\', "/");
            (key, std::fs::read(e.path()).unwrap())
        })
        .collect()
}

/// The search index's files, which `serve` makes again after the reload, not before it.
pub(crate) fn is_search_index(path: &str) -> bool {
    path.starts_with("pagefind/")
}

/// The files that differ between two builds (appeared, disappeared or changed), but the search
/// index's.
pub(crate) fn differing(before: &Tree, after: &Tree) -> Vec<String> {
    let paths: BTreeSet<&String> = before.keys().chain(after.keys()).collect();
    paths
        .into_iter()
        .filter(|p| !is_search_index(p))
        .filter(|p| before.get(*p) != after.get(*p))
        .cloned()
        .collect()
}

/// The address of an output file, as a link names it.
pub(crate) fn target_of(path: &str) -> String {
    let target = match path.strip_suffix("index.html") {
        Some(folder) => format!("/{folder}"),
        None => format!("/{path}"),
    };
    let mut encoded = String::new();
    for byte in target.bytes() {
        if byte.is_ascii_graphic() && byte != b'%' {
            encoded.push(byte as char);
        } else {
            encoded.push_str(&format!("%{byte:02X}"));
        }
    }
    encoded
}

/// Every file of the build is served with its bytes, and nothing else is a file of the site.
pub(crate) fn assert_serves(server: &Server, tree: &Tree) {
    for (path, bytes) in tree {
        if is_search_index(path) {
            // Made again in the background after an edit: served once it is ready.
            let deadline = std::time::Instant::now() + Duration::from_secs(60);
            while server.get(&target_of(path)).body != *bytes
                && std::time::Instant::now() < deadline
            {
                std::thread::sleep(Duration::from_millis(100));
            }
        }
        let served = server.page(&target_of(path));
        assert!(
            served == *bytes,
            "{path} is served as\n{}\nbut the build wrote\n{}",
            String::from_utf8_lossy(&served),
            String::from_utf8_lossy(bytes)
        );
    }
}

/// Writes a file the way editors save: a temporary file beside it, renamed over it.
pub(crate) fn save(site: &Site, relative: &str, text: &str) {
    let path = site.path(relative);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let temporary = path.with_file_name(format!(
        ".{}.papermap-test",
        path.file_name().unwrap().to_string_lossy()
    ));
    std::fs::write(&temporary, text).unwrap();
    std::fs::rename(&temporary, &path).unwrap();
}

/// A served site and the build it must equal, step by step.
pub(crate) struct Session<'a> {
    site: &'a Site,
    pub(crate) server: Server,
    pub(crate) events: Events,
    pub(crate) url: String,
    pub(crate) built: Tree,
}

impl<'a> Session<'a> {
    pub(crate) fn start(site: &'a Site) -> Session<'a> {
        let server = Server::start(site);
        let url = server.url();
        let built = build(site, &url);
        let events = Events::connected(&server);
        Session {
            site,
            server,
            events,
            url,
            built,
        }
    }

    /// After an edit: the event `kind` (`reload` or `css`) names exactly the files that differ
    /// between the builds before and after, then `build-ok`; returns those files.
    pub(crate) fn expect_update(&mut self, kind: &str) -> Vec<String> {
        let after = build(self.site, &self.url);
        let expected = differing(&self.built, &after);
        let event = self.events.expect(&self.server, kind);
        if kind == "reload" {
            assert_eq!(reload_paths(&event), expected, "{}", self.server.log());
        } else {
            assert!(expected.iter().all(|p| p.ends_with(".css")), "{expected:?}");
        }
        self.events.expect(&self.server, "build-ok");
        for path in &expected {
            match after.get(path) {
                Some(bytes) => assert!(
                    self.server.page(&target_of(path)) == *bytes,
                    "{path} is served as the build after the edit writes it"
                ),
                None => assert_eq!(self.server.get(&target_of(path)).status, 404, "{path}"),
            }
        }
        self.built = after;
        expected
    }

    /// After a broken edit: `build-error` with the report, which names `needle`.
    pub(crate) fn expect_error(&mut self, needle: &str) -> String {
        let event = self.events.expect(&self.server, "build-error");
        assert!(
            event.data.contains(needle),
            "`{needle}` in the report:\n{}",
            event.data
        );
        event.data
    }
}
