//! The HTTP side of `serve`: files from memory with their content types, folders by their
//! `index.html`, the site's own 404 page with status 404, nothing outside the site (a request
//! path is resolved by a small pure function that refuses `..`, encoded slashes and the like),
//! the live-reload script injected into HTML, and the event stream it listens to.

use std::convert::Infallible;
use std::sync::{Arc, Mutex, RwLock};

use axum::body::Body;
use axum::extract::{Query, State};
use axum::http::{header, HeaderValue, StatusCode, Uri};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use futures_util::stream::{self, Stream, StreamExt};
use rustc_hash::{FxHashMap, FxHashSet};
use serde::Deserialize;
use tokio::sync::{broadcast, watch};

use super::live::{Files, Update};

/// Where the injected script and its event stream live; no site page can be there.
pub const SCRIPT_PATH: &str = "/__papermap/live.js";
pub const EVENTS_PATH: &str = "/__papermap/events";
const SCRIPT: &str = include_str!("live.js");
/// What every address shows while the site does not build: the script adds the errors.
const EMPTY_PAGE: &str = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>papermap</title></head><body></body></html>\n";

/// What the handlers read: the current files and error, and the channel of updates.
#[derive(Clone)]
pub struct Shared {
    pub current: Arc<RwLock<Current>>,
    pub updates: broadcast::Sender<Update>,
    /// Whether the first search index is served yet.
    pub search_ready: watch::Receiver<bool>,
    pub open: OpenPages,
}

/// The output paths of the pages listening to the event stream, with how many listen to each.
pub type OpenPages = Arc<Mutex<FxHashMap<String, usize>>>;

impl Shared {
    /// The output paths of the pages open in a browser now.
    pub fn open_pages(&self) -> FxHashSet<String> {
        self.open
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .keys()
            .cloned()
            .collect()
    }
}

/// A page's place among the open pages, for as long as its event stream lasts.
struct OpenPage {
    open: OpenPages,
    path: String,
}

impl OpenPage {
    fn new(open: &OpenPages, path: String) -> OpenPage {
        *open
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(path.clone())
            .or_default() += 1;
        OpenPage {
            open: open.clone(),
            path,
        }
    }
}

impl Drop for OpenPage {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = open.get_mut(&self.path) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.path);
            }
        }
    }
}

pub struct Current {
    pub files: Files,
    /// The search index's bundle (`pagefind/`), made apart from the pages: empty until the
    /// first one is ready.
    pub search: Files,
    pub error: Option<String>,
    /// The default language's code and the others', to pick a locale's 404 page.
    pub locales: Vec<String>,
}

pub fn router(shared: Shared) -> Router {
    Router::new()
        .route(SCRIPT_PATH, get(script))
        .route(EVENTS_PATH, get(events))
        .fallback(get(file))
        .with_state(shared)
}

async fn script() -> Response {
    let mut response = SCRIPT.into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/javascript; charset=utf-8"),
    );
    // Like every file served: a page never runs the script of an earlier papermap.
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// Why a request path is refused.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// Not a path papermap serves: `..`, encoded slashes, backslashes, NUL, bad encoding.
    BadRequest,
}

/// The key of the file a request path names, before looking it up: `fr/paper/x/` →
/// `fr/paper/x/index.html`. Pure, so that every way out of the site can be tested.
pub fn resolve(raw_path: &str) -> Result<String, Refused> {
    let lower = raw_path.to_ascii_lowercase();
    if lower.contains("%2f") || lower.contains("%5c") || lower.contains("%00") {
        return Err(Refused::BadRequest);
    }
    let decoded = percent_encoding::percent_decode_str(raw_path)
        .decode_utf8()
        .map_err(|_| Refused::BadRequest)?;
    if decoded.contains('\\') || decoded.contains('\0') {
        return Err(Refused::BadRequest);
    }
    let mut parts = Vec::new();
    for part in decoded.split('/') {
        match part {
            "" => {}
            "." | ".." => return Err(Refused::BadRequest),
            part => parts.push(part),
        }
    }
    let mut key = parts.join("/");
    if decoded.ends_with('/') || key.is_empty() {
        if !key.is_empty() {
            key.push('/');
        }
        key.push_str("index.html");
    }
    Ok(key)
}

async fn file(State(shared): State<Shared>, uri: Uri) -> Response {
    let key = match resolve(uri.path()) {
        Ok(key) => key,
        Err(Refused::BadRequest) => {
            return (StatusCode::BAD_REQUEST, "bad request").into_response()
        }
    };
    let current = || {
        let current = shared.current.read().unwrap_or_else(|e| e.into_inner());
        (
            current.files.clone(),
            current.search.clone(),
            current.locales.clone(),
        )
    };
    let (mut files, mut search, mut locales) = current();
    // The pages are served before the search index is made: a search waits for it (not while
    // the site does not build, when no index is being made).
    let in_bundle = key
        .strip_prefix(crate::search::BUNDLE_DIR)
        .is_some_and(|rest| rest.starts_with('/'));
    if in_bundle && !files.is_empty() {
        let mut ready = shared.search_ready.clone();
        if !*ready.borrow() {
            let _ = ready.wait_for(|ready| *ready).await;
            (files, search, locales) = current();
        }
    }
    if let Some(bytes) = files.get(&key).or_else(|| search.get(&key)) {
        return respond(StatusCode::OK, &key, bytes);
    }
    // `paper/x` is the folder `paper/x/`: send the browser there, so that relative links and
    // the page's own address (which the live-reload script matches) are the folder's.
    if files.contains_key(&format!("{key}/index.html")) {
        let mut location = format!("{}/", uri.path());
        if let Some(query) = uri.query() {
            location.push('?');
            location.push_str(query);
        }
        let mut response = StatusCode::MOVED_PERMANENTLY.into_response();
        if let Ok(value) = HeaderValue::from_str(&location) {
            response.headers_mut().insert(header::LOCATION, value);
        }
        return response;
    }
    if files.is_empty() {
        // The site has not built yet: an empty page that shows the errors and reloads itself
        // once they are fixed.
        return respond(
            StatusCode::SERVICE_UNAVAILABLE,
            "index.html",
            EMPTY_PAGE.as_bytes(),
        );
    }
    let locale = key
        .split('/')
        .next()
        .filter(|first| locales.iter().skip(1).any(|l| l == first));
    let not_found = match locale {
        Some(locale) => format!("{locale}/404.html"),
        None => "404.html".to_string(),
    };
    match files.get(&not_found).or_else(|| files.get("404.html")) {
        Some(bytes) => respond(StatusCode::NOT_FOUND, "404.html", bytes),
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

fn respond(status: StatusCode, key: &str, bytes: &[u8]) -> Response {
    let mime = mime_guess::from_path(key).first_or_octet_stream();
    let is_html = mime.essence_str() == "text/html";
    let content_type = if mime.type_() == "text" || key.ends_with(".js") || key.ends_with(".xml") {
        format!("{}; charset=utf-8", mime.essence_str())
    } else {
        mime.essence_str().to_string()
    };
    let body = if is_html {
        inject(bytes)
    } else {
        bytes.to_vec()
    };
    let mut response = Response::new(Body::from(body));
    *response.status_mut() = status;
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(&content_type) {
        headers.insert(header::CONTENT_TYPE, value);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// The live-reload script, added only to the pages `serve` sends, never to a build's files.
fn inject(html: &[u8]) -> Vec<u8> {
    let tag = format!("<script src=\"{SCRIPT_PATH}\" defer></script>");
    let text = String::from_utf8_lossy(html);
    match text.rfind("</body>") {
        Some(i) => format!("{}{tag}{}", &text[..i], &text[i..]).into_bytes(),
        None => format!("{text}{tag}").into_bytes(),
    }
}

/// One event a page listens to.
fn event_of(update: &Update) -> Event {
    if let Some(error) = &update.error {
        Event::default()
            .event("build-error")
            .data(error.replace('\r', ""))
    } else if update.css_only() {
        Event::default().event("css").data("{}")
    } else {
        // The pages shown first heard of their change then.
        let paths: Vec<&String> = update
            .changed
            .iter()
            .filter(|path| !update.shown_first.contains(path))
            .collect();
        let paths = serde_json::to_string(&paths).unwrap_or_else(|_| "[]".into());
        Event::default()
            .event("reload")
            .data(format!("{{\"paths\":{paths}}}"))
    }
}

/// The query of the event stream: the output path of the page that listens, which live.js
/// gives so that an edit renders and serves that page before the others.
#[derive(Deserialize)]
struct Listener {
    page: Option<String>,
}

async fn events(
    State(shared): State<Shared>,
    Query(listener): Query<Listener>,
) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    let receiver = shared.updates.subscribe();
    let open_page = listener.page.map(|path| OpenPage::new(&shared.open, path));
    let error = shared
        .current
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .error
        .clone();
    // A page that connects while the site is broken shows the error at once.
    let first = match error {
        Some(text) => Event::default()
            .event("build-error")
            .data(text.replace('\r', "")),
        None => Event::default().event("build-ok").data("{}"),
    };
    // The open page is the stream's: it leaves the open pages when the stream ends.
    let updates = stream::unfold(
        (receiver, open_page),
        |(mut receiver, open_page)| async move {
            loop {
                match receiver.recv().await {
                    Ok(update) => {
                        let ok = update.error.is_none();
                        let mut events = vec![Ok(event_of(&update))];
                        if ok {
                            events.push(Ok(Event::default().event("build-ok").data("{}")));
                        }
                        return Some((stream::iter(events), (receiver, open_page)));
                    }
                    Err(broadcast::error::RecvError::Lagged(_)) => continue,
                    Err(broadcast::error::RecvError::Closed) => return None,
                }
            }
        },
    )
    .flatten();
    Sse::new(stream::iter([Ok(first)]).chain(updates)).keep_alive(KeepAlive::default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_pages_and_folders() {
        assert_eq!(resolve("/"), Ok("index.html".into()));
        assert_eq!(
            resolve("/fr/paper/2208.11695/"),
            Ok("fr/paper/2208.11695/index.html".into())
        );
        assert_eq!(resolve("/style.css"), Ok("style.css".into()));
        assert_eq!(resolve("//style.css"), Ok("style.css".into()));
        assert_eq!(
            resolve("/zh/press/%E6%B5%8B/"),
            Ok("zh/press/测/index.html".into())
        );
    }

    #[test]
    fn refuses_every_way_out() {
        for path in [
            "/../etc/passwd",
            "/paper/../../x",
            "/%2e%2e/etc/passwd",
            "/%2E%2E/%2E%2E/etc/passwd",
            "/paper%2f..%2f..%2fetc",
            "/..%5c..%5cwindows",
            "/a/./b",
            "/x%00.html",
            "/%ff%fe",
            "/..\\x",
        ] {
            assert_eq!(resolve(path), Err(Refused::BadRequest), "{path}");
        }
    }

    #[test]
    fn injects_the_script_before_the_end_of_the_body() {
        let html = inject(b"<html><body><p>x</p></body></html>");
        let html = String::from_utf8(html).unwrap();
        assert!(html.ends_with("<script src=\"/__papermap/live.js\" defer></script></body></html>"));
    }
}
