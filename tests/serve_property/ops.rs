//! The edits the property test makes: `Op`, the strategy that generates them, and what each one
//! does to the `State` of the generated site.

use std::collections::BTreeMap;

use proptest::prelude::*;

use crate::site::{
    id, Paper, PressVersion, State, LOCALES, MESSAGES, PRESS, STATICS, SUBFIELDS, TEMPLATES, YEARS,
};

/// One edit of the site's sources. Indices pick among what exists when the edit is made.
#[derive(Clone, Debug)]
pub(crate) enum Op {
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

pub(crate) fn op() -> impl Strategy<Value = Op> {
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

impl State {
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

    pub(crate) fn apply(&mut self, op: &Op) {
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
}
