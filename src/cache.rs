//! What the last whole build was made from and what it wrote, kept in `.papermap/` beside the
//! site's sources: a build whose inputs (the site's files, the options, the papermap binary
//! itself) are byte for byte those of the last build, into an output folder that still holds
//! exactly the files that build wrote, has nothing to do and returns at once.

use std::collections::hash_map::DefaultHasher;
use std::fs;
use std::hash::{Hash, Hasher};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use walkdir::WalkDir;

use crate::output::{modified_ns, output_files, StampedFile};

/// The folder of the site (beside `site.toml`) where papermap keeps what it remembers.
pub const CACHE_DIR: &str = ".papermap";

/// The files and folders of a site that a build reads.
pub const INPUTS: &[&str] = &[
    "site.toml",
    "content",
    "i18n",
    "templates",
    "static",
    "themes",
];

/// What a whole build wrote, and from what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Manifest {
    pub fingerprint: u64,
    /// Pages per locale, as the summary line says them.
    pub pages: Vec<(String, usize)>,
    /// The warnings the build printed (missing messages).
    pub warnings: Vec<String>,
    /// Every file of the output folder that the build wrote: path in it, size, modification
    /// time (ns).
    pub files: Vec<(String, u64, u64)>,
    /// The other files of the output folder, which the build left in place (someone else's).
    pub kept: Vec<String>,
}

/// A hash of everything a build depends on: `options` (what the command line asked, as text),
/// the papermap binary (its size and time), and every input file's path and bytes.
pub fn fingerprint(root: &Path, options: &str) -> io::Result<u64> {
    let mut hasher = DefaultHasher::new();
    options.hash(&mut hasher);
    if let Ok(meta) = std::env::current_exe().and_then(fs::metadata) {
        meta.len().hash(&mut hasher);
        modified_ns(&meta).hash(&mut hasher);
    }
    hash_inputs(root, INPUTS, &mut hasher)?;
    Ok(hasher.finish())
}

/// A hash of the paths and bytes of every file of these inputs (of `INPUTS`).
pub fn fingerprint_of(root: &Path, inputs: &[&str]) -> io::Result<u64> {
    let mut hasher = DefaultHasher::new();
    hash_inputs(root, inputs, &mut hasher)?;
    Ok(hasher.finish())
}

fn hash_inputs(root: &Path, inputs: &[&str], hasher: &mut DefaultHasher) -> io::Result<()> {
    let mut files = Vec::new();
    for input in inputs {
        let path = root.join(input);
        if !path.exists() {
            continue;
        }
        for entry in WalkDir::new(&path).sort_by_file_name() {
            let entry = entry.map_err(io::Error::other)?;
            if entry.file_type().is_file() {
                files.push(entry.into_path());
            }
        }
    }
    // Read and hashed on every core (at 100 000 papers, 650 MB in 100 000 files, before a
    // build can tell whether it has anything to do), then put together in their order.
    let digests = files
        .par_iter()
        .map(|path| {
            let mut digest = DefaultHasher::new();
            fs::read(path)?.hash(&mut digest);
            Ok(digest.finish())
        })
        .collect::<io::Result<Vec<u64>>>()?;
    for (path, digest) in files.iter().zip(digests) {
        path.hash(hasher);
        digest.hash(hasher);
    }
    Ok(())
}

/// Where the manifest of the builds into `output` is kept.
fn manifest_path(root: &Path, output: &Path) -> PathBuf {
    let absolute = std::path::absolute(output).unwrap_or_else(|_| output.to_path_buf());
    let mut hasher = DefaultHasher::new();
    absolute.hash(&mut hasher);
    root.join(CACHE_DIR)
        .join(format!("build-{:016x}", hasher.finish()))
}

/// The manifest of the last whole build into `output`, if there is a readable one.
pub fn load(root: &Path, output: &Path) -> Option<Manifest> {
    let text = fs::read_to_string(manifest_path(root, output)).ok()?;
    let mut lines = text.lines();
    let fingerprint = u64::from_str_radix(lines.next()?.strip_prefix("fingerprint ")?, 16).ok()?;
    let mut manifest = Manifest {
        fingerprint,
        pages: Vec::new(),
        warnings: Vec::new(),
        files: Vec::new(),
        kept: Vec::new(),
    };
    for line in lines {
        let (kind, rest) = line.split_once(' ')?;
        match kind {
            "pages" => {
                let (locale, count) = rest.split_once(' ')?;
                manifest
                    .pages
                    .push((locale.to_string(), count.parse().ok()?));
            }
            "warning" => manifest.warnings.push(rest.to_string()),
            "kept" => manifest.kept.push(rest.to_string()),
            "file" => {
                let mut parts = rest.splitn(3, ' ');
                let size = parts.next()?.parse().ok()?;
                let time = parts.next()?.parse().ok()?;
                manifest.files.push((parts.next()?.to_string(), size, time));
            }
            _ => return None,
        }
    }
    Some(manifest)
}

/// Records the whole build just written into `output`. The files are listed into the manifest
/// as they are walked, not gathered first: a big map's output is near a million files.
/// `files` are those of `output` as the build left them (those [`crate::output::Writer::commit`]
/// returns), in the order of [`output_files`].
pub fn store(
    root: &Path,
    output: &Path,
    fingerprint: u64,
    pages: &[(String, usize)],
    warnings: &[String],
    files: &[StampedFile],
    kept: &[String],
) -> io::Result<()> {
    let path = manifest_path(root, output);
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent)?;
    }
    // Written beside and moved into place, so that a manifest is never read half written.
    let partial = path.with_extension("partial");
    let mut text = io::BufWriter::new(fs::File::create(&partial)?);
    writeln!(text, "fingerprint {fingerprint:016x}")?;
    for (locale, count) in pages {
        writeln!(text, "pages {locale} {count}")?;
    }
    for warning in warnings {
        writeln!(text, "warning {}", warning.replace('\n', " "))?;
    }
    for (place, size, time) in files {
        writeln!(text, "file {size} {time} {place}")?;
    }
    for place in kept {
        writeln!(text, "kept {place}")?;
    }
    text.into_inner().map_err(|e| e.into_error())?;
    fs::rename(partial, path)
}

/// Forgets the last build into `output` (a failed or partial build changes what it holds).
pub fn forget(root: &Path, output: &Path) {
    let _ = fs::remove_file(manifest_path(root, output));
}

/// Whether the output folder holds exactly the files the manifest lists, unchanged, beside the
/// ones the build left in place.
pub fn output_is_intact(output: &Path, manifest: &Manifest) -> bool {
    output_files(output).is_ok_and(|mut files| {
        if manifest.kept.is_empty() {
            return files == manifest.files;
        }
        let kept: std::collections::BTreeSet<&str> =
            manifest.kept.iter().map(String::as_str).collect();
        let before = files.len();
        files.retain(|(place, ..)| !kept.contains(place.as_str()));
        // The files left in place are still there, so the build's warning about them holds.
        before - files.len() == kept.len() && files == manifest.files
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::output::Writer;

    /// Writes `files` into `output` as a whole build does, and returns what the writer says it
    /// left there.
    fn build_into(output: &Path, files: &[(&str, &str)]) -> Vec<StampedFile> {
        let writer = Writer::new(output).unwrap();
        for (place, text) in files {
            writer.put(place, text.as_bytes()).unwrap();
        }
        // Every file there is of an earlier build of this test's, and may go.
        let written_before = output_files(output)
            .map(|files| files.into_iter().map(|(place, ..)| place).collect())
            .unwrap_or_default();
        writer.commit(true, &written_before).unwrap().1
    }

    #[test]
    fn a_stored_manifest_reads_back_whole_and_leaves_nothing_beside_it() {
        let root = tempfile::tempdir().unwrap();
        let output = root.path().join("public");
        // `fr-notes` sorts before `fr/` byte for byte, after it in a walk through the folder.
        let site = [
            ("index.html", "home"),
            ("fr-notes/index.html", "notes"),
            ("fr/paper/index.html", "une page"),
        ];
        let files = build_into(&output, &site);
        let pages = [("en".to_string(), 1), ("fr".to_string(), 1)];
        let warnings = ["a warning\nover two lines".to_string()];
        store(root.path(), &output, 0xfeed, &pages, &warnings, &files, &[]).unwrap();

        let manifest = load(root.path(), &output).expect("the manifest just stored");
        assert_eq!(manifest.fingerprint, 0xfeed);
        assert_eq!(manifest.pages, pages);
        assert_eq!(manifest.warnings, ["a warning over two lines"]);
        let places: Vec<(&str, u64)> = manifest
            .files
            .iter()
            .map(|(place, size, _)| (place.as_str(), *size))
            .collect();
        assert_eq!(
            places,
            [
                ("fr/paper/index.html", 8),
                ("fr-notes/index.html", 5),
                ("index.html", 4)
            ]
        );
        assert!(output_is_intact(&output, &manifest));
        let cache: Vec<_> = fs::read_dir(root.path().join(CACHE_DIR))
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .collect();
        assert_eq!(cache.len(), 1, "no partial manifest is left: {cache:?}");

        fs::write(output.join("index.html"), "changed").unwrap();
        assert!(!output_is_intact(&output, &manifest));
    }

    #[test]
    fn a_rebuild_says_its_output_as_a_walk_through_the_folder_finds_it() {
        let root = tempfile::tempdir().unwrap();
        let output = root.path().join("public");
        build_into(
            &output,
            &[
                ("index.html", "home"),
                ("a/b.html", "b"),
                ("gone.html", "removed by the rebuild"),
            ],
        );
        // Kept as it is (same bytes), rewritten, new, and one gone.
        let files = build_into(
            &output,
            &[
                ("index.html", "home"),
                ("a/b.html", "b, changed"),
                ("a-b/c.html", "c"),
                ("a.html", "a"),
            ],
        );
        assert_eq!(files, output_files(&output).unwrap());
        let places: Vec<&str> = files.iter().map(|f| f.0.as_str()).collect();
        assert_eq!(places, ["a/b.html", "a-b/c.html", "a.html", "index.html"]);
    }
}
