//! `serve` keeps the site a fresh build would write. Random sequences of edits, creations and
//! deletions are made to the files of a small generated site; after each one, `LiveSite::apply`
//! gets the changes that `plan::classify` gives for the touched paths (as the watcher does), and
//! the served files must equal `full_build` byte for byte. A step that breaks the site must be
//! reported, and leave the served files as they were.
//!
//! The site has every kind of page: 12 papers (one a draft, one in French) citing each other,
//! translations, two long-form pages (one with a translation, one in Chinese only), subfields
//! (two of them with the same slug), years, a classification scheme with classified papers, and
//! a `page_size` and `list_limit` small enough that lists have several pages and truncate.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use papermap::build::Options;
use papermap::serve::live::{full_build, LiveSite};
use papermap::serve::plan::{classify, Change};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError};

use common::Site;

const LOCALES: [&str; 3] = ["en", "fr", "zh"];
const YEARS: [i32; 5] = [2014, 2019, 2020, 2022, 2023];
/// `Vision & Language` and `Vision, Language` have the same slug: the second (in name order)
/// gets `-2` only while the first exists.
const SUBFIELDS: [&str; 5] = [
    "Computer Vision",
    "Machine Learning",
    "Vision, Language",
    "Vision & Language",
    "Databases",
];
const TEMPLATES: [&str; 9] = [
    "paper.html",
    "paper.md",
    "list.html",
    "category.html",
    "index.html",
    "page.html",
    "groups.html",
    "base.html",
    "macros.html",
];
/// Single-line messages of every locale's `main.ftl`; `language-name` is shown by every page
/// of every locale (the language switcher).
const MESSAGES: [&str; 4] = [
    "language-name",
    "site-title",
    "abstract-heading",
    "subfields-heading",
];
const STATICS: [&str; 3] = [
    "static/robots.txt",
    "static/404.html",
    "content/press/figure.png",
];
const PRESS: [(&str, &str); 4] = [
    ("story", ""),
    ("story", "fr"),
    ("note", "zh"),
    ("story", "zh"),
];

const SITE_TOML: &str = r#"base_url = "https://example.org/map"
theme = "default"

[[languages]]
code = "en"
formats = "en-GB"

[[languages]]
code = "fr"

[[languages]]
code = "zh"

[map]
data_through = 2026-10-14
list_limit = 2
page_size = 3

[facts]
teacher_labels = 10348
inverted_index_gb = 8.6
database_text_gb = 9.3
free_disk_gb = 13

[classification]
categories = ["meta_research", "bibliometrics"]
heads = ["codex", "gemma"]
statuses = ["machine_predicted_unvalidated", "human_validated"]
validated = ["human_validated"]
"#;

#[derive(Clone, Debug)]
struct Paper {
    version: u32,
    year: i32,
    citation_count: Option<u64>,
    subfields: Vec<&'static str>,
    references: Vec<String>,
    /// (from, year)
    citations: Vec<(String, Option<i32>)>,
    /// Scores in thousandths: codex (meta_research, bibliometrics), gemma (the same).
    classification: Option<[u16; 4]>,
    lang: Option<&'static str>,
    draft: bool,
    /// locale → (version, with an abstract)
    translations: BTreeMap<&'static str, (u32, bool)>,
    broken: bool,
}

#[derive(Clone, Debug)]
struct PressVersion {
    version: u32,
    papers: Vec<String>,
}

/// The sources the test edits; everything else of the site (the rest of the theme) is as copied.
#[derive(Clone, Debug)]
struct State {
    papers: BTreeMap<String, Paper>,
    /// (slug, locale suffix or "") → version
    press: BTreeMap<(&'static str, &'static str), PressVersion>,
    /// (locale, message) → edits
    messages: BTreeMap<(usize, usize), u32>,
    templates: BTreeMap<usize, u32>,
    css: u32,
    statics: [u32; 3],
    config: u32,
    broken_template: bool,
    broken_messages: bool,
    created: u32,
}

fn id(n: u32) -> String {
    format!("2000.{n:05}")
}

impl State {
    fn initial() -> State {
        // (n, year, citation_count, subfields, references, classified)
        #[allow(clippy::type_complexity)]
        let table: [(u32, i32, Option<u64>, &[usize], &[u32], bool); 12] = [
            (1, 2014, Some(45000), &[0], &[], true),
            (2, 2019, Some(120), &[1], &[1], false),
            (3, 2020, None, &[0, 2], &[1, 2, 9999], false),
            (4, 2022, Some(12), &[2], &[3], true),
            (5, 2022, Some(12), &[1, 4], &[2, 3, 4], false),
            (6, 2023, Some(0), &[], &[5, 1], false),
            (7, 2023, Some(7), &[0], &[6], true),
            (8, 2019, Some(300), &[4], &[1, 7], false),
            (9, 2020, Some(45), &[1], &[8], true),
            (10, 2014, Some(9), &[0], &[9, 2], false),
            (11, 2022, Some(1), &[1], &[], false),
            (12, 2023, None, &[2], &[11], true),
        ];
        let mut papers = BTreeMap::new();
        for (n, year, citation_count, subfields, references, classified) in table {
            papers.insert(
                id(n),
                Paper {
                    version: 0,
                    year,
                    citation_count,
                    subfields: subfields.iter().map(|&s| SUBFIELDS[s]).collect(),
                    references: references.iter().map(|&r| id(r)).collect(),
                    citations: Vec::new(),
                    classification: classified.then_some([
                        n as u16 * 70,
                        900 - n as u16 * 60,
                        500,
                        n as u16 * 10,
                    ]),
                    lang: None,
                    draft: false,
                    translations: BTreeMap::new(),
                    broken: false,
                },
            );
        }
        fn paper(papers: &mut BTreeMap<String, Paper>, n: u32) -> &mut Paper {
            papers.get_mut(&id(n)).unwrap()
        }
        paper(&mut papers, 1).translations.insert("fr", (0, true));
        paper(&mut papers, 2).translations.insert("zh", (0, false));
        paper(&mut papers, 7).translations.insert("fr", (0, false));
        paper(&mut papers, 10).translations.insert("zh", (0, true));
        paper(&mut papers, 5).lang = Some("fr");
        paper(&mut papers, 8).draft = true;
        paper(&mut papers, 3).citations = vec![(id(4), Some(2023)), (id(6), None)];
        paper(&mut papers, 6).citations = vec![("8888.88888".into(), Some(2021))];
        // A citation from a paper that an edit may create.
        paper(&mut papers, 11).citations = vec![(id(10), None), (id(100), None)];
        let press = BTreeMap::from([
            (
                ("story", ""),
                PressVersion {
                    version: 0,
                    papers: vec![id(1), id(3)],
                },
            ),
            (
                ("story", "fr"),
                PressVersion {
                    version: 0,
                    papers: vec![id(3)],
                },
            ),
            (
                ("note", "zh"),
                PressVersion {
                    version: 0,
                    papers: vec![id(12), id(8)],
                },
            ),
        ]);
        State {
            papers,
            press,
            messages: BTreeMap::new(),
            templates: BTreeMap::new(),
            css: 0,
            statics: [0; 3],
            config: 0,
            broken_template: false,
            broken_messages: false,
            created: 0,
        }
    }

    fn paper_id(&self, i: usize) -> Option<String> {
        (!self.papers.is_empty()).then(|| {
            self.papers
                .keys()
                .nth(i % self.papers.len())
                .unwrap()
                .clone()
        })
    }

    fn paper_mut(&mut self, i: usize) -> Option<&mut Paper> {
        let id = self.paper_id(i)?;
        self.papers.get_mut(&id)
    }

    /// The ids picked by the bits of `mask`, in id order.
    fn pick(&self, mask: u32) -> Vec<String> {
        self.papers
            .keys()
            .enumerate()
            .filter(|(i, _)| mask & (1 << (i % 32)) != 0)
            .map(|(_, id)| id.clone())
            .collect()
    }

    fn apply(&mut self, op: &Op) {
        match *op {
            Op::Title(i) => {
                if let Some(p) = self.paper_mut(i) {
                    p.version += 1;
                }
            }
            Op::CitationCount(i, count) => {
                if let Some(p) = self.paper_mut(i) {
                    p.citation_count = count;
                }
            }
            Op::AddReference(i, j) => {
                let target = self.paper_id(j);
                if let (Some(target), Some(p)) = (target, self.paper_mut(i)) {
                    p.references.push(target);
                }
            }
            Op::RemoveReference(i, k) => {
                if let Some(p) = self.paper_mut(i) {
                    if !p.references.is_empty() {
                        let k = k % p.references.len();
                        p.references.remove(k);
                    }
                }
            }
            Op::Year(i, y) => {
                if let Some(p) = self.paper_mut(i) {
                    p.year = YEARS[y % YEARS.len()];
                }
            }
            Op::Subfields(i, mask) => {
                if let Some(p) = self.paper_mut(i) {
                    p.subfields = (0..SUBFIELDS.len())
                        .filter(|b| mask & (1 << b) != 0)
                        .map(|b| SUBFIELDS[b])
                        .collect();
                }
            }
            Op::Citation(i, j, with_year) => {
                let from = self.paper_id(j);
                if let (Some(from), Some(p)) = (from, self.paper_mut(i)) {
                    match p.citations.iter().position(|(f, _)| *f == from) {
                        Some(k) => {
                            p.citations.remove(k);
                        }
                        None => p.citations.push((from, with_year.then_some(2024))),
                    }
                }
            }
            Op::Translation(i, locale, kind) => {
                let locale = ["fr", "zh"][locale % 2];
                if let Some(p) = self.paper_mut(i) {
                    match kind % 3 {
                        0 => {
                            p.translations.remove(locale);
                        }
                        kind => {
                            let entry = p.translations.entry(locale).or_insert((0, false));
                            entry.0 += 1;
                            entry.1 = kind == 2;
                        }
                    }
                }
            }
            Op::Classify(i, scores) => {
                if let Some(p) = self.paper_mut(i) {
                    p.classification = scores;
                }
            }
            Op::Create(mask, y) => {
                self.created += 1;
                let references = self.pick(mask);
                self.papers.insert(
                    id(99 + self.created),
                    Paper {
                        version: 0,
                        year: YEARS[y % YEARS.len()],
                        citation_count: Some(u64::from(mask % 50)),
                        subfields: vec![SUBFIELDS[y % SUBFIELDS.len()]],
                        references,
                        citations: Vec::new(),
                        classification: (mask % 2 == 0).then_some([333, 444, 555, 666]),
                        lang: None,
                        draft: false,
                        translations: BTreeMap::new(),
                        broken: false,
                    },
                );
            }
            Op::Delete(i) => {
                if let Some(gone) = self.paper_id(i) {
                    self.papers.remove(&gone);
                    // The pages that named it stop naming it (else the site does not build).
                    for version in self.press.values_mut() {
                        version.papers.retain(|p| *p != gone);
                    }
                }
            }
            Op::Draft(i) => {
                if let Some(p) = self.paper_mut(i) {
                    p.draft = !p.draft;
                }
            }
            Op::Press(k, mask) => {
                let key = PRESS[k % PRESS.len()];
                let papers = self.pick(mask);
                match self.press.get_mut(&key) {
                    // The Chinese version of the story comes and goes.
                    Some(_) if key == ("story", "zh") => {
                        self.press.remove(&key);
                    }
                    Some(version) => {
                        version.version += 1;
                        version.papers = papers;
                    }
                    None => {
                        self.press.insert(key, PressVersion { version: 0, papers });
                    }
                }
            }
            Op::Message(locale, key) => {
                *self
                    .messages
                    .entry((locale % LOCALES.len(), key % MESSAGES.len()))
                    .or_default() += 1;
            }
            Op::Template(t) => *self.templates.entry(t % TEMPLATES.len()).or_default() += 1,
            Op::Css => self.css += 1,
            Op::Static(s) => self.statics[s % STATICS.len()] += 1,
            Op::Config => self.config += 1,
            Op::Break(kind, i) => match kind % 3 {
                0 => {
                    if let Some(p) = self.paper_mut(i) {
                        p.broken = true;
                    }
                }
                1 => self.broken_template = true,
                _ => self.broken_messages = true,
            },
            Op::Fix => {
                for p in self.papers.values_mut() {
                    p.broken = false;
                }
                self.broken_template = false;
                self.broken_messages = false;
            }
        }
    }

    /// Every file the test manages, as it should be on disk; `theme` has the original text of
    /// the theme's files and messages.
    fn files(&self, theme: &BTreeMap<String, String>) -> BTreeMap<String, Vec<u8>> {
        let mut files: BTreeMap<String, Vec<u8>> = BTreeMap::new();
        let mut put = |path: String, text: String| {
            files.insert(path, text.into_bytes());
        };
        put(
            "site.toml".into(),
            SITE_TOML.replace(
                "teacher_labels = 10348",
                &format!("teacher_labels = {}", 10348 + self.config),
            ),
        );
        for (id, p) in &self.papers {
            put(format!("content/papers/{id}.md"), paper_text(id, p));
            for (locale, (version, with_abstract)) in &p.translations {
                let mut text =
                    format!("---\ntitle: \"{id} in {locale}, version {version}\"\n---\n");
                if *with_abstract {
                    text.push_str(&format!("The abstract of {id} in {locale}.\n"));
                }
                put(format!("content/papers/{id}.{locale}.md"), text);
            }
        }
        for ((slug, locale), version) in &self.press {
            let suffix = if locale.is_empty() {
                String::new()
            } else {
                format!(".{locale}")
            };
            let papers: Vec<String> = version.papers.iter().map(|p| format!("\"{p}\"")).collect();
            put(
                format!("content/press/{slug}{suffix}.md"),
                format!(
                    "---\ntitle: \"The {slug}{suffix}, version {}\"\ndate: 2021-03-31\nsource: \"A magazine\"\nauthors: [\"A. Writer\"]\npapers: [{}]\n---\nWhat the {slug} says.\n",
                    version.version,
                    papers.join(", ")
                ),
            );
        }
        for (l, locale) in LOCALES.iter().enumerate() {
            let path = format!("i18n/{locale}/main.ftl");
            let mut text = theme[&path].clone();
            for (m, message) in MESSAGES.iter().enumerate() {
                if let Some(n) = self.messages.get(&(l, m)) {
                    let start = text
                        .find(&format!("\n{message} = "))
                        .unwrap_or_else(|| panic!("{message} in {path}"));
                    let end = start + 1 + text[start + 1..].find('\n').unwrap();
                    text.insert_str(end, &format!(" ({n})"));
                }
            }
            if self.broken_messages && *locale == "fr" {
                text.push_str("broken-message = { $unclosed\n");
            }
            put(path, text);
        }
        for (t, name) in TEMPLATES.iter().enumerate() {
            let path = format!("themes/default/templates/{name}");
            let mut text = theme[&path].clone();
            if let Some(n) = self.templates.get(&t) {
                let edit = format!("<p>edit {n}</p>");
                text = match *name {
                    "base.html" => text.replacen("</body>", &format!("{edit}</body>"), 1),
                    "macros.html" => text.replacen(
                        "{% endmacro paper_link %}",
                        &format!("{edit}{{% endmacro paper_link %}}"),
                        1,
                    ),
                    "paper.md" => format!("{text}\nedit {n}\n"),
                    _ => text.replacen(
                        "{% endblock content %}",
                        &format!("{edit}{{% endblock content %}}"),
                        1,
                    ),
                };
            }
            if self.broken_template && *name == "list.html" {
                // Parses, but fails when a list page is rendered.
                text = text.replacen(
                    "{% endblock content %}",
                    "{{ no_such_variable }}{% endblock content %}",
                    1,
                );
            }
            put(path, text);
        }
        let css = "themes/default/static/style.css".to_string();
        let mut text = theme[&css].clone();
        if self.css > 0 {
            text.push_str(&format!("\n/* edit {} */\n", self.css));
        }
        put(css, text);
        for (s, path) in STATICS.iter().enumerate() {
            let n = self.statics[s];
            // Odd: the file exists, with a text that changes each time it comes back.
            if n % 2 == 1 {
                put(
                    path.to_string(),
                    format!("static file {path}, version {n}\n"),
                );
            }
        }
        files
    }
}

fn paper_text(id: &str, p: &Paper) -> String {
    let mut text = format!(
        "---\nid: \"{id}\"\ntitle: \"The paper {id}, version {}\"\nauthors: [\"Ada Lovelace\"]\n",
        p.version
    );
    if p.broken {
        text.push_str("year: [2020\n");
    } else {
        text.push_str(&format!("year: {}\n", p.year));
    }
    if let Some(count) = p.citation_count {
        text.push_str(&format!("citation_count: {count}\n"));
    }
    if !p.subfields.is_empty() {
        let names: Vec<String> = p.subfields.iter().map(|s| format!("\"{s}\"")).collect();
        text.push_str(&format!("subfields: [{}]\n", names.join(", ")));
    }
    text.push_str("references:\n");
    for r in &p.references {
        text.push_str(&format!("  - \"{r}\"\n"));
    }
    text.push_str("  - { title: \"A work outside the map\", year: 2010 }\n");
    if !p.citations.is_empty() {
        text.push_str("citations:\n");
        for (from, year) in &p.citations {
            match year {
                Some(y) => text.push_str(&format!(
                    "  - {{ from: \"{from}\", year: {y}, intent: methodology, quote: \"As {from} says.\" }}\n"
                )),
                None => text.push_str(&format!("  - {{ from: \"{from}\", intent: background }}\n")),
            }
        }
    }
    if let Some([a, b, c, d]) = p.classification {
        let score = |x: u16| format!("{:.3}", f64::from(x % 1001) / 1000.0);
        text.push_str(&format!(
            "classification:\n  status: machine_predicted_unvalidated\n  heads:\n    codex: {{ meta_research: {}, bibliometrics: {} }}\n    gemma: {{ meta_research: {}, bibliometrics: {} }}\n",
            score(a),
            score(b),
            score(c),
            score(d)
        ));
    }
    if let Some(lang) = p.lang {
        text.push_str(&format!("lang: {lang}\n"));
    }
    if p.draft {
        text.push_str("draft: true\n");
    }
    text.push_str(&format!("---\nThe abstract of {id}.\n"));
    text
}

/// One edit of the site's sources. Indices pick among what exists when the edit is made.
#[derive(Clone, Debug)]
enum Op {
    Title(usize),
    CitationCount(usize, Option<u64>),
    AddReference(usize, usize),
    RemoveReference(usize, usize),
    Year(usize, usize),
    Subfields(usize, u8),
    /// Adds, or removes, a citation from one paper of the map to another.
    Citation(usize, usize, bool),
    /// Removes (0), writes with a title only (1) or with an abstract (2) a translation.
    Translation(usize, usize, u8),
    Classify(usize, Option<[u16; 4]>),
    /// A new paper citing the papers picked by the mask.
    Create(u32, usize),
    Delete(usize),
    Draft(usize),
    /// A long-form page's version names the papers picked by the mask (or comes and goes).
    Press(usize, u32),
    Message(usize, usize),
    Template(usize),
    Css,
    /// A static file or content asset comes or goes.
    Static(usize),
    Config,
    /// Breaks a paper's YAML (0), makes a template fail at rendering (1), or breaks a `.ftl` (2).
    Break(u8, usize),
    Fix,
}

fn op() -> impl Strategy<Value = Op> {
    let i = || 0usize..64;
    prop_oneof![
        3 => i().prop_map(Op::Title),
        2 => (i(), prop::option::of(0u64..500)).prop_map(|(i, c)| Op::CitationCount(i, c)),
        2 => (i(), i()).prop_map(|(i, j)| Op::AddReference(i, j)),
        2 => (i(), i()).prop_map(|(i, k)| Op::RemoveReference(i, k)),
        2 => (i(), i()).prop_map(|(i, y)| Op::Year(i, y)),
        2 => (i(), 0u8..32).prop_map(|(i, m)| Op::Subfields(i, m)),
        1 => (i(), i(), any::<bool>()).prop_map(|(i, j, y)| Op::Citation(i, j, y)),
        2 => (i(), i(), 0u8..3).prop_map(|(i, l, k)| Op::Translation(i, l, k)),
        1 => (i(), prop::option::of(prop::array::uniform4(0u16..1001)))
            .prop_map(|(i, s)| Op::Classify(i, s)),
        2 => (any::<u32>(), i()).prop_map(|(m, y)| Op::Create(m, y)),
        2 => i().prop_map(Op::Delete),
        2 => i().prop_map(Op::Draft),
        2 => (i(), any::<u32>()).prop_map(|(k, m)| Op::Press(k, m)),
        2 => (i(), i()).prop_map(|(l, k)| Op::Message(l, k)),
        2 => i().prop_map(Op::Template),
        1 => Just(Op::Css),
        1 => i().prop_map(Op::Static),
        1 => Just(Op::Config),
        2 => (0u8..3, i()).prop_map(|(k, i)| Op::Break(k, i)),
        2 => Just(Op::Fix),
    ]
}

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

fn run(drafts: bool, ops: &[Op]) -> Result<(), TestCaseError> {
    let mut harness = Harness::new(drafts);
    for (n, op) in ops.iter().enumerate() {
        harness
            .step(op)
            .map_err(|e| TestCaseError::fail(format!("step {} of {ops:?}: {e}", n + 1)))?;
    }
    Ok(())
}

fn cases() -> u32 {
    std::env::var("PAPERMAP_PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(24)
}

proptest! {
    #![proptest_config(Config {
        cases: cases(),
        // Failing sequences are printed (shrunk) rather than written next to the tests.
        failure_persistence: None,
        max_shrink_iters: 200,
        max_shrink_time: 180_000,
        ..Config::default()
    })]

    #[test]
    fn the_served_site_is_always_a_fresh_full_build(
        drafts in any::<bool>(),
        ops in prop::collection::vec(op(), 1..=8),
    ) {
        run(drafts, &ops)?;
    }
}

/// The sequences that found bugs, kept as they were shrunk (see each fix in src/serve/).
#[test]
fn regressions() {
    let cases: &[(&str, Vec<Op>)] = &[
        // A list page whose papers stay states the list's new length (plan: the totals).
        ("a list shrinks at its end", vec![Op::Delete(22)]),
        // `Vision & Language` takes the slug of `Vision, Language`, which moves to `-2`.
        ("a subfield's slug moves", vec![Op::Subfields(0, 8)]),
        // Every page names French in French in its language switcher.
        ("language-name in fr", vec![Op::Message(1, 0)]),
        // Edits made while the site is broken are applied when it is fixed.
        ("css while broken", vec![Op::Break(0, 0), Op::Css, Op::Fix]),
        (
            "template while broken",
            vec![Op::Break(2, 0), Op::Template(2), Op::Fix],
        ),
        (
            "messages while a template fails",
            vec![Op::Break(1, 0), Op::Message(2, 1), Op::Fix],
        ),
        // A paper's page re-rendered without its Markdown twin, then the paper goes: the twin
        // goes too.
        (
            "paper.html, then a draft",
            vec![Op::Template(0), Op::Draft(0)],
        ),
        // static/404.html is shadowed by the 404 page, however the static files change.
        (
            "a static file at a page's place",
            vec![Op::Static(1), Op::Css],
        ),
        ("it comes and goes", vec![Op::Static(1), Op::Static(1)]),
    ];
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|(name, ops)| run(false, ops).err().map(|e| format!("{name}: {e}")))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
