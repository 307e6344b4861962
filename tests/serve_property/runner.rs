//! The runner: a generated site on disk with its `LiveSite`, one step of an edit and the
//! comparison with a full build, and a run of a sequence of edits.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use papermap::build::Options;
use papermap::serve::live::{full_build, LiveSite};
use papermap::serve::plan::{classify, Change};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use crate::common::Site;
use crate::ops::Op;
use crate::site::{State, LOCALES, TEMPLATES};

/// A generated site on disk, its `LiveSite`, and the files as last written.
struct Harness {
    site: Site,
    state: State,
    theme: BTreeMap<String, String>,
    written: BTreeMap<String, Vec<u8>>,
    options: Options,
    live: LiveSite,
    /// Steps taken: every other one tells `apply` the touched paths, as serve's watcher does,
    /// and the others leave it to look at every file.
    steps: usize,
}

impl Harness {
    fn new(drafts: bool) -> Harness {
        let site = Site::theme_only();
        let mut theme = BTreeMap::new();
        for path in LOCALES
            .iter()
            .map(|l| format!("i18n/{l}/main.ftl"))
            .chain(
                TEMPLATES
                    .iter()
                    .map(|t| format!("themes/default/templates/{t}")),
            )
            .chain(["themes/default/static/style.css".to_string()])
        {
            theme.insert(path.clone(), site.read(&path));
        }
        let state = State::initial();
        let written = state.files(&theme);
        for (path, bytes) in &written {
            site.write(path, bytes);
        }
        let options = Options {
            root: site.root().to_path_buf(),
            drafts,
            ..Options::default()
        };
        let live = LiveSite::new(options.clone());
        assert_eq!(live.error(), None, "the generated site builds");
        Harness {
            site,
            state,
            theme,
            written,
            options,
            live,
            steps: 0,
        }
    }

    /// Makes the edit on disk; returns the paths it touched.
    fn edit(&mut self, op: &Op) -> Vec<String> {
        self.state.apply(op);
        let files = self.state.files(&self.theme);
        let mut touched = Vec::new();
        for (path, bytes) in &files {
            if self.written.get(path) != Some(bytes) {
                self.site.write(path, bytes);
                touched.push(path.clone());
            }
        }
        for path in self.written.keys() {
            if !files.contains_key(path) {
                self.site.remove(path);
                touched.push(path.clone());
            }
        }
        self.written = files;
        touched
    }

    /// One step: the edit, what the watcher would do, and the comparison with a full build.
    fn step(&mut self, op: &Op) -> Result<(), TestCaseError> {
        let before = plain(&self.live.files());
        let touched = self.edit(op);
        let changes: BTreeSet<Change> = touched
            .iter()
            .map(|p| classify(Path::new(p), "default"))
            .collect();
        let paths: BTreeSet<PathBuf> = touched.iter().map(PathBuf::from).collect();
        self.steps += 1;
        let known = (self.steps % 2 == 1).then_some(&paths);
        // Some pages are open in a browser (a different few each step): they are shown first.
        let open: rustc_hash::FxHashSet<String> = before
            .keys()
            .filter(|path| path.ends_with(".html"))
            .skip(self.steps % 7)
            .step_by(7)
            .cloned()
            .collect();
        let mut first: Option<(Tree, Vec<String>)> = None;
        let update = self
            .live
            .apply_open_first(&changes, known, &open, |files, changed| {
                first = Some((plain(&files), changed));
            });
        let served = plain(&self.live.files());
        if let Some((shown, changed)) = &first {
            prop_assert!(update.error.is_none() || served == before);
            prop_assert_eq!(&changed_paths(&before, shown), changed);
            prop_assert_eq!(&update.shown_first, changed);
            if update.error.is_none() {
                for path in changed {
                    prop_assert!(
                        shown.get(path) == served.get(path),
                        "{path} is shown first as the edit leaves it"
                    );
                }
            }
        } else {
            prop_assert!(update.shown_first.is_empty());
        }
        match full_build(&self.options) {
            Ok(expected) => {
                prop_assert!(
                    update.error.is_none(),
                    "{op:?} ({touched:?}): the site builds, but serve reports\n{}",
                    update.error.unwrap_or_default()
                );
                prop_assert!(
                    served == expected,
                    "{op:?} touched {touched:?} ({changes:?}); served ≠ full build:\n{}",
                    difference(&served, &expected)
                );
                let changed = changed_paths(&before, &served);
                prop_assert_eq!(
                    &update.changed,
                    &changed,
                    "{:?}: the paths of the update",
                    op
                );
            }
            Err(_) => {
                prop_assert!(
                    update.error.is_some(),
                    "{op:?} ({touched:?}): the site does not build, but serve reports no error"
                );
                prop_assert!(
                    served == before,
                    "{op:?}: a broken edit changed the served files:\n{}",
                    difference(&served, &before)
                );
                prop_assert!(update.changed.is_empty());
            }
        }
        Ok(())
    }
}

/// Output path → bytes.
type Tree = BTreeMap<String, Vec<u8>>;

fn plain(files: &papermap::serve::live::Files) -> Tree {
    files
        .iter()
        .map(|(path, bytes)| (path.clone(), bytes.to_vec()))
        .collect()
}

fn changed_paths(
    before: &BTreeMap<String, Vec<u8>>,
    after: &BTreeMap<String, Vec<u8>>,
) -> Vec<String> {
    let paths: BTreeSet<&String> = before.keys().chain(after.keys()).collect();
    paths
        .into_iter()
        .filter(|p| before.get(*p) != after.get(*p))
        .cloned()
        .collect()
}

/// Which files differ, and where the first one starts to.
fn difference(served: &BTreeMap<String, Vec<u8>>, expected: &BTreeMap<String, Vec<u8>>) -> String {
    let mut out = String::new();
    let paths = changed_paths(served, expected);
    if paths.len() > 12 {
        out.push_str(&format!(
            "  ({} files differ; the first 12:)\n",
            paths.len()
        ));
    }
    for path in paths.into_iter().take(12) {
        match (served.get(&path), expected.get(&path)) {
            (Some(_), None) => out.push_str(&format!("  {path}: served, not in the build\n")),
            (None, Some(_)) => out.push_str(&format!("  {path}: in the build, not served\n")),
            (Some(a), Some(b)) => {
                let (a, b) = (String::from_utf8_lossy(a), String::from_utf8_lossy(b));
                let line = a
                    .lines()
                    .zip(b.lines())
                    .position(|(x, y)| x != y)
                    .unwrap_or(a.lines().count().min(b.lines().count()));
                out.push_str(&format!(
                    "  {path}: differs from line {}\n    served: {}\n    build:  {}\n",
                    line + 1,
                    a.lines().nth(line).unwrap_or("<end>"),
                    b.lines().nth(line).unwrap_or("<end>")
                ));
            }
            (None, None) => {}
        }
    }
    out
}

pub(crate) fn run(drafts: bool, ops: &[Op]) -> Result<(), TestCaseError> {
    let mut harness = Harness::new(drafts);
    for (n, op) in ops.iter().enumerate() {
        harness
            .step(op)
            .map_err(|e| TestCaseError::fail(format!("step {} of {ops:?}: {e}", n + 1)))?;
    }
    Ok(())
}

pub(crate) fn cases() -> u32 {
    std::env::var("PAPERMAP_PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(24)
}
