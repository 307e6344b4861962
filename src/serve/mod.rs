//! `papermap serve`: the build pipeline as a thin loop. It builds the site into memory, serves
//! it on the loopback address (another only when asked), watches the sources, applies each
//! debounced edit (`live`), and tells the open pages what changed (`http`). It never writes into
//! the output folder, and no input stops it: a broken edit keeps the last good site served and
//! shows its errors in the page and the terminal.

mod http;
pub mod live;
pub mod plan;
mod search;

use std::collections::BTreeSet;
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use notify::{RecursiveMode, Watcher};
use tokio::sync::broadcast;

use crate::build::Options;
use http::{Current, Shared};
use live::{LiveSite, Update};
use plan::{classify, Change};

pub use http::resolve;

/// What `papermap serve` was asked.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    pub root: PathBuf,
    pub drafts: bool,
    pub bind: IpAddr,
    /// 0 picks a free port.
    pub port: u16,
    /// Open the site in the default browser.
    pub open: bool,
}

/// How long the sources must be quiet before an edit is applied: an editor's save (a temporary
/// file, a rename, several events) is one edit. Its events come within a millisecond or two;
/// every millisecond more is one the page waits for.
const QUIET: Duration = Duration::from_millis(10);
/// An edit is applied at the latest this long after its first event, even if events go on.
const LONGEST_WAIT: Duration = Duration::from_millis(400);

/// Runs the server until interrupted; returns the process's exit code.
pub fn run(options: ServeOptions) -> i32 {
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("error: cannot start the server: {e}");
            return 1;
        }
    };
    runtime.block_on(serve(options))
}

async fn serve(options: ServeOptions) -> i32 {
    let listener = match tokio::net::TcpListener::bind(SocketAddr::new(options.bind, options.port))
        .await
    {
        Ok(listener) => listener,
        Err(e) => {
            eprintln!(
                "error: cannot listen on {}:{}: {e}\n  help: pass another --port, or --port 0 for any free one",
                options.bind, options.port
            );
            return 1;
        }
    };
    let address = match listener.local_addr() {
        Ok(address) => address,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let url = format!("http://{address}");
    let build = Options {
        root: options.root.clone(),
        // Links of the served pages lead to the served pages.
        base_url: Some(url.clone()),
        drafts: options.drafts,
        ..Options::default()
    };
    let root = std::fs::canonicalize(&options.root).unwrap_or_else(|_| options.root.clone());
    // Watching starts before the first build, so that no edit made from then on is missed (one
    // made while the first build reads the sources is applied right after it).
    let watching = start_watching(&root);
    let others = not_content(&root);
    let started = Instant::now();
    let first = tokio::task::spawn_blocking(move || LiveSite::new(build));
    let mut live = match first.await {
        Ok(first) => first,
        Err(e) => {
            eprintln!("error: the first build stopped: {e}");
            return 1;
        }
    };
    match live.error() {
        Some(report) => eprint!("{report}"),
        None => {
            crate::cli::print_warnings(&live.fresh_warnings());
            crate::outln!(
                "papermap: built {} files in memory in {} ms",
                live.files().len(),
                started.elapsed().as_millis()
            )
        }
    }
    let (updates, _) = broadcast::channel(64);
    let (search_ready, search_ready_receiver) = tokio::sync::watch::channel(false);
    let shared = Shared {
        current: Arc::new(RwLock::new(Current {
            files: live.files(),
            search: live::Files::new(),
            error: live.error().map(str::to_string),
            locales: languages(&options.root),
        })),
        updates,
        search_ready: search_ready_receiver,
        open: Default::default(),
    };
    let indexer = search::start_indexer(shared.clone(), search_ready, live.site());
    let watched = shared.clone();
    if let Some((watcher, incoming)) = watching {
        std::thread::spawn(move || watch(&root, watcher, incoming, others, live, watched, indexer));
    }

    crate::outln!("papermap: serving {url}/ (press Ctrl-C to stop)");
    if options.open {
        let _ = std::process::Command::new("xdg-open")
            .arg(format!("{url}/"))
            .spawn();
    }
    // Ctrl-C stops at once: open pages hold their event streams for ever, so waiting for
    // connections to end would never finish.
    tokio::select! {
        result = axum::serve(listener, http::router(shared)) => match result {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("error: the server stopped: {e}");
                1
            }
        },
        _ = tokio::signal::ctrl_c() => {
            crate::outln!("papermap: stopped");
            // Nothing is left to save (serve writes no file): leave without waiting for the
            // runtime's threads to wind down.
            std::process::exit(0)
        }
    }
}

/// The site's language codes, default first, read from its configuration (empty when broken).
fn languages(root: &Path) -> Vec<String> {
    crate::config::Config::load(root, None)
        .map(|c| c.languages.iter().map(|l| l.code.clone()).collect())
        .unwrap_or_default()
}

/// What the watcher saw.
enum Seen {
    /// These paths changed.
    Paths(Vec<PathBuf>),
    /// Events were lost (the kernel's queue overflowed): any file may have changed.
    LostCount,
}

/// Starts watching the sources: the watcher (which stops when dropped) and its changed paths.
fn start_watching(root: &Path) -> Option<(notify::RecommendedWatcher, mpsc::Receiver<Seen>)> {
    let (events, incoming) = mpsc::channel();
    let watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        // Reading the sources (as every rebuild does) must not look like an edit.
        match event {
            Ok(event) if event.need_rescan() => {
                let _ = events.send(Seen::LostCount);
            }
            Ok(event) if is_edit(&event.kind) => {
                let _ = events.send(Seen::Paths(event.paths));
            }
            Ok(_) => {}
            Err(_) => {
                let _ = events.send(Seen::LostCount);
            }
        }
    });
    let mut watcher = match watcher {
        Ok(watcher) => watcher,
        Err(e) => {
            eprintln!(
                "error: cannot watch {}: {e}; pages will not update",
                root.display()
            );
            return None;
        }
    };
    // The site's folder itself for site.toml (and source folders that appear), and each source
    // folder with all it holds: not the output folder, whose thousands of folders would each
    // be a watch, nor version control.
    if let Err(e) = watcher.watch(root, RecursiveMode::NonRecursive) {
        eprintln!(
            "error: cannot watch {}: {e}; pages will not update",
            root.display()
        );
        return None;
    }
    for input in crate::cache::INPUTS {
        watch_source_folder(&mut watcher, &root.join(input));
    }
    Some((watcher, incoming))
}

/// Watches a source folder and everything in it, if it is a folder.
fn watch_source_folder(watcher: &mut notify::RecommendedWatcher, folder: &Path) {
    if folder.is_dir() {
        if let Err(e) = watcher.watch(folder, RecursiveMode::Recursive) {
            eprintln!(
                "error: cannot watch {}: {e}; its edits will not show",
                folder.display()
            );
        }
    }
}

/// A fingerprint of the sources other than `content/`: when the watcher lost count, whether they
/// changed tells a re-check of the records (cheap) from a rebuild of every page.
fn not_content(root: &Path) -> Option<u64> {
    let others: Vec<&str> = crate::cache::INPUTS
        .iter()
        .copied()
        .filter(|input| *input != crate::discover::CONTENT_DIR)
        .collect();
    crate::cache::fingerprint_of(root, &others).ok()
}

/// Applies each edit, for as long as the process runs.
fn watch(
    root: &Path,
    mut watcher: notify::RecommendedWatcher,
    incoming: mpsc::Receiver<Seen>,
    // The sources other than the records as the served site was built from them (read when
    // watching began, before the first build: an edit made during it counts as a change).
    mut others: Option<u64>,
    mut live: LiveSite,
    shared: Shared,
    indexer: mpsc::Sender<Arc<crate::build::Site>>,
) {
    let mut theme = theme_of(root);
    while let Ok(first) = incoming.recv() {
        let since = Instant::now();
        let mut seen = vec![first];
        while since.elapsed() < LONGEST_WAIT {
            match incoming.recv_timeout(QUIET) {
                Ok(more) => seen.push(more),
                Err(_) => break,
            }
        }
        let mut lost_count = seen.iter().any(|s| matches!(s, Seen::LostCount));
        let mut changes = BTreeSet::new();
        let mut paths = BTreeSet::new();
        for path in seen.iter().flat_map(|s| match s {
            Seen::Paths(paths) => paths.as_slice(),
            Seen::LostCount => &[],
        }) {
            let Ok(relative) = path.strip_prefix(root) else {
                continue;
            };
            if crate::cache::INPUTS
                .iter()
                .any(|i| relative == Path::new(i))
                && path.is_dir()
            {
                // A source folder that appeared (or came back): watched from now on, and every
                // file looked at again (lost count), so what it already holds needs no walk here.
                watch_source_folder(&mut watcher, path);
                lost_count = true;
                continue;
            }
            // A folder made inside a watched one (`i18n/de/`, `content/notes/`) may hold files
            // written before its own watch began, whose events never come: they are looked at.
            // Only inside the sources: a build's output folder appearing is not walked.
            let in_sources = relative
                .components()
                .next()
                .is_some_and(|first| crate::cache::INPUTS.iter().any(|i| first.as_os_str() == *i));
            let within = if in_sources && path.is_dir() {
                files_within(path)
            } else {
                vec![path.clone()]
            };
            for path in &within {
                let Ok(relative) = path.strip_prefix(root) else {
                    continue;
                };
                let change = classify(relative, &theme);
                if change != Change::Ignored {
                    changes.insert(change);
                    paths.insert(relative.to_path_buf());
                }
            }
        }
        if lost_count {
            // Any file may have changed: every record is looked at again (its stamp says if
            // it changed), and every page is rendered again only if a source other than the
            // records changed.
            let now = not_content(root);
            changes.insert(if now.is_some() && now == others {
                Change::Content
            } else {
                Change::Config
            });
            changes.insert(Change::Static);
        }
        if changes.is_empty() {
            continue;
        }
        if changes.contains(&Change::Config) {
            theme = theme_of(root);
        }
        let started = Instant::now();
        let previous_error = live.error().map(str::to_string);
        let update = live.apply_open_first(
            &changes,
            (!lost_count).then_some(&paths),
            &shared.open_pages(),
            |files, changed| {
                shared
                    .current
                    .write()
                    .unwrap_or_else(|e| e.into_inner())
                    .files = files;
                let _ = shared.updates.send(Update {
                    changed,
                    ..Update::default()
                });
            },
        );
        if update.error.is_none()
            && changes
                .iter()
                .any(|c| !matches!(c, Change::Content | Change::Ignored))
        {
            others = not_content(root);
        }
        {
            let mut current = shared.current.write().unwrap_or_else(|e| e.into_inner());
            current.files = live.files();
            current.error = live.error().map(str::to_string);
            if changes.contains(&Change::Config) {
                current.locales = languages(root);
            }
        }
        // The index is made again only when pages changed: a look at every file that found
        // nothing new (after the watcher lost count) must not cost seconds of a core.
        let searched = (changes.contains(&Change::Config) || changes.contains(&Change::Content))
            && !update.changed.is_empty();
        if let (true, None, Some(site)) = (searched, &update.error, live.site()) {
            let _ = indexer.send(site);
        }
        match &update.error {
            // The same errors again (an editor saves in several steps): nothing new to say.
            Some(report) if Some(report) == previous_error.as_ref() => continue,
            Some(report) => eprint!("{report}"),
            None => {
                // An edit that changed no page can still raise or settle a warning (a folder of
                // messages for a language the site does not list).
                crate::cli::print_warnings(&live.fresh_warnings());
                if update.changed.is_empty() && previous_error.is_none() {
                    continue;
                }
                crate::outln!(
                    "papermap: {} files changed in {} ms",
                    update.changed.len(),
                    started.elapsed().as_millis()
                )
            }
        }
        let _ = shared.updates.send(update);
    }
}

/// The files in a folder and its folders.
fn files_within(folder: &Path) -> Vec<PathBuf> {
    walkdir::WalkDir::new(folder)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|entry| entry.file_type().is_file())
        .map(walkdir::DirEntry::into_path)
        .collect()
}

fn is_edit(kind: &notify::EventKind) -> bool {
    use notify::event::{EventKind, ModifyKind};
    matches!(
        kind,
        EventKind::Create(_)
            | EventKind::Remove(_)
            | EventKind::Modify(ModifyKind::Data(_) | ModifyKind::Name(_) | ModifyKind::Any)
    )
}

fn theme_of(root: &Path) -> String {
    crate::config::Config::load(root, None)
        .map(|c| c.theme)
        .unwrap_or_else(|_| "default".to_string())
}
