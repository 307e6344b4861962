//! The checks of a record's machine classification against the site's scheme (`site.toml`'s
//! `[classification]`): known status, heads and categories, a score for every category, and
//! scores between 0 and 1. Each error points at the name it rejects.

use std::sync::Arc;

use crate::config::Config;
use crate::diagnostics::{suggest, Diagnostic};
use crate::records::RawClassification;

use super::Checker;

impl Checker<'_> {
    /// An error at the last of `path` inside the classification block, each found after the one
    /// before (`["heads:", "gemma:", "bibliometrics:"]`); at the last alone, or at the block,
    /// when the path is not found.
    fn error_in(&mut self, path: &[&str], message: String, help: String) {
        let block = "classification";
        let (line, column) = self
            .fm
            .find_path_in(self.source, block, path)
            .or_else(|| self.fm.find_in(self.source, block, path.last()?))
            .unwrap_or_else(|| self.fm.locate(self.source, &[block]));
        self.errors
            .push(Diagnostic::at_line_col(self.source, line, column, message).with_help(help));
    }

    /// Checks a classification against the site's scheme; true when it can be shown.
    pub(super) fn classification(&mut self, config: &Config, c: &RawClassification) -> bool {
        let scheme = &config.classification;
        let before = self.errors.len();
        if scheme.statuses.is_empty() {
            self.error_in(
                &["status"],
                "this record has a classification, but site.toml declares none".into(),
                "declare `[classification]` with its `categories`, `heads` and `statuses` in site.toml".into(),
            );
            return false;
        }
        let known = |list: &[Arc<str>], name: &str| list.iter().any(|x| &**x == name);
        let one_of = |list: &[Arc<str>], name: &str| match suggest(name, list.iter().map(|x| &**x))
        {
            Some(s) => format!("did you mean `{s}`?"),
            None => format!("use one of: {}", list.join(", ")),
        };
        if !known(&scheme.statuses, &c.status) {
            let help = one_of(&scheme.statuses, &c.status);
            self.error_in(
                &["status:", &c.status],
                format!("unknown classification status `{}`", c.status),
                help,
            );
        }
        for (head, scores) in &c.heads {
            let head_key = format!("{head}:");
            if !known(&scheme.heads, head) {
                let help = one_of(&scheme.heads, head);
                self.error_in(
                    &["heads:", &head_key],
                    format!("unknown head `{head}`"),
                    help,
                );
                continue;
            }
            for (category, score) in scores {
                if !known(&scheme.categories, category) {
                    let help = one_of(&scheme.categories, category);
                    self.error_in(
                        &["heads:", &head_key, &format!("{category}:")],
                        format!("unknown category `{category}` in the scores of `{head}`"),
                        help,
                    );
                } else if !(0.0..=1.0).contains(score) {
                    self.error_in(
                        &["heads:", &head_key, &format!("{category}:")],
                        format!(
                            "the score of `{category}` for `{head}` is {score}, outside 0 to 1"
                        ),
                        "scores are probabilities between 0 and 1".into(),
                    );
                }
            }
            for category in scheme
                .categories
                .iter()
                .filter(|&k| !scores.contains_key(&**k))
            {
                self.error_in(
                    &["heads:", &head_key],
                    format!("the head `{head}` has no score for the category `{category}`"),
                    format!(
                        "give `{head}` a score for every category: {}",
                        scheme.categories.join(", ")
                    ),
                );
            }
        }
        for (head, calls) in &c.calls {
            let head_key = format!("{head}:");
            if !known(&scheme.heads, head) {
                let help = one_of(&scheme.heads, head);
                self.error_in(
                    &["calls:", &head_key],
                    format!("unknown head `{head}` in the calls"),
                    help,
                );
            }
            for category in calls.iter().filter(|k| !known(&scheme.categories, k)) {
                let help = one_of(&scheme.categories, category);
                self.error_in(
                    &["calls:", &head_key, category],
                    format!("unknown category `{category}` in the calls of `{head}`"),
                    help,
                );
            }
        }
        self.errors.len() == before
    }
}
