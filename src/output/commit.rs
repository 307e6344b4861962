//! Moving a build's staged files into the output folder: first a look at what stands there, so
//! that nothing papermap did not write is replaced, then the moves, then (for a whole build) the
//! removal of what the last build wrote and this one did not.

use std::fs;
use std::io;
use std::path::Path;

use rustc_hash::{FxHashMap, FxHashSet};
use walkdir::WalkDir;

use super::place_in;

/// Why the files of a build could not be moved into the output folder.
#[derive(Debug)]
pub enum CommitError {
    Io(io::Error),
    /// Things that papermap did not write stand where the site writes a file or needs a folder:
    /// nothing was moved, so that none of them is lost.
    InTheWay(Vec<InTheWay>),
}

impl From<io::Error> for CommitError {
    fn from(error: io::Error) -> CommitError {
        CommitError::Io(error)
    }
}

/// A file of someone else's where the site needs a folder, or a folder holding files of someone
/// else's where the site writes a file.
#[derive(Debug, Clone, PartialEq)]
pub struct InTheWay {
    /// Its place in the output folder.
    pub place: String,
    pub is_folder: bool,
}

impl InTheWay {
    fn file(place: String) -> InTheWay {
        InTheWay {
            place,
            is_folder: false,
        }
    }

    fn folder(place: String) -> InTheWay {
        InTheWay {
            place,
            is_folder: true,
        }
    }
}

/// The output folder as a walk through it found it before anything was moved.
struct Found {
    /// Places of its files, in walk order.
    files: Vec<String>,
    /// Places of its folders (but the output folder itself), in walk order.
    folders: Vec<String>,
}

fn walk(target: &Path) -> io::Result<Found> {
    let mut found = Found {
        files: Vec::new(),
        folders: Vec::new(),
    };
    for entry in WalkDir::new(target).min_depth(1) {
        let entry = entry.map_err(io::Error::other)?;
        let place = place_in(target, entry.path())?;
        if entry.file_type().is_dir() {
            found.folders.push(place);
        } else {
            found.files.push(place);
        }
    }
    Ok(found)
}

/// What stands in the way of the files of `staged`, among what `found` holds that papermap did
/// not write (`removable` holds the places it wrote): a file where `staged` has a folder, a
/// folder holding such a file where `staged` has a file.
fn in_the_way(
    staged: &Path,
    found: &Found,
    placed: &FxHashMap<String, (u64, u64)>,
    removable: &FxHashSet<String>,
) -> Vec<InTheWay> {
    let theirs = |place: &String| !placed.contains_key(place) && !removable.contains(place);
    // Files of someone else's are few: one look each at the staging folder.
    let files = found
        .files
        .iter()
        .filter(|place| theirs(place) && staged.join(place).is_dir())
        .map(|place| InTheWay::file(place.clone()));
    let folders = found
        .folders
        .iter()
        .filter(|folder| placed.contains_key(*folder))
        .filter(|folder| {
            let inside = format!("{folder}/");
            found
                .files
                .iter()
                .any(|f| f.starts_with(&inside) && theirs(f))
        })
        .map(|place| InTheWay::folder(place.clone()));
    files.chain(folders).collect()
}

/// What stands in the way of the files of `staged` in `target`, looked at from each of them:
/// a file of someone else's where one of its folders goes, a folder holding such files where
/// it goes.
fn in_the_way_of_part(
    staged: &Path,
    target: &Path,
    placed: &FxHashMap<String, (u64, u64)>,
    removable: &FxHashSet<String>,
) -> io::Result<Vec<InTheWay>> {
    let theirs = |place: &str| !placed.contains_key(place) && !removable.contains(place);
    let mut obstacles = Vec::new();
    let mut entries = WalkDir::new(staged).min_depth(1).into_iter();
    while let Some(entry) = entries.next() {
        let entry = entry.map_err(io::Error::other)?;
        let place = place_in(staged, entry.path())?;
        let there = match fs::symlink_metadata(target.join(&place)) {
            Ok(there) => there,
            // Nothing stands below a folder that is not there yet: a new locale's thousands of
            // pages are not looked at one by one.
            Err(_) => {
                if entry.file_type().is_dir() {
                    entries.skip_current_dir();
                }
                continue;
            }
        };
        if entry.file_type().is_dir() {
            if there.is_file() && theirs(&place) {
                obstacles.push(InTheWay::file(place));
                entries.skip_current_dir();
            }
        } else if there.is_dir() {
            let holds_theirs =
                WalkDir::new(target.join(&place))
                    .into_iter()
                    .flatten()
                    .any(|inside| {
                        inside.file_type().is_file()
                            && place_in(target, inside.path()).is_ok_and(|place| theirs(&place))
                    });
            if holds_theirs {
                obstacles.push(InTheWay::folder(place));
            }
        }
    }
    Ok(obstacles)
}

/// Moves every file of `staged` to the same place in `target`; returns how many it moved, how
/// many files of `target` outside `placed` it removed (with `remove_others`, those among them
/// that `removable` holds), and the places of those it kept. Nothing is moved while something
/// papermap did not write (not in `placed` nor in `removable`) is in the way.
pub(super) fn move_into(
    staged: &Path,
    target: &Path,
    placed: &FxHashMap<String, (u64, u64)>,
    removable: &FxHashSet<String>,
    remove_others: bool,
) -> Result<(usize, usize, Vec<String>), CommitError> {
    if !target.exists() {
        fs::rename(staged, target)?;
        return Ok((placed.len(), 0, Vec::new()));
    }
    let (obstacles, found) = if remove_others {
        let found = walk(target)?;
        (in_the_way(staged, &found, placed, removable), Some(found))
    } else {
        // A part: its files are few beside the output folder's, so each is looked at where it
        // goes rather than the whole folder walked.
        (in_the_way_of_part(staged, target, placed, removable)?, None)
    };
    if !obstacles.is_empty() {
        return Err(CommitError::InTheWay(obstacles));
    }
    let mut moved = 0;
    for entry in WalkDir::new(staged) {
        let entry = entry.map_err(io::Error::other)?;
        if !entry.file_type().is_file() {
            continue;
        }
        let within = entry
            .path()
            .strip_prefix(staged)
            .map_err(io::Error::other)?;
        let destination = target.join(within);
        if let Some(parent) = destination.parent() {
            // A file of the last output may stand where a folder is now needed.
            if parent.is_file() {
                fs::remove_file(parent)?;
            }
            fs::create_dir_all(parent)?;
        }
        if destination.is_dir() {
            fs::remove_dir_all(&destination)?;
        }
        fs::rename(entry.path(), &destination)?;
        moved += 1;
    }
    let Some(found) = found else {
        return Ok((moved, 0, Vec::new()));
    };
    let mut removed = 0;
    let mut kept = Vec::new();
    let mut emptied: FxHashSet<&str> = FxHashSet::default();
    for place in found.files.iter().filter(|p| !placed.contains_key(*p)) {
        if !removable.contains(place) {
            kept.push(place.clone());
            continue;
        }
        match fs::remove_file(target.join(place)) {
            Ok(()) => removed += 1,
            // Gone with a folder or file of the last output that the site's files replaced.
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) if e.kind() == io::ErrorKind::NotADirectory => {}
            Err(e) => return Err(e.into()),
        }
        let mut folder = place.as_str();
        while let Some((parent, _)) = folder.rsplit_once('/') {
            emptied.insert(parent);
            folder = parent;
        }
    }
    // Folders that the removals emptied go too, the deepest first; a folder that still holds
    // something stays (removing it fails).
    for folder in found.folders.iter().rev() {
        if emptied.contains(folder.as_str()) {
            let _ = fs::remove_dir(target.join(folder));
        }
    }
    kept.sort_unstable();
    Ok((moved, removed, kept))
}
