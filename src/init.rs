//! `papermap init`: writes a new site that builds as it is, to start from: the `starter/` folder
//! of this repository (`site.toml` and two records, one translated into French and Chinese),
//! this version's default theme and messages, and a `.gitignore` for what builds write. All of it
//! is carried in the binary. It never replaces a file: if a file it would write is already
//! there, it says so and writes nothing.

use std::path::{Path, PathBuf};

use include_dir::{include_dir, Dir};

use crate::diagnostics::{Diagnostic, Diagnostics};

// The example site's records are not carried: every edit of one would rebuild papermap.
static STARTER: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/starter");
static MESSAGES: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/i18n");
static THEME: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/themes/default");
const GITIGNORE: &str = "# What `papermap build` writes, and what it keeps to rebuild quickly.\n/public/\n/.papermap/\n";

/// What `papermap init` wrote.
#[derive(Debug)]
pub struct Report {
    pub root: PathBuf,
    pub files: usize,
}

/// Every file of a new site: its path relative to the site's folder, and its bytes.
pub fn files() -> Vec<(PathBuf, &'static [u8])> {
    let mut files = vec![(PathBuf::from(".gitignore"), GITIGNORE.as_bytes())];
    for (folder, dir) in [
        ("", &STARTER),
        ("i18n", &MESSAGES),
        ("themes/default", &THEME),
    ] {
        let mut of_dir = Vec::new();
        files_of(dir, &mut of_dir);
        files.extend(
            of_dir
                .into_iter()
                .map(|(path, bytes)| (Path::new(folder).join(path), bytes)),
        );
    }
    files.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    files
}

/// The files of an embedded folder, at any depth, without hidden files and editor files.
fn files_of(dir: &'static Dir<'static>, into: &mut Vec<(PathBuf, &'static [u8])>) {
    for file in dir.files() {
        let name = file
            .path()
            .file_name()
            .unwrap_or_default()
            .to_string_lossy();
        if !crate::discover::is_ignored(&name) {
            into.push((file.path().to_path_buf(), file.contents()));
        }
    }
    for sub in dir.dirs() {
        let name = sub.path().file_name().unwrap_or_default().to_string_lossy();
        if !crate::discover::is_ignored(&name) {
            files_of(sub, into);
        }
    }
}

/// Writes a new site into `root` (made if missing). Nothing is written if a file of the new
/// site is already there.
pub fn init(root: &Path) -> Result<Report, Diagnostics> {
    let files = files();
    let mut errors = Diagnostics::new();
    // Shown as the user would write them: `site.toml` in the current folder, not `./site.toml`.
    let at = |path: &Path| {
        if root == Path::new(".") {
            path.to_path_buf()
        } else {
            root.join(path)
        }
    };
    if root.exists() && !root.is_dir() {
        errors.push(
            Diagnostic::new(root, "this is a file, not a folder")
                .with_help("pass the folder the new site goes into: papermap init DIR"),
        );
        return Err(errors);
    }
    if at(Path::new("site.toml")).exists() {
        errors.push(
            Diagnostic::new(at(Path::new("site.toml")), "a site is already here")
                .with_help("papermap init writes a new site into an empty folder, or one without site.toml; pass another folder: papermap init DIR"),
        );
        return Err(errors);
    }
    let mut files_at_folders = std::collections::BTreeSet::new();
    for (path, _) in &files {
        for folder in path.ancestors().skip(1) {
            let folder = at(folder);
            if folder.is_file() && files_at_folders.insert(folder.clone()) {
                errors.push(
                    Diagnostic::new(
                        &folder,
                        "the new site needs a folder here, and this file would be lost",
                    )
                    .with_help("move it away, or pass another folder: papermap init DIR"),
                );
            }
        }
        let target = at(path);
        if target.exists() {
            errors.push(
                Diagnostic::new(
                    &target,
                    "the new site has a file here, and this one would be lost",
                )
                .with_help("move it away, or pass another folder: papermap init DIR"),
            );
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    // Half a site is no start: written all or none.
    let targets: Vec<PathBuf> = files.iter().map(|(path, _)| at(path)).collect();
    crate::new_files::write_all_or_none(
        targets
            .iter()
            .zip(&files)
            .map(|(target, (_, bytes))| (target.as_path(), &bytes[..])),
    )?;
    Ok(Report {
        root: root.to_path_buf(),
        files: files.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_binary_carries_the_starter_theme_and_messages_as_they_are_on_disk() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        for (path, bytes) in files() {
            let on_disk = if path == Path::new(".gitignore") {
                continue;
            } else if path.starts_with("i18n") || path.starts_with("themes") {
                std::fs::read(root.join(&path)).unwrap()
            } else {
                std::fs::read(root.join("starter").join(&path)).unwrap()
            };
            assert!(on_disk == bytes, "{} differs", path.display());
        }
        let count = |folder: &str| {
            walkdir::WalkDir::new(root.join(folder))
                .into_iter()
                .filter_map(Result::ok)
                .filter(|e| e.file_type().is_file())
                .count()
        };
        let embedded = files().len() - 1;
        assert_eq!(
            embedded,
            count("starter") + count("i18n") + count("themes/default"),
            "a file was added after the binary was built: rebuild"
        );
    }
}
