//! Writing the site. Pages are handed over as they are rendered, from any thread; a file whose
//! bytes are already in the output folder is left alone (its modification time too), and the
//! others go into a temporary folder beside the output folder. Only once every file has been
//! handed over does [`Writer::commit`] move them into place (and, for a whole build, remove the
//! files the site no longer has): a failed build leaves the last good output exactly as it was.
//! Since the output folder is replaced whole, it may not be one of the site's own folders.

use std::cmp::Ordering;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};

use walkdir::WalkDir;

use crate::diagnostics::{Diagnostic, Diagnostics};

mod commit;

use commit::move_into;
pub use commit::{CommitError, InTheWay};

/// The files of a static folder (if it exists) as (place in the site under `to`, source file),
/// skipping links and what [`crate::discover::is_ignored_static`] names; later lists override
/// earlier ones at the same place.
pub fn files_of(from: &Path, to: &str) -> io::Result<Vec<(String, PathBuf)>> {
    let mut files = Vec::new();
    if !from.is_dir() {
        return Ok(files);
    }
    let walker = WalkDir::new(from)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| {
            e.depth() == 0 || !crate::discover::is_ignored_static(&e.file_name().to_string_lossy())
        });
    for entry in walker {
        let entry = entry.map_err(io::Error::other)?;
        if !entry.file_type().is_file() {
            continue;
        }
        let within = entry.path().strip_prefix(from).map_err(io::Error::other)?;
        let place = Path::new(to)
            .join(within)
            .to_string_lossy()
            .replace('\\', "/");
        files.push((place, entry.path().to_path_buf()));
    }
    Ok(files)
}

/// What a build's writing did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Written {
    /// Files written because they are new or their bytes changed.
    pub changed: usize,
    /// Files whose bytes were already there, left untouched.
    pub unchanged: usize,
    /// Files of the last output that the site no longer has, removed.
    pub removed: usize,
    /// Files of the output folder that the site does not have and the last build did not
    /// write, left in place: their places in the folder, sorted.
    pub kept: Vec<String>,
}

/// The start of a staging folder's name, before the number of the process that writes it.
const STAGING_PREFIX: &str = ".papermap-build-";

/// Removes the staging folders in `parent` of builds whose process is gone: a build stopped by
/// Ctrl-C or killed cannot remove its own, which at 100 000 papers holds up to 11 GB. A folder
/// of a process still running (another build beside this one) is left alone, and so is any
/// folder whose name does not say its process; what cannot be removed is left for next time.
fn remove_abandoned_staging(parent: &Path) {
    let Ok(entries) = fs::read_dir(parent) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix(STAGING_PREFIX))
            .and_then(|rest| rest.split_once('-'))
            .and_then(|(pid, _)| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if !process_is_running(pid) && entry.file_type().is_ok_and(|t| t.is_dir()) {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}

#[cfg(unix)]
fn process_is_running(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    // SAFETY: signal 0 sends nothing; it only asks whether the process exists. EPERM means it
    // does, under another user.
    let result = unsafe { libc::kill(pid, 0) };
    result == 0 || io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
}

#[cfg(not(unix))]
fn process_is_running(_pid: u32) -> bool {
    true
}

/// A file of the output folder: its place in the site, its size and its modification time (in
/// nanoseconds since the Unix epoch).
pub type StampedFile = (String, u64, u64);

/// A site being written; dropped without [`Writer::commit`], it leaves no trace.
pub struct Writer {
    staging: tempfile::TempDir,
    target: PathBuf,
    /// Every file of the site handed over so far, changed or not, with its size and
    /// modification time as it will stand in the output folder.
    placed: Mutex<FxHashMap<String, (u64, u64)>>,
    unchanged: std::sync::atomic::AtomicUsize,
    /// Whether the output folder was there when the build began: into a new one, no file can
    /// be unchanged, and none is looked for.
    target_existed: bool,
}

impl Writer {
    /// A writer into `target`, staging in a folder of the same parent so that moving files into
    /// place stays on one file system.
    pub fn new(target: &Path) -> io::Result<Writer> {
        let parent = match target.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        fs::create_dir_all(&parent)?;
        remove_abandoned_staging(&parent);
        let staging = tempfile::Builder::new()
            .prefix(&format!("{STAGING_PREFIX}{}-", std::process::id()))
            .tempdir_in(&parent)?;
        Ok(Writer {
            staging,
            target_existed: target.exists(),
            target: target.to_path_buf(),
            placed: Mutex::new(FxHashMap::default()),
            unchanged: Default::default(),
        })
    }

    /// Hands over the file at `place` (a path in the site); callable from any thread.
    pub fn put(&self, place: &str, bytes: &[u8]) -> io::Result<()> {
        let unchanged = if self.target_existed {
            same_bytes(&self.target.join(place), bytes)
        } else {
            None
        };
        let meta = match unchanged {
            Some(meta) => {
                self.unchanged
                    .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                meta
            }
            None => {
                let path = self.staging.path().join(place);
                // Its folder is made for the first file in it only: asking for every file cost
                // a failed `mkdir` and a `stat` for each file after the first.
                let mut file = match fs::File::create(&path) {
                    Err(e) if e.kind() == io::ErrorKind::NotFound => {
                        if let Some(parent) = path.parent() {
                            fs::create_dir_all(parent)?;
                        }
                        fs::File::create(&path)?
                    }
                    file => file?,
                };
                file.write_all(bytes)?;
                // Moving it into place later keeps its modification time.
                file.metadata()?
            }
        };
        self.placed
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(place.to_string(), (meta.len(), modified_ns(&meta)));
        Ok(())
    }

    /// Makes room for `files` more files, so that the table of the files handed over is made
    /// once at its size rather than grown, each time into a copy twice as large beside it.
    pub fn reserve(&self, files: usize) {
        self.placed
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .reserve(files);
    }

    /// Whether a file was handed over at `place`.
    pub fn has(&self, place: &str) -> bool {
        self.placed
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .contains_key(place)
    }

    /// Hands over a copy of the file `source` at `place`.
    pub fn copy(&self, place: &str, source: &Path) -> io::Result<()> {
        self.put(place, &fs::read(source)?)
    }

    /// Moves the changed files into the output folder. With `remove_others` (a whole build, not
    /// a part of one), the files of the output folder that were not handed over go if the last
    /// build wrote them (`written_before` holds the places it wrote) and stay otherwise: a
    /// file someone put there is theirs. The files handed over are then the whole output
    /// folder but the ones kept: they are returned as
    /// [`output_files`] would find them there, without another walk through the folder (which
    /// took 0.25 s of a 10 000-paper build, 2.5 s at 100 000 papers). A part's are returned
    /// likewise, though other files stay beside them.
    pub fn commit(
        self,
        remove_others: bool,
        written_before: &FxHashSet<String>,
    ) -> Result<(Written, Vec<StampedFile>), CommitError> {
        let placed = self.placed.into_inner().unwrap_or_else(|e| e.into_inner());
        let unchanged = self.unchanged.into_inner();
        let staged = self.staging.keep();
        let result = move_into(
            &staged,
            &self.target,
            &placed,
            written_before,
            remove_others,
        );
        let _ = fs::remove_dir_all(&staged);
        let (changed, removed, kept) = result?;
        let mut files: Vec<StampedFile> = placed
            .into_iter()
            .map(|(place, (size, time))| (place, size, time))
            .collect();
        // On every core: a 100 000-paper build places 650 000 files, in no order, and sorting
        // that many took 0.39 s on one core (measured apart) while the others waited.
        files.par_sort_unstable_by(|a, b| walk_order(&a.0, &b.0));
        let written = Written {
            changed,
            unchanged,
            removed,
            kept,
        };
        Ok((written, files))
    }
}

/// The order in which a walk through a folder, each folder's entries sorted by name, meets
/// files at these places: by their names one folder after the other, which is the order of
/// their bytes with `/` below every other byte (a folder's name then comes before any longer
/// name it begins: `a/b` before `a-b`).
fn walk_order(a: &str, b: &str) -> Ordering {
    let key = |byte: u8| if byte == b'/' { 0 } else { byte };
    a.bytes().map(key).cmp(b.bytes().map(key))
}

/// The files of a folder, in the order of a walk through it with each folder's entries sorted
/// by name, with their sizes and modification times.
pub fn output_files(output: &Path) -> io::Result<Vec<StampedFile>> {
    let mut files = Vec::new();
    for entry in WalkDir::new(output).sort_by_file_name() {
        let entry = entry.map_err(io::Error::other)?;
        if entry.file_type().is_file() {
            let meta = entry.metadata().map_err(io::Error::other)?;
            let place = place_in(output, entry.path())?;
            files.push((place, meta.len(), modified_ns(&meta)));
        }
    }
    Ok(files)
}

/// The place of `path` inside the folder `root`: its names from there, joined by `/` on every
/// system.
fn place_in(root: &Path, path: &Path) -> io::Result<String> {
    let within = path.strip_prefix(root).map_err(io::Error::other)?;
    Ok(within.to_string_lossy().replace('\\', "/"))
}

/// A file's modification time in nanoseconds since the Unix epoch (which 64 bits hold until
/// the year 2554); 0 where there is none.
pub fn modified_ns(meta: &fs::Metadata) -> u64 {
    meta.modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| u64::try_from(d.as_nanos()).unwrap_or(u64::MAX))
}

/// The file at `path` when it holds exactly `bytes`; sizes first, so that most changed files
/// are told apart without being read.
fn same_bytes(path: &Path, bytes: &[u8]) -> Option<fs::Metadata> {
    match fs::metadata(path) {
        Ok(meta) if meta.is_file() && meta.len() == bytes.len() as u64 => {
            fs::read(path).is_ok_and(|old| old == bytes).then_some(meta)
        }
        _ => None,
    }
}

/// The pages a build could not write, told once for each cause: a full disk fails every page
/// after the first, and thousands of the same line would hide everything else the build said.
#[derive(Default)]
pub struct WriteFailures {
    /// The error's text → how many pages it stopped.
    counts: Mutex<std::collections::BTreeMap<String, usize>>,
}

impl WriteFailures {
    /// Counts the failure to write the page at `path`; its diagnostic when it is the first with
    /// this cause, and `None` for the next ones, which [`Self::more`] sums up.
    pub fn first(&self, path: &Path, error: &io::Error) -> Option<Diagnostic> {
        let reason = error.to_string();
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = counts.get_mut(&reason) {
            *count += 1;
            return None;
        }
        let diagnostic = Diagnostic::new(path, format!("cannot write the page: {reason}"));
        counts.insert(reason, 1);
        Some(match error.kind() {
            io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded => diagnostic.with_help(
                "free some room on that disk, or build elsewhere with --output <folder>",
            ),
            _ => diagnostic,
        })
    }

    /// One diagnostic for each cause that stopped more than one page, at `output`.
    pub fn more(self, output: &Path) -> Vec<Diagnostic> {
        let counts = self.counts.into_inner().unwrap_or_else(|e| e.into_inner());
        counts
            .into_iter()
            .filter(|(_, count)| *count > 1)
            .map(|(reason, count)| {
                let others = count - 1;
                let pages = if others == 1 { "page" } else { "pages" };
                Diagnostic::new(
                    output,
                    format!(
                        "{others} more {pages} could not be written, for the same reason: {reason}"
                    ),
                )
            })
            .collect()
    }
}

/// The output folder is replaced whole: it must be a folder (or nothing yet), and not the site
/// itself, a folder above it, or one of its source folders.
pub fn refuse_source_folders(root: &Path, output: &Path) -> Result<(), Diagnostics> {
    if output.exists() && !output.is_dir() {
        return Err(Diagnostics::from(
            Diagnostic::new(
                output,
                "the output is a file, and a build writes a folder there",
            )
            .with_help("choose a folder for the built site with --output, such as public"),
        ));
    }
    let (root_abs, output_abs) = (resolved(root), resolved(output));
    let sources = [
        crate::discover::CONTENT_DIR,
        "themes",
        "i18n",
        crate::templates::SITE_TEMPLATES_DIR,
        "static",
    ];
    let clash = root_abs.starts_with(&output_abs)
        || sources
            .iter()
            .any(|s| output_abs.starts_with(resolved(&root.join(s))));
    if clash {
        return Err(Diagnostics::from(
            Diagnostic::new(
                output,
                "this output folder would replace the site's own files",
            )
            .with_help("choose a folder of its own for the built site, such as public"),
        ));
    }
    Ok(())
}

/// Where `path` leads: absolute, `.` and `..` taken away, and the symbolic links of the part
/// of it that exists followed, so that an output named through a link (`out` → `content`) is
/// seen for the folder it writes into. The rest of it may not exist yet.
fn resolved(path: &Path) -> PathBuf {
    let absolute = std::path::absolute(path)
        .map(|p| normalize(&p))
        .unwrap_or_else(|_| path.to_path_buf());
    let mut existing = absolute.as_path();
    let mut rest = Vec::new();
    loop {
        if let Ok(real) = existing.canonicalize() {
            return rest.iter().rev().fold(real, |path, part| path.join(part));
        }
        match (existing.parent(), existing.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_os_string());
                existing = parent;
            }
            _ => return absolute,
        }
    }
}

/// `a/./b/../c` → `a/c`, without touching the file system (the output may not exist yet).
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_failures_are_told_once_a_cause_with_how_many_pages_they_stopped() {
        let failures = WriteFailures::default();
        let full = || io::Error::from(io::ErrorKind::StorageFull);
        let denied = || io::Error::from(io::ErrorKind::PermissionDenied);
        let first = failures.first(Path::new("out/a/index.html"), &full());
        let told: Vec<Diagnostic> = [
            first,
            failures.first(Path::new("out/b/index.html"), &full()),
            failures.first(Path::new("out/c/index.html"), &denied()),
            failures.first(Path::new("out/d/index.html"), &full()),
        ]
        .into_iter()
        .flatten()
        .collect();
        assert_eq!(told.len(), 2, "{told:?}");
        assert_eq!(told[0].path, Path::new("out/a/index.html"));
        assert!(told[0].message.starts_with("cannot write the page: "));
        assert!(told[0].help.as_deref().unwrap().contains("--output"));
        assert_eq!(told[1].path, Path::new("out/c/index.html"));
        assert_eq!(told[1].help, None);

        let more = failures.more(Path::new("out"));
        assert_eq!(more.len(), 1, "{more:?}");
        assert_eq!(more[0].path, Path::new("out"));
        let reason = full().to_string();
        assert_eq!(
            more[0].message,
            format!("2 more pages could not be written, for the same reason: {reason}")
        );
    }
}
