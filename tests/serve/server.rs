//! The harness's server: `papermap serve` run as a child process, and the HTTP responses and
//! server-sent events read from it by hand.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::common::Site;

/// What `serve` adds to every HTML page it sends, and only there.
pub(crate) const SCRIPT_TAG: &str = "<script src=\"/__papermap/live.js\" defer></script>";
/// Bounds of the waits (for the first build, for an event): generous, since the machine may be
/// busy; a passing test waits only as long as the server needs.
const START: Duration = Duration::from_secs(60);
const EVENT: Duration = Duration::from_secs(30);

/// `papermap serve --port 0` in a site's folder, killed when dropped.
pub(crate) struct Server {
    child: Child,
    pub(crate) port: u16,
    /// Everything it printed, for failure messages.
    log: Arc<Mutex<String>>,
}

impl Server {
    pub(crate) fn start(site: &Site) -> Server {
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

    pub(crate) fn log(&self) -> String {
        self.log.lock().unwrap().clone()
    }

    /// The base URL of the served pages, which a build must be given to write the same bytes.
    pub(crate) fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// A GET of exactly this request target, sent as it is (no client normalizes it).
    pub(crate) fn get(&self, target: &str) -> Response {
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
    pub(crate) fn page(&self, target: &str) -> Vec<u8> {
        let response = self.get(target);
        assert_eq!(response.status, 200, "GET {target}\n{}", self.log());
        response.built_bytes()
    }

    pub(crate) fn events(&self) -> Events {
        Events::open(self.port)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub(crate) struct Response {
    pub(crate) status: u16,
    /// Names in lower case.
    headers: BTreeMap<String, String>,
    pub(crate) body: Vec<u8>,
}

impl Response {
    pub(crate) fn header(&self, name: &str) -> &str {
        self.headers.get(name).map_or("", String::as_str)
    }

    pub(crate) fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// The body as a build writes it: an HTML page carries the live-reload script once, just
    /// before `</body>`, and nothing else differs.
    pub(crate) fn built_bytes(&self) -> Vec<u8> {
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
pub(crate) struct Event {
    pub(crate) name: String,
    pub(crate) data: String,
}

/// The server-sent events of `/__papermap/events`, read on a thread.
pub(crate) struct Events {
    incoming: Receiver<Event>,
}

impl Events {
    fn open(port: u16) -> Events {
        Events::open_as(port, None)
    }

    /// The stream as live.js opens it on the page at output path `page`, when there is one.
    pub(crate) fn open_as(port: u16, page: Option<&str>) -> Events {
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

    pub(crate) fn next(&self, server: &Server) -> Event {
        self.incoming
            .recv_timeout(EVENT)
            .unwrap_or_else(|_| panic!("no event came\n{}", server.log()))
    }

    /// The next event, which must have this name.
    pub(crate) fn expect(&self, server: &Server, name: &str) -> Event {
        let event = self.next(server);
        assert_eq!(event.name, name, "{event:?}\n{}", server.log());
        event
    }

    /// Subscribed once the stream's first event (the current state) has come.
    pub(crate) fn connected(server: &Server) -> Events {
        let events = server.events();
        events.expect(server, "build-ok");
        events
    }
}
