//! `papermap serve`, the real binary over HTTP: edits show up on the reload channel with exactly
//! the files they change (the truth: `papermap build` before and after the edit), broken edits
//! keep the last good site served, the responses carry the right types and the site's 404 pages,
//! and no request path reaches anything but the built site.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::Site;

/// What `serve` adds to every HTML page it sends, and only there.
const SCRIPT_TAG: &str = "<script src=\"/__papermap/live.js\" defer></script>";
/// Bounds of the waits (for the first build, for an event): generous, since the machine may be
/// busy; a passing test waits only as long as the server needs.
const START: Duration = Duration::from_secs(60);
const EVENT: Duration = Duration::from_secs(30);

type Tree = BTreeMap<String, Vec<u8>>;

/// `papermap serve --port 0` in a site's folder, killed when dropped.
struct Server {
    child: Child,
    port: u16,
    /// Everything it printed, for failure messages.
    log: Arc<Mutex<String>>,
}

impl Server {
    fn start(site: &Site) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_papermap"))
            .args(["serve", "--port", "0"])
            .current_dir(site.root())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start papermap serve");
        let log = Arc::new(Mutex::new(String::new()));
        let (port_tx, port_rx) = mpsc::channel();
        let stdout = child.stdout.take().unwrap();
        let stderr = child.stderr.take().unwrap();
        let out_log = log.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                out_log.lock().unwrap().push_str(&format!("{line}\n"));
                if let Some(rest) = line.strip_prefix("papermap: serving http://127.0.0.1:") {
                    let port = rest.split('/').next().and_then(|p| p.parse::<u16>().ok());
                    let _ = port_tx.send(port);
                }
            }
        });
        let err_log = log.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                err_log.lock().unwrap().push_str(&format!("{line}\n"));
            }
        });
        let mut server = Server {
            child,
            port: 0,
            log,
        };
        match port_rx.recv_timeout(START) {
            Ok(Some(port)) => server.port = port,
            _ => panic!("serve did not say where it serves:\n{}", server.log()),
        }
        server
    }

    fn log(&self) -> String {
        self.log.lock().unwrap().clone()
    }

    /// The base URL of the served pages, which a build must be given to write the same bytes.
    fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// A GET of exactly this request target, sent as it is (no client normalizes it).
    fn get(&self, target: &str) -> Response {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).expect("connect");
        stream.set_read_timeout(Some(EVENT)).unwrap();
        write!(
            stream,
            "GET {target} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
            self.port
        )
        .unwrap();
        let mut reader = BufReader::new(stream);
        let (status, headers) = read_head(&mut reader);
        let mut body = Vec::new();
        if headers.get("transfer-encoding").map(String::as_str) == Some("chunked") {
            Dechunk::new(reader).read_to_end(&mut body).unwrap();
        } else {
            reader.read_to_end(&mut body).unwrap();
        }
        Response {
            status,
            headers,
            body,
        }
    }

    /// A page, which must be there; HTML without the injected script, as a build writes it.
    fn page(&self, target: &str) -> Vec<u8> {
        let response = self.get(target);
        assert_eq!(response.status, 200, "GET {target}\n{}", self.log());
        response.built_bytes()
    }

    fn events(&self) -> Events {
        Events::open(self.port)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

struct Response {
    status: u16,
    /// Names in lower case.
    headers: BTreeMap<String, String>,
    body: Vec<u8>,
}

impl Response {
    fn header(&self, name: &str) -> &str {
        self.headers.get(name).map_or("", String::as_str)
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// The body as a build writes it: an HTML page carries the live-reload script once, just
    /// before `</body>`, and nothing else differs.
    fn built_bytes(&self) -> Vec<u8> {
        if !self.header("content-type").starts_with("text/html") {
            return self.body.clone();
        }
        let text = self.text();
        assert_eq!(
            text.matches(SCRIPT_TAG).count(),
            1,
            "the script is injected once"
        );
        assert!(
            text.contains(&format!("{SCRIPT_TAG}</body>")),
            "the script ends the body"
        );
        text.replacen(SCRIPT_TAG, "", 1).into_bytes()
    }
}

fn read_head(reader: &mut impl BufRead) -> (u16, BTreeMap<String, String>) {
    let mut line = String::new();
    reader.read_line(&mut line).unwrap();
    let status = line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("not an HTTP status line: {line:?}"));
    let mut headers = BTreeMap::new();
    loop {
        line.clear();
        reader.read_line(&mut line).unwrap();
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            headers.insert(name.trim().to_ascii_lowercase(), value.trim().to_string());
        }
    }
    (status, headers)
}

/// The body of a chunked response, as it arrives.
struct Dechunk<R> {
    inner: R,
    left: usize,
    done: bool,
}

impl<R: BufRead> Dechunk<R> {
    fn new(inner: R) -> Dechunk<R> {
        Dechunk {
            inner,
            left: 0,
            done: false,
        }
    }
}

impl<R: BufRead> Read for Dechunk<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.done {
            return Ok(0);
        }
        if self.left == 0 {
            let mut line = String::new();
            // The end of the previous chunk, then the size of the next.
            while line.trim().is_empty() {
                line.clear();
                if self.inner.read_line(&mut line)? == 0 {
                    self.done = true;
                    return Ok(0);
                }
            }
            let size = line.trim().split(';').next().unwrap_or("0");
            self.left = usize::from_str_radix(size, 16).map_err(std::io::Error::other)?;
            if self.left == 0 {
                self.done = true;
                return Ok(0);
            }
        }
        let want = buf.len().min(self.left);
        let n = self.inner.read(&mut buf[..want])?;
        self.left -= n;
        Ok(n)
    }
}

#[derive(Debug, Clone)]
struct Event {
    name: String,
    data: String,
}

/// The server-sent events of `/__papermap/events`, read on a thread.
struct Events {
    incoming: Receiver<Event>,
}

impl Events {
    fn open(port: u16) -> Events {
        Events::open_as(port, None)
    }

    /// The stream as live.js opens it on the page at output path `page`, when there is one.
    fn open_as(port: u16, page: Option<&str>) -> Events {
        let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
        let query = page.map(|p| format!("?page={p}")).unwrap_or_default();
        write!(
            stream,
            "GET /__papermap/events{query} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n"
        )
        .unwrap();
        let (tx, incoming) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stream);
            let (status, headers) = read_head(&mut reader);
            assert_eq!(status, 200);
            assert!(
                headers["content-type"].starts_with("text/event-stream"),
                "{headers:?}"
            );
            let body: Box<dyn BufRead> =
                if headers.get("transfer-encoding").map(String::as_str) == Some("chunked") {
                    Box::new(BufReader::new(Dechunk::new(reader)))
                } else {
                    Box::new(reader)
                };
            let (mut name, mut data): (String, Vec<String>) = (String::new(), Vec::new());
            for line in body.lines().map_while(Result::ok) {
                if line.is_empty() {
                    if !name.is_empty() || !data.is_empty() {
                        let event = Event {
                            name: std::mem::take(&mut name),
                            data: std::mem::take(&mut data).join("\n"),
                        };
                        if tx.send(event).is_err() {
                            return;
                        }
                    }
                } else if let Some(value) = line.strip_prefix("event:") {
                    name = value.trim_start().to_string();
                } else if let Some(value) = line.strip_prefix("data:") {
                    data.push(value.strip_prefix(' ').unwrap_or(value).to_string());
                }
                // `:` lines are keep-alive comments.
            }
        });
        Events { incoming }
    }

    fn next(&self, server: &Server) -> Event {
        self.incoming
            .recv_timeout(EVENT)
            .unwrap_or_else(|_| panic!("no event came\n{}", server.log()))
    }

    /// The next event, which must have this name.
    fn expect(&self, server: &Server, name: &str) -> Event {
        let event = self.next(server);
        assert_eq!(event.name, name, "{event:?}\n{}", server.log());
        event
    }

    /// Subscribed once the stream's first event (the current state) has come.
    fn connected(server: &Server) -> Events {
        let events = server.events();
        events.expect(server, "build-ok");
        events
    }
}

/// The paths of a `reload` event.
fn reload_paths(event: &Event) -> Vec<String> {
    let value: serde_json::Value = serde_json::from_str(&event.data).expect("reload data is JSON");
    value["paths"]
        .as_array()
        .expect("reload has paths")
        .iter()
        .map(|p| p.as_str().unwrap().to_string())
        .collect()
}

/// What `papermap build --base-url URL` writes, built outside the site.
fn build(site: &Site, url: &str) -> Tree {
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
fn is_search_index(path: &str) -> bool {
    path.starts_with("pagefind/")
}

/// The files that differ between two builds (appeared, disappeared or changed), but the search
/// index's.
fn differing(before: &Tree, after: &Tree) -> Vec<String> {
    let paths: BTreeSet<&String> = before.keys().chain(after.keys()).collect();
    paths
        .into_iter()
        .filter(|p| !is_search_index(p))
        .filter(|p| before.get(*p) != after.get(*p))
        .cloned()
        .collect()
}

/// The address of an output file, as a link names it.
fn target_of(path: &str) -> String {
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
fn assert_serves(server: &Server, tree: &Tree) {
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
fn save(site: &Site, relative: &str, text: &str) {
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
struct Session<'a> {
    site: &'a Site,
    server: Server,
    events: Events,
    url: String,
    built: Tree,
}

impl<'a> Session<'a> {
    fn start(site: &'a Site) -> Session<'a> {
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
    fn expect_update(&mut self, kind: &str) -> Vec<String> {
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
    fn expect_error(&mut self, needle: &str) -> String {
        let event = self.events.expect(&self.server, "build-error");
        assert!(
            event.data.contains(needle),
            "`{needle}` in the report:\n{}",
            event.data
        );
        event.data
    }
}

/// `file:line:column` of the first place the report names in `file`.
fn position_in(report: &str, file: &str) -> Option<(u32, u32)> {
    let rest = &report[report.find(&format!("{file}:"))? + file.len() + 1..];
    let mut numbers = rest.splitn(3, ':');
    let line = numbers.next()?.parse().ok()?;
    let column = numbers.next()?.parse().ok()?;
    Some((line, column))
}

#[test]
fn an_edit_reloads_exactly_the_files_it_changes() {
    let site = Site::fixture("minimal");
    let mut session = Session::start(&site);
    // The first build is the site a build writes.
    assert_serves(&session.server, &session.built);
    let before = session.built.clone();

    // A title: its pages, the pages that list it, nothing else.
    let text = site.read("content/papers/1000.00002.md").replace(
        "The most cited reference",
        "The most cited reference, revised",
    );
    save(&site, "content/papers/1000.00002.md", &text);
    let changed = session.expect_update("reload");
    for path in [
        "paper/1000.00002/index.html",
        "fr/paper/1000.00002/index.html",
        "paper/1000.00002/index.md",
        "paper/1000.00001/index.html",
    ] {
        assert!(changed.iter().any(|c| c == path), "{path} in {changed:?}");
    }
    // A page that does not show the paper is not reloaded, and is served as it was.
    let unchanged = "paper/1000.00003/index.html";
    assert!(!changed.iter().any(|c| c == unchanged), "{changed:?}");
    assert!(session.server.page("/paper/1000.00003/") == before[unchanged]);
    assert!(
        String::from_utf8_lossy(&session.server.page("/paper/1000.00002/"))
            .contains("The most cited reference, revised")
    );

    // A new record citing another.
    save(
        &site,
        "content/papers/1000.00006.md",
        "---\nid: \"1000.00006\"\ntitle: \"A new paper\"\nyear: 2024\nreferences: [\"1000.00002\"]\n---\nNew.\n",
    );
    let changed = session.expect_update("reload");
    assert!(changed.iter().any(|c| c == "paper/1000.00006/index.html"));
    assert!(changed
        .iter()
        .any(|c| c == "zh/paper/1000.00006/index.html"));
    assert!(
        String::from_utf8_lossy(&session.server.page("/paper/1000.00006/")).contains("A new paper")
    );

    // A deleted record: its pages are gone (the site's 404 page), the pages citing it change.
    site.remove("content/papers/1000.00003.md");
    let changed = session.expect_update("reload");
    assert!(changed.iter().any(|c| c == "paper/1000.00003/index.html"));
    let gone = session.server.get("/paper/1000.00003/");
    assert_eq!(gone.status, 404);
    assert!(gone.built_bytes() == session.built["404.html"]);

    // A stylesheet: swapped in place, no reload.
    let css = site.read("themes/default/static/style.css") + "\n/* edited */\n";
    save(&site, "themes/default/static/style.css", &css);
    let changed = session.expect_update("css");
    assert_eq!(changed, ["style.css"]);
    assert_eq!(session.server.get("/style.css").text(), css);

    // The next edit's event is the next one: no reload came for the stylesheet.
    let text = site.read("content/papers/1000.00004.md").replace(
        "A paper that builds on the first",
        "A paper that builds on the first, renamed",
    );
    save(&site, "content/papers/1000.00004.md", &text);
    session.expect_update("reload");

    assert_serves(&session.server, &session.built);
    assert!(
        !site.path("public").exists(),
        "serve never writes the output folder"
    );
}

/// A title edit leaves the map's shape as it was (`relink`): the lists are compared by place,
/// and only the feeds of the paper's own subfields are looked at. The pages reloaded are still
/// exactly those a build changes, the subfield feeds and category pages showing it among them.
#[test]
fn a_title_edit_reloads_the_feeds_and_category_pages_that_show_the_paper() {
    let site = Site::example();
    let mut session = Session::start(&site);
    let record = "content/papers/2208.11695.md";
    let text = site.read(record).replace(
        "Bugs in the Data: How ImageNet Misrepresents Biodiversity",
        "Bugs in the Data: How ImageNet Misrepresents Biodiversity, revised",
    );
    save(&site, record, &text);
    let changed = session.expect_update("reload");
    for path in [
        "subfield/artificial-intelligence/atom.xml",
        "fr/subfield/computer-vision-and-pattern-recognition/atom.xml",
        "subfield/artificial-intelligence/index.html",
        "category/bibliometrics/index.html",
        "atom.xml",
    ] {
        assert!(changed.iter().any(|c| c == path), "{path} in {changed:?}");
    }
    assert!(
        !changed
            .iter()
            .any(|c| c == "subfield/radiology-nuclear-medicine-and-imaging/atom.xml"),
        "{changed:?}"
    );
}

#[test]
fn the_page_open_in_a_browser_is_served_before_the_pages_that_list_it() {
    let site = Site::fixture("minimal");
    let session = Session::start(&site);
    let server = &session.server;
    let open = Events::open_as(server.port, Some("paper/1000.00002/index.html"));
    open.expect(server, "build-ok");
    let text = site.read("content/papers/1000.00002.md").replace(
        "The most cited reference",
        "The most cited reference, revised",
    );
    save(&site, "content/papers/1000.00002.md", &text);
    let after = build(&site, &session.url);
    let expected = differing(&session.built, &after);

    // First the open paper's own pages, in every language; then the rest, without them.
    let first = reload_paths(&open.expect(server, "reload"));
    open.expect(server, "build-ok");
    let rest = reload_paths(&open.expect(server, "reload"));
    open.expect(server, "build-ok");
    assert!(
        first.iter().any(|p| p == "paper/1000.00002/index.html"),
        "{first:?}"
    );
    assert!(
        first.iter().any(|p| p == "zh/paper/1000.00002/index.html"),
        "{first:?}"
    );
    assert!(
        first.iter().all(|p| p.contains("paper/1000.00002/")),
        "only the open paper's pages come first: {first:?}"
    );
    assert!(
        rest.iter().any(|p| p == "paper/1000.00001/index.html"),
        "{rest:?}"
    );
    assert!(
        !rest.iter().any(|p| first.contains(p)),
        "{first:?} {rest:?}"
    );
    let mut both: Vec<String> = first.into_iter().chain(rest).collect();
    both.sort();
    assert_eq!(both, expected, "together, the files the edit changes");

    // Every open page hears both: each reloads when its own path comes.
    let other = &session.events;
    let mut heard = reload_paths(&other.expect(server, "reload"));
    other.expect(server, "build-ok");
    heard.extend(reload_paths(&other.expect(server, "reload")));
    heard.sort();
    assert_eq!(heard, expected);
    assert_serves(server, &after);
}

#[test]
fn a_paper_that_makes_the_index_a_part_longer_reloads_the_search_pages_and_serves_the_part() {
    let site = Site::fixture("minimal");
    // Four papers and a long-form page: one part of at most five pages, until a sixth comes.
    site.edit("site.toml", "[map]", "[map]\nsearch_part_size = 5");
    let mut session = Session::start(&site);
    assert!(!session
        .built
        .contains_key("pagefind/part-2/pagefind-entry.json"));
    save(
        &site,
        "content/papers/1000.00006.md",
        "---\nid: \"1000.00006\"\ntitle: \"A sixth paper\"\nyear: 2024\n---\nNew.\n",
    );
    let changed = session.expect_update("reload");
    for page in [
        "search/index.html",
        "fr/search/index.html",
        "zh/search/index.html",
    ] {
        assert!(changed.iter().any(|c| c == page), "{page} in {changed:?}");
        assert!(
            String::from_utf8_lossy(&session.built[page]).contains("data-merge="),
            "{page} merges the second part"
        );
    }
    // The index comes after the reload: every file of both parts, as the build writes them.
    assert!(session
        .built
        .contains_key("pagefind/part-2/pagefind-entry.json"));
    assert_serves(&session.server, &session.built);
}

#[test]
fn a_source_folder_made_while_serving_is_watched() {
    let site = Site::fixture("minimal");
    assert!(!site.path("static").exists(), "the fixture has no static/");
    let mut session = Session::start(&site);
    // The folder appears with a file in it: what it already holds is found.
    save(&site, "static/notes/hello.txt", "hello");
    assert_eq!(session.expect_update("reload"), ["notes/hello.txt"]);
    // Its later edits reach the page: only a watch of the new folder sees them.
    save(&site, "static/notes/hello.txt", "hello again");
    assert_eq!(session.expect_update("reload"), ["notes/hello.txt"]);
    assert_eq!(session.server.get("/notes/hello.txt").text(), "hello again");
}

#[test]
fn a_broken_edit_keeps_the_last_good_site_until_it_is_fixed() {
    let site = Site::fixture("minimal");
    let mut session = Session::start(&site);
    let paper = "content/papers/1000.00002.md";
    let good = site.read(paper);
    let page = session.server.page("/paper/1000.00002/");

    // Bad YAML: the report names the file, line and column; the old page is still served.
    save(
        &site,
        paper,
        &good.replace("year: 2014", "year: [2014\ncitation_count: {"),
    );
    let report = session.expect_error(paper);
    let (line, column) = position_in(&report, paper).expect("file:line:column in the report");
    assert!(line >= 1 && column >= 1, "{report}");
    assert!(
        report.contains("the last good site is still served"),
        "{report}"
    );
    assert!(session.server.page("/paper/1000.00002/") == page);
    assert_eq!(session.server.get("/").status, 200);
    // A page opened now shows the error at once.
    let late = session.server.events();
    assert_eq!(late.next(&session.server).name, "build-error");

    // The fix: a reload of what changed since the last good site, and build-ok.
    save(
        &site,
        paper,
        &good.replace("The most cited reference", "A fixed reference"),
    );
    session.expect_update("reload");
    assert!(
        String::from_utf8_lossy(&session.server.page("/paper/1000.00002/"))
            .contains("A fixed reference")
    );
    assert_eq!(late.next(&session.server).name, "reload");
    assert_eq!(late.next(&session.server).name, "build-ok");

    // A template that does not parse.
    let template = "themes/default/templates/paper.html";
    let original = site.read(template);
    save(&site, template, &format!("{original}{{% if %}}"));
    session.expect_error(template);
    assert_eq!(session.server.get("/paper/1000.00001/").status, 200);
    save(&site, template, &original);
    session.expect_update("reload");

    // A Fluent file that does not parse.
    let messages = "i18n/fr/main.ftl";
    let original = site.read(messages);
    save(&site, messages, &format!("{original}broken = {{\n"));
    let report = session.expect_error(messages);
    assert!(position_in(&report, messages).is_some(), "{report}");
    assert_eq!(session.server.get("/fr/").status, 200);
    save(&site, messages, &original);
    session.expect_update("reload");

    // Still serving, and still following edits.
    save(
        &site,
        paper,
        &good.replace("The most cited reference", "Edited after the errors"),
    );
    session.expect_update("reload");
    assert_serves(&session.server, &session.built);
    assert!(!site.path("public").exists());
}

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
fn a_site_that_does_not_build_yet_shows_its_errors_and_recovers() {
    let site = Site::fixture("minimal");
    site.edit("content/papers/1000.00002.md", "year: 2014", "year: [2014");
    let server = Server::start(&site);
    // Every address answers with an empty page that carries the script, which shows the errors.
    let waiting = server.get("/paper/1000.00001/");
    assert_eq!(waiting.status, 503);
    assert!(waiting.text().contains(SCRIPT_TAG), "{}", waiting.text());
    let events = server.events();
    let first = events.expect(&server, "build-error");
    assert!(
        first.data.contains("content/papers/1000.00002.md:"),
        "{}",
        first.data
    );
    let fixed = site
        .read("content/papers/1000.00002.md")
        .replace("year: [2014", "year: 2014");
    save(&site, "content/papers/1000.00002.md", &fixed);
    events.expect(&server, "reload");
    events.expect(&server, "build-ok");
    assert_eq!(server.get("/paper/1000.00001/").status, 200);
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
