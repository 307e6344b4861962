//! The errors of the pages that could not be rendered, reported once for all the pages each one
//! stopped: a template's mistake stops every page it renders, and a build of 10 000 papers
//! should say so once, with the pages it stopped, not thirty thousand times.

use std::collections::BTreeMap;

use crate::diagnostics::{named_and_counted, Diagnostic};

/// How many of the pages an error stopped it names before it counts the rest.
const PAGES_NAMED: usize = 3;

/// A page that could not be rendered: the error (in the template) and where the page goes.
#[derive(Debug)]
pub struct PageError {
    pub diagnostic: Diagnostic,
    pub output_path: String,
    /// Where it is named among the pages an error stopped: by its place in the site, then by
    /// its language's place among the site's languages.
    pub order: (String, usize),
}

/// Each distinct error once, saying which pages it stopped.
pub fn by_error(errors: Vec<PageError>) -> Vec<Diagnostic> {
    type Pages = Vec<((String, usize), String)>;
    let mut grouped: BTreeMap<String, (Diagnostic, Pages)> = BTreeMap::new();
    for error in errors {
        grouped
            .entry(error.diagnostic.to_string())
            .or_insert_with(|| (error.diagnostic, Vec::new()))
            .1
            .push((error.order, error.output_path));
    }
    grouped
        .into_values()
        .map(|(diagnostic, mut pages)| {
            pages.sort_unstable();
            pages.dedup();
            let pages: Vec<String> = pages.into_iter().map(|(_, page)| page).collect();
            let pages = named_and_counted(&pages, PAGES_NAMED, ("page", "pages"));
            diagnostic.with_label(format!("while rendering {pages}"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(message: &str, (locale, place): (usize, &str)) -> PageError {
        let prefix = ["", "fr/"][locale];
        PageError {
            diagnostic: Diagnostic::new("themes/default/templates/base.html", message),
            output_path: format!("{prefix}{place}.html"),
            order: (place.to_string(), locale),
        }
    }

    #[test]
    fn an_error_is_reported_once_with_the_pages_it_stopped() {
        let errors = by_error(vec![
            error("one", (1, "a")),
            error("two", (0, "c")),
            error("one", (0, "a")),
        ]);
        let rendered: Vec<String> = errors.iter().map(Diagnostic::render).collect();
        assert_eq!(errors.len(), 2);
        assert_eq!(errors[0].message, "one");
        assert_eq!(errors[1].message, "two");
        assert!(
            rendered[0].contains("while rendering a.html and fr/a.html"),
            "{}",
            rendered[0]
        );
        assert!(
            rendered[1].contains("while rendering c.html"),
            "{}",
            rendered[1]
        );
    }
}
