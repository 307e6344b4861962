//! What a paper's machine classification says, computed from its record and the site's scheme:
//! the candidate call (the union of the heads' calls), the consensus call (their intersection),
//! the head a single-source candidate comes from, whether the scores only order, and the
//! per-category score table in the scheme's order. Never typed into a record. It is computed
//! when the record is read (the record's own maps of scores are not kept), since a change of
//! the scheme in `site.toml` has every record read again.

use std::sync::Arc;

use crate::config::Scheme;
use crate::records::RawClassification;

/// One category's scores, one per head in the scheme's head order.
#[derive(Debug, Clone, PartialEq)]
pub struct ScoreRow {
    pub category: Arc<str>,
    pub scores: Box<[Option<f64>]>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Classification {
    pub status: String,
    pub label: Option<String>,
    pub iterations: Option<u32>,
    pub mature: bool,
    /// A human validated it (its status is one of the scheme's `validated`).
    pub validated: bool,
    /// The label says the scores may order papers but assert no category.
    pub score_only: bool,
    /// The heads with scores, in the scheme's order.
    pub heads: Vec<Arc<str>>,
    pub rows: Vec<ScoreRow>,
    /// Categories any head calls, in the scheme's order.
    pub candidate: Vec<Arc<str>>,
    /// Categories every head with calls calls, in the scheme's order.
    pub consensus: Vec<Arc<str>>,
    /// The one head the candidate comes from, when only one head makes calls.
    pub single_source: Option<Arc<str>>,
}

impl Classification {
    pub fn compute(raw: &RawClassification, scheme: &Scheme) -> Classification {
        let heads: Vec<Arc<str>> = scheme
            .heads
            .iter()
            .filter(|&h| raw.heads.contains_key(&**h))
            .cloned()
            .collect();
        let rows = scheme
            .categories
            .iter()
            .map(|category| ScoreRow {
                category: category.clone(),
                scores: heads
                    .iter()
                    .map(|h| raw.heads[&**h].get(&**category).copied())
                    .collect(),
            })
            .collect();
        let calling: Vec<&Vec<String>> = scheme
            .heads
            .iter()
            .filter_map(|h| raw.calls.get(&**h))
            .filter(|calls| !calls.is_empty())
            .collect();
        let in_order = |keep: &dyn Fn(&str) -> bool| -> Vec<Arc<str>> {
            scheme
                .categories
                .iter()
                .filter(|c| keep(c))
                .cloned()
                .collect()
        };
        let calls = |calls: &[String], c: &str| calls.iter().any(|call| call == c);
        let candidate = in_order(&|c| calling.iter().any(|these| calls(these, c)));
        let consensus = if calling.len() >= 2 {
            in_order(&|c| calling.iter().all(|these| calls(these, c)))
        } else {
            Vec::new()
        };
        let mut sources = scheme
            .heads
            .iter()
            .filter(|&h| raw.calls.get(&**h).is_some_and(|calls| !calls.is_empty()));
        let single_source = match (sources.next(), sources.next()) {
            (Some(only), None) => Some(only.clone()),
            _ => None,
        };
        Classification {
            status: raw.status.clone(),
            label: raw.label.clone(),
            iterations: raw.iterations,
            mature: raw.mature.unwrap_or(false),
            validated: scheme.validated.iter().any(|v| **v == *raw.status),
            score_only: raw
                .label
                .as_deref()
                .is_some_and(|l| l.starts_with("score_only")),
            heads,
            rows,
            candidate,
            consensus,
            single_source,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn names(list: &[Arc<str>]) -> Vec<&str> {
        list.iter().map(|name| &**name).collect()
    }

    fn scheme() -> Scheme {
        Scheme {
            categories: vec!["a".into(), "b".into(), "c".into()],
            heads: vec!["codex".into(), "gemma".into()],
            statuses: vec!["machine".into(), "human".into()],
            validated: vec!["human".into()],
        }
    }

    fn raw(calls: &[(&str, &[&str])]) -> RawClassification {
        let scores: BTreeMap<String, f64> = [("a", 0.5), ("b", 0.1), ("c", 0.0)]
            .iter()
            .map(|(k, v)| (k.to_string(), *v))
            .collect();
        RawClassification {
            status: "machine".into(),
            label: Some("score_only:v0".into()),
            iterations: Some(7),
            mature: Some(false),
            heads: [
                ("gemma".to_string(), scores.clone()),
                ("codex".to_string(), scores),
            ]
            .into(),
            calls: calls
                .iter()
                .map(|(h, c)| (h.to_string(), c.iter().map(|x| x.to_string()).collect()))
                .collect(),
        }
    }

    #[test]
    fn candidate_is_the_union_and_consensus_the_intersection() {
        let c = Classification::compute(
            &raw(&[("gemma", &["b", "a"]), ("codex", &["a", "c"])]),
            &scheme(),
        );
        assert_eq!(names(&c.candidate), ["a", "b", "c"]);
        assert_eq!(names(&c.consensus), ["a"]);
        assert_eq!(c.single_source, None);
        assert!(c.score_only && !c.validated);
        assert_eq!(names(&c.heads), ["codex", "gemma"], "the scheme's order");
        assert_eq!(*c.rows[0].scores, [Some(0.5), Some(0.5)]);
    }

    #[test]
    fn one_calling_head_is_a_single_source_candidate_without_consensus() {
        let c = Classification::compute(&raw(&[("gemma", &["b"]), ("codex", &[])]), &scheme());
        assert_eq!(names(&c.candidate), ["b"]);
        assert!(c.consensus.is_empty());
        assert_eq!(c.single_source.as_deref(), Some("gemma"));
        let none = Classification::compute(&raw(&[]), &scheme());
        assert!(none.candidate.is_empty() && none.single_source.is_none());
    }
}
