//! The generated site: its settings, the state of the sources the test edits (papers,
//! long-form pages, messages, templates, static files), and the files that state writes.

use std::collections::BTreeMap;

pub(crate) const LOCALES: [&str; 3] = ["en", "fr", "zh"];
pub(crate) const YEARS: [i32; 5] = [2014, 2019, 2020, 2022, 2023];
/// `Vision & Language` and `Vision, Language` have the same slug: the second (in name order)
/// gets `-2` only while the first exists.
pub(crate) const SUBFIELDS: [&str; 5] = [
    "Computer Vision",
    "Machine Learning",
    "Vision, Language",
    "Vision & Language",
    "Databases",
];
pub(crate) const TEMPLATES: [&str; 9] = [
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
pub(crate) const MESSAGES: [&str; 4] = [
    "language-name",
    "site-title",
    "abstract-heading",
    "subfields-heading",
];
pub(crate) const STATICS: [&str; 3] = [
    "static/robots.txt",
    "static/404.html",
    "content/press/figure.png",
];
pub(crate) const PRESS: [(&str, &str); 4] = [
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
pub(crate) struct Paper {
    pub(crate) version: u32,
    pub(crate) year: i32,
    pub(crate) citation_count: Option<u64>,
    pub(crate) subfields: Vec<&'static str>,
    pub(crate) references: Vec<String>,
    /// (from, year)
    pub(crate) citations: Vec<(String, Option<i32>)>,
    /// Scores in thousandths: codex (meta_research, bibliometrics), gemma (the same).
    pub(crate) classification: Option<[u16; 4]>,
    pub(crate) lang: Option<&'static str>,
    pub(crate) draft: bool,
    /// locale → (version, with an abstract)
    pub(crate) translations: BTreeMap<&'static str, (u32, bool)>,
    pub(crate) broken: bool,
}

#[derive(Clone, Debug)]
pub(crate) struct PressVersion {
    pub(crate) version: u32,
    pub(crate) papers: Vec<String>,
}

/// The sources the test edits; everything else of the site (the rest of the theme) is as copied.
#[derive(Clone, Debug)]
pub(crate) struct State {
    pub(crate) papers: BTreeMap<String, Paper>,
    /// (slug, locale suffix or "") → version
    pub(crate) press: BTreeMap<(&'static str, &'static str), PressVersion>,
    /// (locale, message) → edits
    pub(crate) messages: BTreeMap<(usize, usize), u32>,
    pub(crate) templates: BTreeMap<usize, u32>,
    pub(crate) css: u32,
    pub(crate) statics: [u32; 3],
    pub(crate) config: u32,
    pub(crate) broken_template: bool,
    pub(crate) broken_messages: bool,
    pub(crate) created: u32,
}

pub(crate) fn id(n: u32) -> String {
    format!("2000.{n:05}")
}

impl State {
    pub(crate) fn initial() -> State {
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

    /// Every file the test manages, as it should be on disk; `theme` has the original text of
    /// the theme's files and messages.
    pub(crate) fn files(&self, theme: &BTreeMap<String, String>) -> BTreeMap<String, Vec<u8>> {
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
