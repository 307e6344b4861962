//! The search index while serving: made once before the first page is served, then again in
//! the background once the edits of the content pause, so that an edit reaches the browser
//! without waiting for it. Until the new index is ready, searches use the previous one.

use std::sync::mpsc;
use std::sync::Arc;
use std::time::Duration;

use crate::build::Site;

use super::http::Shared;
use super::live::Files;

/// The bundle of a site, as served files; empty (with the error printed) if it cannot be made.
pub fn bundle(site: &Site) -> Files {
    match crate::search::bundle(&site.config, &site.model) {
        Ok(files) => files
            .into_iter()
            .map(|(place, bytes)| (place, Arc::new(bytes)))
            .collect(),
        Err(e) => {
            eprintln!("error: {e}; search will find nothing");
            Files::new()
        }
    }
}

/// How long the sources must be quiet before the index is made again: editing goes on in bursts,
/// and the index of a large map takes seconds of both cores that the next edit would wait for.
const QUIET_BEFORE_INDEXING: Duration = Duration::from_secs(3);

/// Starts the thread that indexes the last site it is sent once edits have paused, and serves
/// the result. It works on one thread of its own, so that the rendering of the next edit keeps
/// the other.
pub fn start_indexer(shared: Shared) -> mpsc::Sender<Arc<Site>> {
    let (sender, receiver) = mpsc::channel::<Arc<Site>>();
    std::thread::spawn(move || {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().ok();
        while let Ok(mut site) = receiver.recv() {
            loop {
                match receiver.recv_timeout(QUIET_BEFORE_INDEXING) {
                    Ok(newer) => site = newer,
                    Err(mpsc::RecvTimeoutError::Timeout) => break,
                    Err(mpsc::RecvTimeoutError::Disconnected) => return,
                }
            }
            let files = match &pool {
                Some(pool) => pool.install(|| bundle(&site)),
                None => bundle(&site),
            };
            let mut current = shared.current.write().unwrap_or_else(|e| e.into_inner());
            current.search = files;
        }
    });
    sender
}
