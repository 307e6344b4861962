//! The parse cache, which lets `serve` parse again on a rebuild only the records whose file
//! changed: a file the watcher does not name, or whose stamp or bytes are as when it was last
//! parsed under the same `site.toml`, keeps its record. A one-off build keeps nothing.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Arc;

use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};

use crate::config::Config;
use crate::diagnostics::Diagnostic;
use crate::discover::{Discovered, Kind};

use super::{parse_bytes, Item, Parsed};

/// One file's record, or its errors.
type Parse = Result<Item, Vec<Diagnostic>>;

/// A file read again, for the cache: its stamp and its bytes.
type Read = (Option<Stamp>, Vec<u8>);

/// The records parsed by an earlier build (serve keeps one): a file whose bytes have not changed
/// since, under the same `site.toml`, is not parsed again.
#[derive(Default)]
pub struct ParseCache {
    config: Option<Arc<str>>,
    items: FxHashMap<PathBuf, Cached>,
    /// A one-off build keeps nothing: copying every record into the cache would only cost.
    disabled: bool,
}

/// A file as last parsed: when it was last changed, its bytes, and its record.
struct Cached {
    stamp: Option<Stamp>,
    bytes: Vec<u8>,
    item: Item,
}

/// What the file system says of a file's last change. A file whose stamp is the same has not
/// been written since (as git's index and make assume); the change time and the inode also
/// catch an editor that keeps the modification time, or replaces the file.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Stamp {
    len: u64,
    modified: Option<std::time::SystemTime>,
    #[cfg(unix)]
    changed: (i64, i64, u64),
}

impl Stamp {
    fn of(path: &std::path::Path) -> Option<Stamp> {
        let meta = std::fs::metadata(path).ok()?;
        #[cfg(unix)]
        let changed = {
            use std::os::unix::fs::MetadataExt;
            (meta.ctime(), meta.ctime_nsec(), meta.ino())
        };
        Some(Stamp {
            len: meta.len(),
            modified: meta.modified().ok(),
            #[cfg(unix)]
            changed,
        })
    }
}

impl ParseCache {
    /// A cache that keeps nothing, for a build that runs once.
    pub fn disabled() -> ParseCache {
        ParseCache {
            disabled: true,
            ..ParseCache::default()
        }
    }
}

/// `parse_all`, reusing what `cache` holds and keeping in it what this build parsed. When the
/// files that changed since are known (`changed`, relative to the site's root, as `serve`'s
/// watcher reports them), no other file is even looked at.
pub fn parse_all_cached(
    config: &Config,
    discovered: &Discovered,
    cache: &mut ParseCache,
    changed: Option<&BTreeSet<PathBuf>>,
) -> (Parsed, Vec<Diagnostic>) {
    // Records are read against the configuration (languages, the classification's scheme).
    if cache.config.as_deref() != Some(&*config.source.text) {
        cache.items.clear();
        cache.config = Some(config.source.text.clone());
    }
    let outcomes: Vec<(Parse, Option<Read>)> = discovered
        .files
        .par_iter()
        .map(|file| {
            let cached = cache.items.get(&file.relative);
            if let (Some(cached), Some(changed)) = (cached, changed) {
                if !changed.contains(&file.relative) {
                    return (Ok(cached.item.clone()), None);
                }
            }
            let path = config.path(&file.relative);
            let read = || {
                std::fs::read(&path).map_err(|e| {
                    let shown = config.display_path(&file.relative);
                    vec![Diagnostic::new(shown, format!("cannot read the file: {e}"))]
                })
            };
            if cache.disabled {
                return (
                    read().and_then(|bytes| parse_bytes(config, file, bytes)),
                    None,
                );
            }
            let stamp = Stamp::of(&path);
            match cached {
                Some(cached) if stamp.is_some() && cached.stamp == stamp => {
                    return (Ok(cached.item.clone()), None);
                }
                _ => {}
            }
            let bytes = match read() {
                Ok(bytes) => bytes,
                Err(e) => return (Err(e), None),
            };
            let result = match cached {
                // Touched, or written with the same bytes: the record stands, under its new stamp.
                Some(cached) if cached.bytes == bytes => Ok(cached.item.clone()),
                _ => parse_bytes(config, file, bytes.clone()),
            };
            (result, Some((stamp, bytes)))
        })
        .collect();
    let mut results = Vec::with_capacity(outcomes.len());
    for (file, (result, fresh)) in discovered.files.iter().zip(outcomes) {
        match (&result, fresh) {
            (Ok(item), Some((stamp, bytes))) => {
                cache.items.insert(
                    file.relative.clone(),
                    Cached {
                        stamp,
                        bytes,
                        item: item.clone(),
                    },
                );
            }
            (Err(_), _) => {
                cache.items.remove(&file.relative);
            }
            _ => {}
        }
        results.push(result);
    }
    // Every file that parsed is in the cache now; anything more is a file that went.
    let parsed_files = results.iter().filter(|r| r.is_ok()).count();
    if !cache.disabled && cache.items.len() != parsed_files {
        let present: FxHashSet<&PathBuf> = discovered.files.iter().map(|f| &f.relative).collect();
        cache.items.retain(|path, _| present.contains(path));
    }
    let mut parsed = Parsed::default();
    let mut errors = Vec::new();
    for (file, result) in discovered.files.iter().zip(results) {
        match result {
            Ok(Item::Paper(p)) => parsed.papers.push(p),
            Ok(Item::Translation(t)) => parsed.translations.push(t),
            Ok(Item::Page(p)) => parsed.pages.push(Arc::unwrap_or_clone(p)),
            Err(e) => {
                if file.kind == Kind::Paper && file.locale.is_none() {
                    parsed.failed_papers.insert(file.stem.clone());
                }
                errors.extend(e);
            }
        }
    }
    (parsed, errors)
}
