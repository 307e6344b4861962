//! The search index while serving: made once before the first page is served, then again in
//! the background after each edit of the content, so that an edit reaches the browser without
//! waiting for it. Until the new index is ready, searches use the previous one.

use std::sync::mpsc;
use std::sync::Arc;

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

/// Starts the thread that indexes each site it is sent, skipping those that a newer one
/// replaced while it was busy, and serves the result.
pub fn start_indexer(shared: Shared) -> mpsc::Sender<Arc<Site>> {
    let (sender, receiver) = mpsc::channel::<Arc<Site>>();
    std::thread::spawn(move || {
        while let Ok(mut site) = receiver.recv() {
            while let Ok(newer) = receiver.try_recv() {
                site = newer;
            }
            let files = Arc::new(bundle(&site));
            let mut current = shared.current.write().unwrap_or_else(|e| e.into_inner());
            current.search = files;
        }
    });
    sender
}
