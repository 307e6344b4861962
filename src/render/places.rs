//! Where each page of the site lives: the kinds of page (`Job`), the list of them a locale renders,
//! and for each its template, its place in the site (the same in every locale but for a
//! long-form page with slugs) and the file it is written to.

use super::urls::{list_page_path, paper_path};
use super::views::{
    self, ALL_PAPERS_PATH, CATEGORY_BASE, SUBFIELDS_PATH, SUBFIELD_BASE, YEARS_PATH, YEAR_BASE,
};
use super::{feeds, Renderer, NOT_FOUND_PATH, SEARCH_PATH};
use crate::model::SiteModel;

/// Which list a list page shows.
#[derive(Clone, Copy)]
pub(super) enum List {
    All,
    Year(usize),
    Subfield(usize),
}

/// One page of the site, in any locale.
#[derive(Clone, Copy)]
pub(super) enum Job {
    Home,
    Paper(usize),
    /// The Markdown twin of a paper's page.
    Twin(usize),
    Page(usize),
    /// One page (one-based) of a list of papers.
    List(List, usize),
    Years,
    Subfields,
    /// The papers of a category by each head's score.
    Category(usize),
    /// The page served for an address that does not exist, `404.html` in each locale's root.
    NotFound,
    /// The Atom feed of the newest papers of the map (`None`) or of one subfield.
    Feed(Option<usize>),
    /// The page of the client-side search.
    Search,
    /// A redirect from an earlier address of a long-form page: rendered in one locale only.
    Alias(usize),
}

impl Job {
    /// Whether search engines should list the page: not the 404 page, the search page or a
    /// feed, and not the Markdown twins (which point at their page as canonical).
    pub(super) fn in_sitemap(self) -> bool {
        !matches!(
            self,
            Job::NotFound | Job::Feed(_) | Job::Search | Job::Twin(_) | Job::Alias(_)
        )
    }
}

/// The pages of one locale, in a stable order.
pub(super) fn jobs(model: &SiteModel, page_size: usize) -> Vec<Job> {
    let pages_of = |len: usize| 1..=views::page_count(len, page_size);
    let lists = &model.lists;
    let mut jobs = vec![
        Job::Home,
        Job::NotFound,
        Job::Search,
        Job::Years,
        Job::Subfields,
        Job::Feed(None),
    ];
    jobs.extend((0..lists.subfields.len()).map(|g| Job::Feed(Some(g))));
    jobs.extend((0..lists.categories.len()).map(Job::Category));
    jobs.extend((0..model.papers.len()).flat_map(|i| [Job::Paper(i), Job::Twin(i)]));
    jobs.extend((0..model.pages.len()).map(Job::Page));
    jobs.extend(pages_of(lists.all.len()).map(|p| Job::List(List::All, p)));
    for (g, group) in lists.years.iter().enumerate() {
        jobs.extend(pages_of(group.papers.len()).map(|p| Job::List(List::Year(g), p)));
    }
    for (g, group) in lists.subfields.iter().enumerate() {
        jobs.extend(pages_of(group.papers.len()).map(|p| Job::List(List::Subfield(g), p)));
    }
    jobs
}

impl Renderer<'_> {
    /// The template, the path in the site and the file name of a page.
    pub(super) fn place(&self, job: Job) -> (&'static str, String, &'static str) {
        match job {
            Job::Home => ("index.html", String::new(), "index.html"),
            Job::Paper(i) => (
                "paper.html",
                paper_path(&self.model.papers[i].record.id),
                "index.html",
            ),
            Job::Twin(i) => (
                "paper.md",
                paper_path(&self.model.papers[i].record.id),
                "index.md",
            ),
            Job::Page(i) => (
                "page.html",
                self.model.pages[i].path().to_string(),
                "index.html",
            ),
            Job::List(list, page) => {
                let (_, _, _, base) = self.list_source(list);
                ("list.html", list_page_path(&base, page), "index.html")
            }
            Job::Years => ("groups.html", YEARS_PATH.to_string(), "index.html"),
            Job::Subfields => ("groups.html", SUBFIELDS_PATH.to_string(), "index.html"),
            Job::NotFound => ("404.html", NOT_FOUND_PATH.to_string(), "404.html"),
            Job::Search => ("search.html", SEARCH_PATH.to_string(), "index.html"),
            Job::Feed(group) => (
                "atom.xml",
                feeds::feed_place(self.model, group),
                feeds::FEED_FILE,
            ),
            Job::Alias(a) => (
                "alias.html",
                self.redirects[a].path.to_string(),
                "index.html",
            ),
            Job::Category(c) => (
                "category.html",
                format!("{CATEGORY_BASE}/{}", self.model.lists.categories[c].slug),
                "index.html",
            ),
        }
    }

    /// The folder of a page in `locale` (from the locale's root) and the file its address names
    /// in it: pages live at `<path>/` (the file is left out), a long-form page at the address of
    /// the version the locale shows, the not-found page at `404.html` of each locale's root and
    /// the feeds at `atom.xml` of the folder of the page they follow.
    pub(super) fn folder_and_file<'p>(
        &'p self,
        job: Job,
        locale: &str,
        path: &'p str,
        file: &'p str,
    ) -> (&'p str, &'p str) {
        match job {
            Job::Page(i) => (self.model.pages[i].address(locale), ""),
            Job::NotFound => ("", file),
            Job::Feed(_) => (
                path.strip_suffix(file).unwrap_or("").trim_end_matches('/'),
                file,
            ),
            _ => (path, ""),
        }
    }

    /// Where a page is written, from the site's root: `file` in the folder `path_of` (of
    /// [`Self::folder_and_file`]) of `locale`.
    pub(super) fn output_path(&self, job: Job, locale: &str, path_of: &str, file: &str) -> String {
        match job {
            // An alias is written as the path from the site's root it names, locale and all.
            Job::Alias(_) => format!("{path_of}/{file}"),
            _ => format!("{}{file}", self.urls.site_path(locale, path_of)),
        }
    }

    /// Whether `job` is rendered in the `language`-th of the site's languages: a redirect only
    /// in the language of the page it leads to.
    pub(super) fn renders_in(&self, job: Job, language: usize) -> bool {
        match job {
            Job::Alias(a) => self.redirects[a].language == language,
            _ => true,
        }
    }

    /// What a list shows: its kind, its name, its papers and where it lives.
    pub(super) fn list_source(&self, list: List) -> (&'static str, Option<&str>, &[usize], String) {
        let lists = &self.model.lists;
        match list {
            List::All => ("all", None, &lists.all, ALL_PAPERS_PATH.to_string()),
            List::Year(g) => {
                let group = &lists.years[g];
                (
                    "year",
                    Some(&group.name),
                    &group.papers,
                    format!("{YEAR_BASE}/{}", group.slug),
                )
            }
            List::Subfield(g) => {
                let group = &lists.subfields[g];
                let base = format!("{SUBFIELD_BASE}/{}", group.slug);
                ("subfield", Some(&group.name), &group.papers, base)
            }
        }
    }
}
