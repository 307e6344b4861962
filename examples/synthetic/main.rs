//! Writes a synthetic paper map, for benchmarks: `cargo run --release --example synthetic -- N DIR`
//! writes N paper records (and translations of about 30 % of them into French and Chinese) into
//! DIR/content/papers, a site.toml with the languages en, fr and zh and the example site's
//! classification scheme and facts, and copies of this repository's themes/ and i18n/.
//!
//! The site is deterministic: the same N gives the same bytes. Each paper has an abstract of
//! 150–250 words, 10–40 references of which about 60 % are papers of the map, one to three
//! subfields of a fixed list, a classification block, a citation count and a year; about 10 %
//! have a fenced BibTeX block in their body. Paper `i` has the id `YYMM.<i, five digits>`.
//!
//! Only the standard library is used: the random numbers come from a small splitmix64.

use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::Path;
use std::process::ExitCode;

mod text;

use text::{
    capitalize, chinese, prose, title, title_outside, Rng, CATEGORIES, FILLERS, FIRST_NAMES,
    FRENCH, HEADS, LAST_NAMES, SUBFIELDS, WORDS,
};

struct Paper {
    id: String,
    year: u64,
    month: u64,
}

fn papers(n: usize) -> Vec<Paper> {
    (0..n)
        .map(|i| {
            let mut rng = Rng::new(i as u64);
            let year = rng.range(2008, 2025);
            let month = rng.range(1, 12);
            Paper {
                id: format!("{:02}{:02}.{:05}", year % 100, month, i),
                year,
                month,
            }
        })
        .collect()
}

fn record(i: usize, all: &[Paper]) -> (String, Option<(String, String)>) {
    let me = &all[i];
    let mut rng = Rng::new(0xA5A5_0000 + i as u64);
    let mut out = String::new();
    let title = title(&mut rng);
    let _ = writeln!(out, "---");
    let _ = writeln!(out, "id: \"{}\"", me.id);
    let _ = writeln!(out, "title: \"{title}\"");
    let authors: Vec<String> = (0..rng.range(1, 6))
        .map(|_| format!("\"{} {}\"", rng.pick(FIRST_NAMES), rng.pick(LAST_NAMES)))
        .collect();
    let _ = writeln!(out, "authors: [{}]", authors.join(", "));
    let _ = writeln!(out, "year: {}", me.year);
    let _ = writeln!(
        out,
        "first_posted: {}-{:02}-{:02}",
        me.year,
        me.month,
        rng.range(1, 28)
    );
    let _ = writeln!(
        out,
        "links: {{ arxiv: \"https://arxiv.org/abs/{}\" }}",
        me.id
    );
    // Skewed like real counts: most papers are cited a little, a few a lot.
    let citations = (rng.unit().powi(3) * 5000.0) as u64;
    let _ = writeln!(out, "citation_count: {citations}");
    let mut subfields: Vec<&str> = Vec::new();
    for _ in 0..rng.range(1, 3) {
        let s = rng.pick(SUBFIELDS);
        if !subfields.contains(&s) {
            subfields.push(s);
        }
    }
    let quoted: Vec<String> = subfields.iter().map(|s| format!("\"{s}\"")).collect();
    let _ = writeln!(out, "subfields: [{}]", quoted.join(", "));

    let count = rng.range(10, 40) as usize;
    let _ = writeln!(out, "references:");
    let mut cited: Vec<usize> = Vec::new();
    for _ in 0..count {
        if cited.len() + 1 < all.len() && rng.chance(0.6) {
            let mut j = rng.next() as usize % all.len();
            while j == i || cited.contains(&j) {
                j = (j + 1) % all.len();
            }
            cited.push(j);
            let _ = writeln!(out, "  - \"{}\"", all[j].id);
        } else if rng.chance(0.5) {
            let _ = writeln!(
                out,
                "  - \"W{}\"",
                1_000_000_000 + rng.range(0, 999_999_999)
            );
        } else {
            let _ = writeln!(
                out,
                "  - {{ title: \"{}\", year: {} }}",
                title_outside(&mut rng),
                rng.range(1990, 2024)
            );
        }
    }
    let _ = writeln!(out, "reference_count: {count}");
    let _ = writeln!(out, "abstract_source: arxiv");
    if rng.chance(0.15) && all.len() > 1 {
        let _ = writeln!(out, "citations:");
        for _ in 0..rng.range(1, 3) {
            let mut j = rng.next() as usize % all.len();
            if j == i {
                j = (j + 1) % all.len();
            }
            let from = &all[j];
            let intent = rng.pick(&["methodology", "background", "result", "unknown"]);
            let _ = writeln!(
                out,
                "  - {{ from: \"{}\", year: {}, intent: {intent}, quote: \"{}\" }}",
                from.id,
                from.year,
                prose(&mut rng, 12, WORDS, FILLERS)
            );
        }
    }
    let _ = writeln!(out, "classification:");
    let _ = writeln!(out, "  status: machine_predicted_unvalidated");
    let _ = writeln!(out, "  label: \"score_only:v0-immature-baseline\"");
    let _ = writeln!(out, "  iterations: {}", rng.range(1, 12));
    let _ = writeln!(out, "  mature: {}", rng.chance(0.2));
    let _ = writeln!(out, "  heads:");
    let mut calls: Vec<String> = Vec::new();
    for head in HEADS {
        let mut scores = Vec::new();
        let mut called = Vec::new();
        for category in CATEGORIES {
            let score = rng.unit().powi(4);
            if score > 0.5 {
                called.push(*category);
            }
            scores.push(format!("{category}: {score:.3}"));
        }
        let _ = writeln!(out, "    {head}: {{ {} }}", scores.join(", "));
        calls.push(format!("{head}: [{}]", called.join(", ")));
    }
    let _ = writeln!(out, "  calls: {{ {} }}", calls.join(", "));
    let _ = writeln!(out, "---");
    let words = rng.range(150, 250) as usize;
    out.push_str(&prose(&mut rng, words, WORDS, FILLERS));
    out.push('\n');
    if rng.chance(0.1) {
        let key = format!("{}{}", rng.pick(LAST_NAMES).to_lowercase(), me.year);
        let _ = write!(
            out,
            "\n```bibtex\n@article{{{key},\n  title = {{{title}}},\n  author = {{{}}},\n  year = {{{}}},\n  eprint = {{{}}},\n  archivePrefix = {{arXiv}},\n}}\n```\n",
            authors
                .iter()
                .map(|a| a.trim_matches('"'))
                .collect::<Vec<_>>()
                .join(" and "),
            me.year,
            me.id
        );
    }

    let translations = if rng.chance(0.3) {
        let words = rng.range(150, 250) as usize;
        let length = rng.range(5, 10) as usize;
        let fr_title = capitalize(&prose(&mut rng, length, FRENCH, FRENCH))
            .trim_end_matches('.')
            .to_string();
        let fr = format!(
            "---\ntitle: \"{fr_title}\"\n---\n{}\n",
            prose(&mut rng, words, FRENCH, FRENCH)
        );
        let length = rng.range(6, 12) as usize;
        let zh_title = chinese(&mut rng, length)
            .trim_end_matches('。')
            .replace('，', "");
        let words = rng.range(150, 250) as usize;
        let zh = format!(
            "---\ntitle: \"{zh_title}\"\n---\n{}\n",
            chinese(&mut rng, words)
        );
        Some((fr, zh))
    } else {
        None
    };
    (out, translations)
}

/// The site's settings: the example site's languages and facts, and the classification scheme
/// whose categories and heads the records are scored on ([`CATEGORIES`], [`HEADS`]).
fn site_toml() -> String {
    let categories: String = CATEGORIES.iter().map(|c| format!("  \"{c}\",\n")).collect();
    let heads: Vec<String> = HEADS.iter().map(|h| format!("\"{h}\"")).collect();
    let heads = heads.join(", ");
    format!(
        r#"# A synthetic paper map written by `cargo run --example synthetic`, for benchmarks.
base_url = "https://example.org"
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

[facts]
teacher_labels = 10348
inverted_index_gb = 8.6
database_text_gb = 9.3
free_disk_gb = 13

[classification]
categories = [
{categories}]
heads = [{heads}]
statuses = ["machine_predicted_unvalidated", "human_validated"]
validated = ["human_validated"]
"#
    )
}

fn copy_dir(from: &Path, to: &Path) -> io::Result<()> {
    fs::create_dir_all(to)?;
    let mut entries: Vec<_> = fs::read_dir(from)?.collect::<io::Result<_>>()?;
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_dir(&entry.path(), &target)?;
        } else {
            fs::copy(entry.path(), &target)?;
        }
    }
    Ok(())
}

/// Writes a file unless it already holds these bytes, so that running the example again on the
/// same folder does not touch it.
fn write(path: &Path, contents: &str) -> io::Result<()> {
    if fs::read(path).ok().as_deref() == Some(contents.as_bytes()) {
        return Ok(());
    }
    fs::write(path, contents)
}

pub fn generate(n: usize, dir: &Path) -> io::Result<(usize, usize)> {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    fs::create_dir_all(dir)?;
    write(&dir.join("site.toml"), &site_toml())?;
    for folder in ["themes", "i18n"] {
        copy_dir(&repo.join(folder), &dir.join(folder))?;
    }
    let papers_dir = dir.join("content").join("papers");
    fs::create_dir_all(&papers_dir)?;
    let all = papers(n);
    let mut translated = 0;
    for i in 0..n {
        let (text, translations) = record(i, &all);
        let id = &all[i].id;
        write(&papers_dir.join(format!("{id}.md")), &text)?;
        if let Some((fr, zh)) = translations {
            translated += 1;
            write(&papers_dir.join(format!("{id}.fr.md")), &fr)?;
            write(&papers_dir.join(format!("{id}.zh.md")), &zh)?;
        }
    }
    Ok((n, translated))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (n, dir) = match args.as_slice() {
        [n, dir] => match n.parse::<usize>() {
            Ok(n) if n >= 1 => (n, Path::new(dir)),
            _ => {
                eprintln!("error: N must be a whole number of at least 1, not `{n}`");
                return ExitCode::from(2);
            }
        },
        _ => {
            eprintln!("usage: cargo run --release --example synthetic -- N DIR");
            return ExitCode::from(2);
        }
    };
    if dir.join("content").join("papers").exists() {
        // Papers of a larger map written earlier would stay: refuse to mix maps.
        let existing = fs::read_dir(dir.join("content").join("papers"))
            .map(|r| r.filter_map(Result::ok).count())
            .unwrap_or(0);
        if existing > 0 && !same_size(dir, n) {
            eprintln!(
                "error: {} already holds another map; give an empty or new folder",
                dir.display()
            );
            return ExitCode::FAILURE;
        }
    }
    match generate(n, dir) {
        Ok((n, translated)) => {
            fs::write(dir.join(".synthetic"), format!("{n}\n")).ok();
            println!(
                "synthetic: wrote {n} papers ({translated} translated into fr and zh) into {}",
                dir.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: cannot write the site into {}: {e}", dir.display());
            ExitCode::FAILURE
        }
    }
}

/// Whether DIR was written by this example for the same N (so writing it again is harmless).
fn same_size(dir: &Path, n: usize) -> bool {
    fs::read_to_string(dir.join(".synthetic"))
        .map(|s| s.trim() == n.to_string())
        .unwrap_or(false)
}
