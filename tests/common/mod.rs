//! Fixture sites for the integration tests: a folder of `tests/fixtures/` copied into a temporary
//! directory together with the repository's real theme and translations, then built by the real
//! `papermap` binary.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub const REPO: &str = env!("CARGO_MANIFEST_DIR");

pub struct Site {
    dir: tempfile::TempDir,
}

/// What one run of the binary gave.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl From<Output> for Run {
    fn from(output: Output) -> Run {
        Run {
            code: output.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        }
    }
}

impl Run {
    pub fn assert_ok(&self) -> &Run {
        assert_eq!(
            self.code, 0,
            "expected success\nstdout:\n{}\nstderr:\n{}",
            self.stdout, self.stderr
        );
        self
    }

    /// Asserts that the run told the error `message` at `place` (`file:line:column`) with
    /// `help`, under it rather than under another error.
    pub fn assert_error_with_help(&self, place: &str, message: &str, help: &str) {
        let error = format!("error: {place}: {message}");
        self.assert_error(&error);
        let told = &self.stderr[self.stderr.find(&error).unwrap() + error.len()..];
        let told = told.find("\nerror: ").map_or(told, |next| &told[..next]);
        assert!(
            told.contains(&format!("help: {help}")),
            "expected `help: {help}` under `{error}`:\n{}",
            self.stderr
        );
    }

    /// Asserts a content error: exit code 1 and `needle` in the report.
    pub fn assert_error(&self, needle: &str) -> &Run {
        assert_eq!(
            self.code, 1,
            "expected exit code 1\nstderr:\n{}",
            self.stderr
        );
        assert!(
            self.stderr.contains(needle),
            "expected `{needle}` in the report:\n{}",
            self.stderr
        );
        assert!(
            !self.stderr.contains("panicked"),
            "papermap panicked:\n{}",
            self.stderr
        );
        self
    }
}

fn copy_dir(from: &Path, to: &Path) {
    for entry in walkdir::WalkDir::new(from) {
        let entry = entry.unwrap();
        let dest = to.join(entry.path().strip_prefix(from).unwrap());
        if entry.file_type().is_dir() {
            fs::create_dir_all(&dest).unwrap();
        } else {
            fs::copy(entry.path(), &dest).unwrap();
        }
    }
}

impl Site {
    /// The fixture `tests/fixtures/<name>` with the repository's `themes/` and `i18n/`.
    pub fn fixture(name: &str) -> Site {
        let dir = tempfile::tempdir().unwrap();
        copy_dir(
            &Path::new(REPO).join("tests/fixtures").join(name),
            dir.path(),
        );
        for shared in ["themes", "i18n"] {
            if !dir.path().join(shared).exists() {
                copy_dir(&Path::new(REPO).join(shared), &dir.path().join(shared));
            }
        }
        Site { dir }
    }

    /// A site with nothing but the repository's `themes/` and `i18n/`: the test writes the rest.
    pub fn theme_only() -> Site {
        let dir = tempfile::tempdir().unwrap();
        for shared in ["themes", "i18n"] {
            copy_dir(&Path::new(REPO).join(shared), &dir.path().join(shared));
        }
        Site { dir }
    }

    /// An empty folder.
    pub fn empty() -> Site {
        Site {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    /// The repository's own example site.
    pub fn example() -> Site {
        let dir = tempfile::tempdir().unwrap();
        for part in ["site.toml", "content", "themes", "i18n"] {
            let from = Path::new(REPO).join(part);
            if from.is_dir() {
                copy_dir(&from, &dir.path().join(part));
            } else {
                fs::copy(&from, dir.path().join(part)).unwrap();
            }
        }
        Site { dir }
    }

    pub fn root(&self) -> &Path {
        self.dir.path()
    }

    pub fn path(&self, relative: &str) -> PathBuf {
        self.dir.path().join(relative)
    }

    pub fn write(&self, relative: &str, text: impl AsRef<[u8]>) {
        let path = self.path(relative);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }

    pub fn read(&self, relative: &str) -> String {
        fs::read_to_string(self.path(relative)).unwrap_or_else(|e| panic!("{relative}: {e}"))
    }

    /// Replaces the first `from` in a file with `to`, failing if `from` is not there.
    pub fn edit(&self, relative: &str, from: &str, to: &str) {
        let text = self.read(relative);
        assert!(text.contains(from), "`{from}` is not in {relative}");
        self.write(relative, text.replacen(from, to, 1));
    }

    /// Adds a language to `site.toml`, after the others (its `i18n/` folder is the test's to
    /// write).
    pub fn add_language(&self, code: &str) {
        self.edit(
            "site.toml",
            "[map]",
            &format!("[[languages]]\ncode = \"{code}\"\n\n[map]"),
        );
    }

    /// Adds `text` at the end of a file.
    pub fn append(&self, relative: &str, text: &str) {
        let whole = self.read(relative) + text;
        self.write(relative, whole);
    }

    /// Overrides the theme's `page.html` (the long-form pages) with a site template that shows
    /// `content` (Tera source) in the base layout.
    pub fn override_page_content(&self, content: &str) {
        self.write(
            "templates/page.html",
            format!("{{% extends \"base.html\" %}}{{% block content %}}{content}{{% endblock content %}}"),
        );
    }

    pub fn remove(&self, relative: &str) {
        fs::remove_file(self.path(relative)).unwrap();
    }

    /// Runs papermap in the site's folder, so that reported paths are relative to it.
    pub fn run(&self, args: &[&str]) -> Run {
        Command::new(env!("CARGO_BIN_EXE_papermap"))
            .args(args)
            .current_dir(self.root())
            .output()
            .expect("run papermap")
            .into()
    }

    /// Runs papermap as [`Site::run`] does, with `SOURCE_DATE_EPOCH` set to `seconds`: the
    /// day it stands for is papermap's today.
    pub fn run_on_day(&self, args: &[&str], seconds: u64) -> Run {
        Command::new(env!("CARGO_BIN_EXE_papermap"))
            .args(args)
            .current_dir(self.root())
            .env("SOURCE_DATE_EPOCH", seconds.to_string())
            .output()
            .expect("run papermap")
            .into()
    }

    pub fn build(&self) -> Run {
        self.run(&["build"])
    }

    /// Builds the site, applies `break_it` and builds again: the second build must fail (exit
    /// code 1) and leave the first one's output byte for byte as it was. Returns that run.
    pub fn build_broken_by(&self, break_it: impl FnOnce(&Site)) -> Run {
        self.build().assert_ok();
        let before = self.tree("public");
        break_it(self);
        let run = self.build();
        assert_eq!(run.code, 1, "a broken site must fail:\n{}", run.stderr);
        assert!(
            self.tree("public") == before,
            "the last good output must stay byte-identical"
        );
        run
    }

    /// Every file under `relative`, with its bytes.
    pub fn tree(&self, relative: &str) -> BTreeMap<PathBuf, Vec<u8>> {
        let root = self.path(relative);
        walkdir::WalkDir::new(&root)
            .into_iter()
            .map(Result::unwrap)
            .filter(|e| e.file_type().is_file())
            .map(|e| {
                (
                    e.path().strip_prefix(&root).unwrap().to_path_buf(),
                    fs::read(e.path()).unwrap(),
                )
            })
            .collect()
    }
}

/// `papermap check`'s report block for one locale: its header line and the indented lines after it.
pub fn block<'a>(run: &'a Run, locale: &str) -> Vec<&'a str> {
    let mut lines = run
        .stdout
        .lines()
        .skip_while(|l| !l.starts_with(&format!("{locale}: ")));
    let header = lines
        .next()
        .unwrap_or_else(|| panic!("no block for {locale}:\n{}", run.stdout));
    std::iter::once(header)
        .chain(lines.take_while(|l| l.starts_with("  ")))
        .collect()
}

/// The one-based line and column (in characters) of `needle` in the first line holding
/// `line_text`.
pub fn place_of(text: &str, line_text: &str, needle: &str) -> (usize, usize) {
    let line = text
        .lines()
        .position(|l| l.contains(line_text))
        .unwrap_or_else(|| panic!("`{line_text}` is not in the file"));
    let holder = text.lines().nth(line).unwrap();
    let column = holder[..holder.find(needle).unwrap()].chars().count() + 1;
    (line + 1, column)
}

/// The address of every page the search index's fragments in `part` (a folder of the site, such
/// as `public/pagefind`) hold, by language.
pub fn fragment_urls(site: &Site, part: &str) -> BTreeMap<String, Vec<String>> {
    let mut urls: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (path, bytes) in site.tree(&format!("{part}/fragment")) {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let language = name.split('_').next().unwrap().to_string();
        let mut text = String::new();
        flate2::read::GzDecoder::new(bytes.as_slice())
            .read_to_string(&mut text)
            .unwrap_or_else(|e| panic!("{name} is gzip: {e}"));
        let json = text
            .strip_prefix("pagefind_dcd")
            .unwrap_or_else(|| panic!("{name} starts with Pagefind's marker"));
        let file: serde_json::Value = serde_json::from_str(json).unwrap();
        // Fragments come in groups (`en_group_…`, an object of fragments by their hash) but
        // where a language's part has one page.
        let fragments: Vec<&serde_json::Value> = if name.contains("_group_") {
            file.as_object()
                .expect("a group of fragments")
                .values()
                .collect()
        } else {
            vec![&file]
        };
        for fragment in fragments {
            urls.entry(language.clone())
                .or_default()
                .push(fragment["url"].as_str().unwrap().to_string());
        }
    }
    urls
}

/// A message of the site's Fluent files, as written (for messages without placeables).
pub fn message(site: &Site, locale: &str, id: &str) -> String {
    let ftl = site.read(&format!("i18n/{locale}/main.ftl"));
    let prefix = format!("{id} = ");
    ftl.lines()
        .find_map(|line| line.strip_prefix(&prefix))
        .unwrap_or_else(|| panic!("no message {id} in {locale}"))
        .trim()
        .to_string()
}
