//! What a paper's pages in every locale (and its Markdown twins) share while they are rendered
//! together: what is made once for them rather than once a locale, and dropped after them.

use std::borrow::Cow;
use std::cell::{OnceCell, RefCell};

use crate::model::SiteModel;

use super::views;

/// What a paper's pages show the same in every locale, made once for them (they are rendered
/// together, when the first of them needs it) and dropped after them.
#[derive(Default)]
pub(super) struct Shared {
    /// The BibTeX entry, as text and highlighted.
    bibtex: OnceCell<(String, String)>,
    /// The original abstract's HTML, shown in every locale without a translation of it (a
    /// translation is shown in its own locale only, so it is made where it is shown).
    abstract_html: OnceCell<String>,
    /// The original abstract as plain text (the head's description and JSON-LD), likewise.
    plain_abstract: OnceCell<String>,
    /// The context of the paper's page in each locale rendered so far, which its Markdown twin
    /// (rendered after it) takes rather than making the same again.
    paper_contexts: RefCell<Vec<(String, tera::Context)>>,
}

impl Shared {
    pub fn keep_paper_context(&self, locale: &str, context: tera::Context) {
        self.paper_contexts
            .borrow_mut()
            .push((locale.to_string(), context));
    }

    pub fn paper_context(&self, locale: &str) -> Option<tera::Context> {
        let mut kept = self.paper_contexts.borrow_mut();
        let at = kept.iter().position(|(l, _)| l == locale)?;
        Some(kept.swap_remove(at).1)
    }

    /// The BibTeX entry of the paper, as text and highlighted.
    pub fn bibtex(&self, model: &SiteModel, paper: usize) -> (&str, &str) {
        let (text, html) = self
            .bibtex
            .get_or_init(|| super::bibtex::entry_and_html(&model.papers[paper]));
        (text, html)
    }

    /// The HTML of the paper's abstract as shown in `locale`.
    pub fn abstract_html(&self, model: &SiteModel, paper: usize, locale: &str) -> Cow<'_, str> {
        views::abstract_as(model, paper, locale, &self.abstract_html, |markdown| {
            crate::markdown::render(markdown).html
        })
    }

    /// The paper's abstract as shown in `locale`, as plain text.
    pub fn plain_abstract(&self, model: &SiteModel, paper: usize, locale: &str) -> Cow<'_, str> {
        views::abstract_as(
            model,
            paper,
            locale,
            &self.plain_abstract,
            crate::markdown::plain_text,
        )
    }
}
