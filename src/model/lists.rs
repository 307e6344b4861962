//! The map's list pages, computed once from the linked papers: all papers, papers by year, by
//! subfield, and by the machine scores of each category, each in the order readers see them.

use std::collections::BTreeMap;

use rayon::prelude::*;

use crate::config::Scheme;

use super::PaperEntry;

/// A named group of papers: one year, or one subfield.
#[derive(Debug, Clone)]
pub struct Group {
    /// What readers see: `2022`, `Computer Vision and Pattern Recognition`.
    pub name: String,
    /// Its place in URLs: `2022`, `computer-vision-and-pattern-recognition`.
    pub slug: String,
    /// Most cited first.
    pub papers: Vec<usize>,
}

/// The papers scored for one category, ordered by each head's score.
#[derive(Debug, Clone)]
pub struct CategoryRanking {
    pub category: String,
    pub slug: String,
    pub by_head: Vec<HeadRanking>,
}

/// Papers by one head's score for a category, highest first (ties: most cited first).
#[derive(Debug, Clone)]
pub struct HeadRanking {
    pub head: String,
    pub papers: Vec<(usize, f64)>,
}

#[derive(Debug, Default, Clone)]
pub struct Lists {
    /// Every paper, most cited first.
    pub all: Vec<usize>,
    /// Every paper, newest year first, then most cited.
    pub newest: Vec<usize>,
    /// Every paper, most recently first posted first (see [`posted_on`]), then by id: the order
    /// of the feeds.
    pub posted: Vec<usize>,
    /// Newest year first.
    pub years: Vec<Group>,
    /// By name.
    pub subfields: Vec<Group>,
    /// Subfield name → its place in `subfields`: every paper page looks its subfields up.
    subfield_index: std::collections::HashMap<String, usize>,
    /// In the scheme's order of categories.
    pub categories: Vec<CategoryRanking>,
}

impl Lists {
    pub fn compute(
        papers: &[PaperEntry],
        scheme: &Scheme,
        most_cited_first: impl Fn(&mut Vec<usize>) + Sync,
    ) -> Lists {
        // The feeds' order needs nothing else: it is sorted beside the rest.
        let (posted, all) = rayon::join(
            || {
                let mut posted: Vec<usize> = (0..papers.len()).collect();
                sort_newest_posted(papers, &mut posted);
                posted
            },
            || {
                let mut all: Vec<usize> = (0..papers.len()).collect();
                most_cited_first(&mut all);
                all
            },
        );

        let mut by_year: BTreeMap<i32, Vec<usize>> = BTreeMap::new();
        let mut by_subfield: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        // `all` is already in reading order, so each group inherits it.
        for &i in &all {
            by_year.entry(papers[i].record.year).or_default().push(i);
            let mut seen: Vec<&str> = Vec::new();
            for subfield in &papers[i].record.subfields {
                if !seen.contains(&subfield.as_str()) {
                    seen.push(subfield);
                    by_subfield.entry(subfield).or_default().push(i);
                }
            }
        }
        let newest = by_year.values().rev().flatten().copied().collect();
        let years = by_year
            .into_iter()
            .rev()
            .map(|(year, papers)| Group {
                name: year.to_string(),
                slug: year.to_string(),
                papers,
            })
            .collect();
        let mut taken: Vec<String> = Vec::new();
        let subfields: Vec<Group> = by_subfield
            .into_iter()
            .map(|(name, papers)| {
                let slug = unique(slugify(name), &mut taken);
                Group {
                    name: name.to_string(),
                    slug,
                    papers,
                }
            })
            .collect();
        let categories = rank_categories(papers, scheme, &all);
        Lists {
            all,
            newest,
            posted,
            years,
            subfield_index: subfields
                .iter()
                .enumerate()
                .map(|(i, g)| (g.name.clone(), i))
                .collect(),
            subfields,
            categories,
        }
    }

    pub fn category(&self, id: &str) -> Option<&CategoryRanking> {
        self.categories.iter().find(|c| c.category == id)
    }

    pub fn subfield(&self, name: &str) -> Option<&Group> {
        self.subfield_index.get(name).map(|&i| &self.subfields[i])
    }
}

/// For each category and head, the scored papers by score; `all` gives the order of ties.
fn rank_categories(papers: &[PaperEntry], scheme: &Scheme, all: &[usize]) -> Vec<CategoryRanking> {
    let mut taken = Vec::new();
    let slugs: Vec<String> = scheme
        .categories
        .iter()
        .map(|category| unique(slugify(category), &mut taken))
        .collect();
    // Each paper's classification has one row per category of the scheme, in its order.
    let by_head: Vec<Vec<HeadRanking>> = (0..scheme.categories.len())
        .into_par_iter()
        .map(|row| {
            scheme
                .heads
                .iter()
                .map(|head| {
                    let mut scored: Vec<(usize, f64)> = all
                        .iter()
                        .filter_map(|&i| {
                            let c = papers[i].record.classification.as_ref()?;
                            let column = c.heads.iter().position(|h| h == head)?;
                            Some((i, c.rows.get(row)?.scores[column]?))
                        })
                        .collect();
                    // A stable sort keeps the most cited first among equal scores.
                    scored.sort_by(|a, b| b.1.total_cmp(&a.1));
                    HeadRanking {
                        head: head.to_string(),
                        papers: scored,
                    }
                })
                .collect()
        })
        .collect();
    scheme
        .categories
        .iter()
        .zip(slugs)
        .zip(by_head)
        .map(|((category, slug), by_head)| CategoryRanking {
            category: category.to_string(),
            slug,
            by_head,
        })
        .collect()
}

/// `Radiology, Nuclear Medicine & Imaging` → `radiology-nuclear-medicine-imaging`; letters of
/// every script are kept, so Chinese names give Chinese slugs.
pub fn slugify(name: &str) -> String {
    let mut slug = String::with_capacity(name.len());
    for c in name.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            slug.push(c);
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    let slug = slug.trim_end_matches('-').to_string();
    if slug.is_empty() {
        "subfield".to_string()
    } else {
        slug
    }
}

/// Two names that give the same slug get `-2`, `-3`, … in name order.
fn unique(slug: String, taken: &mut Vec<String>) -> String {
    let mut candidate = slug.clone();
    let mut n = 2;
    while taken.contains(&candidate) {
        candidate = format!("{slug}-{n}");
        n += 1;
    }
    taken.push(candidate.clone());
    candidate
}

/// The day a paper was first posted; the first day of its year when the record has no date.
pub fn posted_on(entry: &PaperEntry) -> crate::records::Date {
    let record = &entry.record;
    record.first_posted.unwrap_or(crate::records::Date {
        year: record.year,
        month: 1,
        day: 1,
    })
}

/// Sorts papers most recently first posted first, then by id.
pub fn sort_newest_posted(papers: &[PaperEntry], list: &mut [usize]) {
    list.sort_by(|&a, &b| {
        let key = |i: usize| (posted_on(&papers[i]), &papers[i].record.id);
        let ((date_a, id_a), (date_b, id_b)) = (key(a), key(b));
        date_b.cmp(&date_a).then_with(|| id_a.cmp(id_b))
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs() {
        assert_eq!(
            slugify("Computer Vision and Pattern Recognition"),
            "computer-vision-and-pattern-recognition"
        );
        assert_eq!(
            slugify("Radiology, Nuclear Medicine and Imaging"),
            "radiology-nuclear-medicine-and-imaging"
        );
        assert_eq!(slugify("Evaluation & Benchmarks"), "evaluation-benchmarks");
        assert_eq!(slugify("计算机视觉"), "计算机视觉");
        assert_eq!(slugify("&&"), "subfield");
        let mut taken = Vec::new();
        assert_eq!(unique("a".into(), &mut taken), "a");
        assert_eq!(unique("a".into(), &mut taken), "a-2");
    }
}
