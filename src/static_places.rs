//! Where the files copied as they are (the theme's and the site's static files, the assets of
//! `content/`) stand in the site, and the files the site writes that cannot stand beside them:
//! one at a static file's folder (a static file `paper` where the pages need the folder
//! `paper/`), or one whose folder is a static file. A page at a static file's own place is not
//! one of them: the page wins there.
//!
//! Caught before anything is written. A file where a folder must be would otherwise cost the
//! output folder whatever stood below it: on a rebuild, the unchanged pages under `paper/`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use rustc_hash::FxHashMap;

use crate::diagnostics::Diagnostic;

/// The static files of a site by place, and every folder they need.
pub struct StaticPlaces {
    /// Place → its source, relative to the site's root, as errors show it.
    files: FxHashMap<String, PathBuf>,
    /// Each folder a static file needs → the first static file (in the list's order) below it.
    folders: FxHashMap<String, String>,
}

/// Where a file the site writes and a static file cannot both stand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Clash<'a> {
    /// The static file stands at a folder of the written file.
    FileAtFolder { static_file: &'a str },
    /// The written file stands at a folder of the static file.
    FolderAtFile { static_file: &'a str },
}

impl StaticPlaces {
    /// `static_files` as [`crate::build::Site::static_files`] lists them; `root` is the site's.
    pub fn new(root: &Path, static_files: &[(String, PathBuf)]) -> StaticPlaces {
        let mut files = FxHashMap::default();
        let mut folders: FxHashMap<String, String> = FxHashMap::default();
        for (place, source) in static_files {
            let shown = source.strip_prefix(root).unwrap_or(source);
            files.insert(place.clone(), shown.to_path_buf());
            for (end, _) in place.match_indices('/') {
                folders
                    .entry(place[..end].to_string())
                    .or_insert_with(|| place.clone());
            }
        }
        StaticPlaces { files, folders }
    }

    /// The static files' places.
    pub fn places(&self) -> impl Iterator<Item = &str> {
        self.files.keys().map(String::as_str)
    }

    /// The source of the static file at `place`, relative to the site's root.
    pub fn source(&self, place: &str) -> Option<&Path> {
        self.files.get(place).map(PathBuf::as_path)
    }

    /// The warning for the static file at `place`, which a page of the site stands in place of
    /// (pages win); `source` names it when it is not one of these.
    pub fn shadowed(&self, place: &str, source: &Path) -> String {
        let shown = self.source(place).unwrap_or(source);
        format!(
            "{}: not copied: the site writes its own {place}, which stands there instead",
            shown.display()
        )
    }

    /// Whether a file the site writes at `place` cannot stand beside a static file, and which.
    pub fn clash(&self, place: &str) -> Option<Clash<'_>> {
        if let Some(static_file) = self.folders.get(place) {
            return Some(Clash::FolderAtFile { static_file });
        }
        place.match_indices('/').find_map(|(end, _)| {
            self.files
                .get_key_value(&place[..end])
                .map(|(static_file, _)| Clash::FileAtFolder { static_file })
        })
    }

    /// An error at each static file whose folder is another static file (the site's
    /// `notes/a.txt` below the theme's `notes`), in the order of their places.
    pub fn among_themselves(&self) -> Vec<Diagnostic> {
        let mut pairs: Vec<(&str, &str)> = self
            .files
            .keys()
            .filter_map(|place| Some((self.folders.get(place)?.as_str(), place.as_str())))
            .collect();
        pairs.sort_unstable();
        pairs
            .into_iter()
            .map(|(below, file)| {
                Diagnostic::new(
                    &self.files[below],
                    format!(
                        "this static file needs the folder {file}/, where the static file {} stands",
                        self.files[file].display()
                    ),
                )
                .with_help("rename or move one of the two")
            })
            .collect()
    }
}

/// The clashes found while the pages are made, from any thread: for each static file, the
/// first of the files that meet it in the order of their places (whatever order the threads
/// meet them in) and how many there are.
#[derive(Default)]
pub struct Clashes {
    found: Mutex<BTreeMap<String, (String, usize)>>,
}

impl Clashes {
    /// Notes that the site writes `output`, which cannot stand beside `static_file`.
    pub fn add(&self, static_file: &str, output: &str) {
        let mut found = self.found.lock().unwrap_or_else(|e| e.into_inner());
        let (first, count) = found
            .entry(static_file.to_string())
            .or_insert_with(|| (output.to_string(), 0));
        if output < first.as_str() {
            *first = output.to_string();
        }
        *count += 1;
    }

    /// Checks `output`, a file the site writes, against `statics`; true when it clashes.
    pub fn check(&self, statics: &StaticPlaces, output: &str) -> bool {
        match statics.clash(output) {
            Some(Clash::FileAtFolder { static_file } | Clash::FolderAtFile { static_file }) => {
                self.add(static_file, output);
                true
            }
            None => false,
        }
    }

    /// One error at each static file that met another file, in the order of their places;
    /// the clashes are then forgotten.
    pub fn diagnostics(&self, statics: &StaticPlaces) -> Vec<Diagnostic> {
        let found = std::mem::take(&mut *self.found.lock().unwrap_or_else(|e| e.into_inner()));
        found
            .into_iter()
            .map(|(static_file, (output, count))| {
                let source = statics
                    .files
                    .get(&static_file)
                    .cloned()
                    .unwrap_or_else(|| PathBuf::from(&static_file));
                let more = match count {
                    0 | 1 => String::new(),
                    2 => " and 1 more file".to_string(),
                    n => format!(" and {} more files", n - 1),
                };
                let message = if output.starts_with(&format!("{static_file}/")) {
                    format!(
                        "this static file stands where the site needs the folder {static_file}/, for {output}{more}"
                    )
                } else {
                    format!(
                        "this static file needs the folder {output}/, where the site writes the file {output}"
                    )
                };
                Diagnostic::new(source, message).with_help("rename or move the static file")
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn places(list: &[&str]) -> StaticPlaces {
        let files: Vec<(String, PathBuf)> = list
            .iter()
            .map(|p| (p.to_string(), PathBuf::from("/site/static").join(p)))
            .collect();
        StaticPlaces::new(Path::new("/site"), &files)
    }

    #[test]
    fn a_static_file_at_a_folder_of_a_written_file_clashes() {
        let statics = places(&["paper", "style.css"]);
        assert_eq!(
            statics.clash("paper/1/index.html"),
            Some(Clash::FileAtFolder {
                static_file: "paper"
            })
        );
        assert_eq!(statics.clash("paper-2/index.html"), None);
        // At its own place, the page wins: not a clash.
        assert_eq!(statics.clash("style.css"), None);
    }

    #[test]
    fn a_written_file_at_a_folder_of_a_static_file_clashes() {
        let statics = places(&["atom.xml/old/index.html", "images/logo.png"]);
        assert_eq!(
            statics.clash("atom.xml"),
            Some(Clash::FolderAtFile {
                static_file: "atom.xml/old/index.html"
            })
        );
        assert_eq!(
            statics.clash("atom.xml/old"),
            Some(Clash::FolderAtFile {
                static_file: "atom.xml/old/index.html"
            })
        );
        assert_eq!(statics.clash("images/index.html"), None);
    }

    #[test]
    fn the_report_names_the_first_file_in_order_and_counts_the_others() {
        let statics = places(&["paper"]);
        let clashes = Clashes::default();
        for output in [
            "paper/3/index.html",
            "paper/1/index.html",
            "paper/2/index.md",
        ] {
            assert!(clashes.check(&statics, output));
        }
        assert!(!clashes.check(&statics, "index.html"));
        let errors: Vec<String> = clashes
            .diagnostics(&statics)
            .iter()
            .map(Diagnostic::render)
            .collect();
        assert_eq!(errors.len(), 1);
        assert!(
            errors[0].contains("static/paper: this static file stands where the site needs the folder paper/, for paper/1/index.html and 2 more files"),
            "{}",
            errors[0]
        );
    }

    #[test]
    fn static_files_that_need_each_other_places_clash() {
        let statics = places(&["notes", "notes/a.txt", "other.txt"]);
        let errors: Vec<String> = statics
            .among_themselves()
            .iter()
            .map(Diagnostic::render)
            .collect();
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].contains(
                "static/notes/a.txt: this static file needs the folder notes/, where the static file static/notes stands"
            ),
            "{}",
            errors[0]
        );
    }
}
