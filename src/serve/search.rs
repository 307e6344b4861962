//! The search index while serving, made in the background: first as soon as the site is served
//! (its pages do not wait for it; a search made before it is ready waits), then again once the
//! edits of the content pause, so that an edit reaches the browser without waiting for it. Until
//! the new index is ready, searches use the previous one.

use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::watch;

use crate::build::Site;

use super::http::Shared;
use super::live::Files;

/// The bundle of a site, as served files; empty (with the error printed) if it cannot be made.
pub fn bundle(site: &Site) -> Files {
    let files = Mutex::new(Files::new());
    let made = crate::search::bundle(&site.config, &site.model, |made| {
        files.lock().unwrap_or_else(|e| e.into_inner()).extend(
            made.into_iter()
                .map(|(place, bytes)| (place, Arc::new(bytes))),
        );
        Ok(())
    });
    match made {
        Ok(()) => files.into_inner().unwrap_or_else(|e| e.into_inner()),
        Err(e) => {
            eprintln!("error: {e}; search will find nothing");
            Files::new()
        }
    }
}

/// How long the sources must be quiet before the index is made again: editing goes on in bursts,
/// and the index of a large map takes seconds of both cores that the next edit would wait for.
const QUIET_BEFORE_INDEXING: Duration = Duration::from_secs(3);

/// Starts the thread that indexes `first` (the site as serve started) at once, then the last
/// site it is sent once edits have paused, and serves the result; `ready` is told when the first
/// index is served. It works on one thread of its own, so that the rendering of the next edit
/// keeps the other.
pub fn start_indexer(
    shared: Shared,
    ready: watch::Sender<bool>,
    first: Option<Arc<Site>>,
) -> mpsc::Sender<Arc<Site>> {
    let (sender, receiver) = mpsc::channel::<Arc<Site>>();
    std::thread::spawn(move || {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().ok();
        let index = |site: &Site| match &pool {
            Some(pool) => pool.install(|| bundle(site)),
            None => bundle(site),
        };
        let serve = |files: Files| {
            let mut current = shared.current.write().unwrap_or_else(|e| e.into_inner());
            current.search = files;
            drop(current);
            ready.send_replace(true);
        };
        if let Some(site) = first {
            let started = std::time::Instant::now();
            serve(index(&site));
            crate::outln!(
                "papermap: made the search index in {} ms",
                started.elapsed().as_millis()
            );
        }
        while let Ok(mut site) = receiver.recv() {
            loop {
                match receiver.recv_timeout(QUIET_BEFORE_INDEXING) {
                    Ok(newer) => site = newer,
                    Err(mpsc::RecvTimeoutError::Timeout) => break,
                    Err(mpsc::RecvTimeoutError::Disconnected) => return,
                }
            }
            serve(index(&site));
        }
    });
    sender
}
