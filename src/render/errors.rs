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

/// Each distinct error once, saying which pages it stopped. Errors at the same place of a
/// template are one mistake, whatever values their messages quote (a filter given each
/// paper's year): they are told once, with the other values in the help.
pub fn by_error(errors: Vec<PageError>) -> Vec<Diagnostic> {
    type Pages = Vec<((String, usize), String)>;
    let mut grouped: BTreeMap<String, (BTreeMap<String, Diagnostic>, Pages)> = BTreeMap::new();
    for error in errors {
        let place = match error.diagnostic.line_col() {
            Some((line, column)) => {
                format!("{}:{line}:{column}", error.diagnostic.path.display())
            }
            None => error.diagnostic.to_string(),
        };
        let (messages, pages) = grouped.entry(place).or_default();
        messages
            .entry(error.diagnostic.to_string())
            .or_insert(error.diagnostic);
        pages.push((error.order, error.output_path));
    }
    grouped
        .into_values()
        .filter_map(|(messages, mut pages)| {
            let mut messages = messages.into_values();
            let mut diagnostic = messages.next()?;
            let others: Vec<String> = messages.map(|d| d.message).collect();
            if !others.is_empty() {
                let also = the_same_with(&diagnostic.message, &others);
                diagnostic.help = Some(match diagnostic.help.take() {
                    Some(help) => format!("{help}; {also}"),
                    None => also,
                });
            }
            pages.sort_unstable();
            pages.dedup();
            let pages: Vec<String> = pages.into_iter().map(|(_, page)| page).collect();
            let pages = named_and_counted(&pages, PAGES_NAMED, ("page", "pages"));
            Some(diagnostic.with_label(format!("while rendering {pages}")))
        })
        .collect()
}

/// "the same with 2017, 2018, 2019 and 7 more values": what `others` say past the words they share
/// with `first`.
fn the_same_with(first: &str, others: &[String]) -> String {
    let shared = others.iter().fold(first.len(), |shared, other| {
        let same = first
            .char_indices()
            .zip(other.chars())
            .find(|((_, a), b)| a != b)
            .map_or(first.len().min(other.len()), |((at, _), _)| at);
        shared.min(same)
    });
    // Back to the start of the word where they part.
    let shared = first[..shared].rfind(' ').map_or(0, |space| space + 1);
    let tails: Vec<String> = others.iter().map(|o| o[shared..].to_string()).collect();
    format!(
        "the same with {}",
        named_and_counted(&tails, PAGES_NAMED, ("value", "values"))
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::SourceText;

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

    #[test]
    fn errors_at_one_place_of_a_template_are_one_error_whatever_values_they_quote() {
        let template = SourceText::new("templates/paper.html", "<h2>{{ paper.year | date }}</h2>");
        let at = |year: u32, place: &str| PageError {
            diagnostic: Diagnostic::at(
                &template,
                20,
                4,
                format!("`date` needs a YYYY-MM-DD date, not {year}"),
            ),
            output_path: format!("{place}.html"),
            order: (place.to_string(), 0),
        };
        let errors = by_error(vec![
            at(2017, "b"),
            at(2014, "a"),
            at(2018, "c"),
            at(2014, "d"),
            at(2019, "e"),
            at(2020, "f"),
        ]);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(
            errors[0].message,
            "`date` needs a YYYY-MM-DD date, not 2014"
        );
        assert_eq!(
            errors[0].help.as_deref(),
            Some("the same with 2017, 2018, 2019 and 1 more value")
        );
        assert!(errors[0]
            .render()
            .contains("while rendering a.html, b.html, c.html and 3 more pages"));
    }
}
