//! What an edit can change. `classify` maps a changed file to the kind of change (a small pure
//! function); `affected_places` compares the map before and after an edit of records and names
//! every page whose output can differ: the pages of each paper or page whose own text changed
//! or whose standing in the map changed (in-map citations), the pages that list or count them,
//! and the list pages whose slice of papers moved. Two models of the same linking (see
//! `SiteModel::relink`) are compared paper by paper in place, their lists being the same.

use std::collections::{BTreeMap, HashSet};
use std::path::{Component, Path};
use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::diagnostics::SourceFile;
use crate::discover::{is_ignored, is_ignored_static, is_markdown_name, CONTENT_DIR};
use crate::localize::I18N_DIR;
use crate::model::SiteModel;
use crate::render::feeds::{feed_papers, feed_place};
use crate::render::urls::{list_page_path, paper_path};
use crate::render::views::{
    page_count, ALL_PAPERS_PATH, CATEGORY_BASE, SUBFIELDS_PATH, SUBFIELD_BASE, YEARS_PATH,
    YEAR_BASE,
};
use crate::render::SEARCH_PATH;
use crate::search;
use crate::templates::SITE_TEMPLATES_DIR;

/// The kind of a changed file, relative to the site's root.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Change {
    /// A record or a long-form page.
    Content,
    /// The messages of one locale.
    Messages(String),
    /// A template, by name (`paper.html`).
    Template(String),
    /// A file copied as it is: static files, content assets.
    Static,
    /// `site.toml`: everything may change.
    Config,
    /// Not a source of the site (the output, editor files, version control).
    Ignored,
}

/// What a changed path is, given the site's theme.
pub fn classify(relative: &Path, theme: &str) -> Change {
    let parts: Vec<String> = relative
        .components()
        .filter_map(|c| match c {
            Component::Normal(part) => Some(part.to_string_lossy().into_owned()),
            _ => None,
        })
        .collect();
    let Some(name) = parts.last() else {
        return Change::Ignored;
    };
    let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
    // The static folders publish hidden files (`.well-known/`) but the rest of a site does not.
    let in_static = match parts.as_slice() {
        ["static", ..] => true,
        ["themes", t, "static", ..] => *t == theme,
        _ => false,
    };
    let ignored = if in_static {
        parts.iter().any(|p| is_ignored_static(p))
    } else {
        is_ignored(name) || parts.iter().any(|p| p.starts_with('.'))
    };
    if ignored {
        return Change::Ignored;
    }
    match parts.as_slice() {
        ["site.toml"] => Change::Config,
        [CONTENT_DIR, .., file] if is_markdown_name(file) => Change::Content,
        [CONTENT_DIR, ..] => Change::Static,
        [I18N_DIR, locale, .., file] if file.ends_with(".ftl") => {
            Change::Messages(locale.to_string())
        }
        [SITE_TEMPLATES_DIR, rest @ ..] if !rest.is_empty() => Change::Template(rest.join("/")),
        ["themes", t, "templates", rest @ ..] if *t == theme && !rest.is_empty() => {
            Change::Template(rest.join("/"))
        }
        ["themes", t, "static", ..] if *t == theme => Change::Static,
        ["static", ..] => Change::Static,
        _ => Change::Ignored,
    }
}

/// The source files of a record and its translations (by locale). Two are the same when each
/// file is, by path and by the digest of its text.
struct Texts<'a>(Vec<(Option<&'a str>, &'a SourceFile)>);

impl<'a> Texts<'a> {
    fn of(
        original: &'a SourceFile,
        translations: impl Iterator<Item = (&'a String, &'a SourceFile)>,
    ) -> Texts<'a> {
        let mut texts = vec![(None, original)];
        texts.extend(translations.map(|(locale, t)| (Some(locale.as_str()), t)));
        Texts(texts)
    }
}

impl PartialEq for Texts<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.0.len() == other.0.len()
            && self
                .0
                .iter()
                .zip(&other.0)
                .all(|((la, a), (lb, b))| la == lb && a.same(b))
    }
}

/// What other pages show of a paper: its record and translations, and its rank (in-map count).
fn paper_signatures(model: &SiteModel) -> FxHashMap<&str, (Texts<'_>, usize)> {
    model
        .papers
        .iter()
        .map(|p| {
            let translations = p.translations.iter().map(|(l, t)| (l, &t.source));
            let texts = Texts::of(&p.record.source, translations);
            (p.record.id.as_str(), (texts, p.built_on_by.len()))
        })
        .collect()
}

/// The papers whose record or translations differ between two models of the same linking, where
/// each paper is at the same place in both.
fn touched_in_place<'a>(old: &'a SiteModel, new: &'a SiteModel) -> FxHashSet<&'a str> {
    old.papers
        .iter()
        .zip(&new.papers)
        .filter(|(a, b)| {
            // A record read again only if its file changed is the same one in both models:
            // comparing the pointers first spares reading 100 000 records from memory.
            let translations_same = a.translations.len() == b.translations.len()
                && a.translations
                    .iter()
                    .zip(&b.translations)
                    .all(|((la, ta), (lb, tb))| {
                        la == lb && (Arc::ptr_eq(ta, tb) || ta.source.same(&tb.source))
                    });
            let record_same =
                Arc::ptr_eq(&a.record, &b.record) || a.record.source.same(&b.record.source);
            !(record_same && translations_same)
        })
        .map(|(a, _)| a.record.id.as_str())
        .collect()
}

fn page_signatures(model: &SiteModel) -> FxHashMap<&str, Texts<'_>> {
    model
        .pages
        .iter()
        .map(|p| {
            let translations = p.translations.iter().map(|(l, t)| (l, &t.source));
            (p.path(), Texts::of(&p.original.source, translations))
        })
        .collect()
}

/// Each subfield's slug and size, by name: what a paper's page links to.
fn subfield_links(model: &SiteModel) -> FxHashMap<&str, (&str, usize)> {
    model
        .lists
        .subfields
        .iter()
        .map(|g| (g.name.as_str(), (g.slug.as_str(), g.papers.len())))
        .collect()
}

/// A paginated list of the map as its pages show it: what every page states (the group's name,
/// which moves with its slug; a list's length, a category's count for each head) and the papers
/// of each page.
#[derive(PartialEq)]
struct ListPages<'a, T> {
    name: &'a str,
    totals: Vec<usize>,
    pages: Vec<Vec<T>>,
}

/// A paper of a list as two models are compared: by its place, when both models come from the
/// same linking (the same paper at the same place), else by its id.
trait ListItem: Copy + Eq + std::hash::Hash {
    /// What stands between two heads' rankings on a category page; never a paper.
    const BETWEEN_HEADS: Self;
}

impl ListItem for usize {
    const BETWEEN_HEADS: usize = usize::MAX;
}

impl ListItem for &str {
    // No paper has an empty id.
    const BETWEEN_HEADS: Self = "";
}

/// Each paginated list of the map, by the place of its first page, and the feeds (one page of
/// `feed_size` papers, most recently posted first) of the whole map and of the subfields
/// `subfield_feed` asks for, by their place; each paper as `item` gives it.
fn list_slices<'m, T: ListItem>(
    model: &'m SiteModel,
    page_size: usize,
    feed_size: usize,
    item: impl Fn(usize) -> T,
    subfield_feed: impl Fn(usize) -> bool,
) -> BTreeMap<String, ListPages<'m, T>> {
    let slices = |name, papers: &[usize]| -> ListPages<T> {
        ListPages {
            name,
            totals: vec![papers.len()],
            pages: (0..page_count(papers.len(), page_size))
                .map(|p| {
                    papers
                        .iter()
                        .skip(p * page_size)
                        .take(page_size)
                        .map(|&i| item(i))
                        .collect()
                })
                .collect(),
        }
    };
    let lists = &model.lists;
    let mut out = BTreeMap::new();
    out.insert(ALL_PAPERS_PATH.to_string(), slices("", &lists.all));
    for g in &lists.years {
        out.insert(
            format!("{YEAR_BASE}/{}", g.slug),
            slices(&g.name, &g.papers),
        );
    }
    for g in &lists.subfields {
        out.insert(
            format!("{SUBFIELD_BASE}/{}", g.slug),
            slices(&g.name, &g.papers),
        );
    }
    for c in &lists.categories {
        // A category page shows the first `page_size` of each head's ranking (heads apart) and
        // how many papers each head scores.
        let shown: Vec<T> = c
            .by_head
            .iter()
            .flat_map(|h| {
                h.papers
                    .iter()
                    .take(page_size)
                    .map(|&(i, _)| item(i))
                    .chain([T::BETWEEN_HEADS])
            })
            .collect();
        out.insert(
            format!("{CATEGORY_BASE}/{}", c.slug),
            ListPages {
                name: &c.category,
                totals: c.by_head.iter().map(|h| h.papers.len()).collect(),
                pages: vec![shown],
            },
        );
    }
    let feeds = std::iter::once(None).chain(
        (0..lists.subfields.len())
            .filter(|&g| subfield_feed(g))
            .map(Some),
    );
    for subfield in feeds {
        let papers = feed_papers(model, subfield, feed_size);
        out.insert(
            feed_place(model, subfield),
            ListPages {
                name: subfield.map_or("", |g| lists.subfields[g].name.as_str()),
                totals: Vec::new(),
                pages: vec![papers.into_iter().map(&item).collect()],
            },
        );
    }
    out
}

/// The id of the paper at a place of `model`.
fn id_in<'m>(model: &'m SiteModel) -> impl Fn(usize) -> &'m str {
    move |i| model.papers[i].record.id.as_str()
}

/// Adds to `places` the list pages whose output can differ: every page of a list whose name or
/// totals changed, each page that shows a `touched` paper before or after, and, unless the lists
/// are of the same linking, each page whose papers moved.
fn changed_list_pages<T: ListItem>(
    old_lists: &BTreeMap<String, ListPages<'_, T>>,
    new_lists: &BTreeMap<String, ListPages<'_, T>>,
    touched: &FxHashSet<T>,
    same_links: bool,
    places: &mut HashSet<String>,
) {
    let bases: std::collections::BTreeSet<&String> =
        old_lists.keys().chain(new_lists.keys()).collect();
    for base in bases {
        let (before, after) = (old_lists.get(base), new_lists.get(base));
        // Every page of a list states its name and length (and the number of pages).
        let totals_changed =
            before.map(|l| (l.name, &l.totals)) != after.map(|l| (l.name, &l.totals));
        let (before, after) = (before.map(|l| &l.pages), after.map(|l| &l.pages));
        let pages = before.map_or(0, Vec::len).max(after.map_or(0, Vec::len));
        for page in 0..pages {
            let (a, b) = (
                before.and_then(|s| s.get(page)),
                after.and_then(|s| s.get(page)),
            );
            let shows_touched = [a, b]
                .into_iter()
                .flatten()
                .flatten()
                .any(|paper| touched.contains(paper));
            let moved = !same_links && a != b;
            if totals_changed || moved || shows_touched {
                places.insert(list_page_path(base, page + 1));
            }
        }
    }
}

/// The keys present in only one of two maps, or with different values.
fn changed_keys<'a, V: PartialEq>(
    old: &FxHashMap<&'a str, V>,
    new: &FxHashMap<&'a str, V>,
) -> FxHashSet<&'a str> {
    old.keys()
        .chain(new.keys())
        .copied()
        .filter(|key| old.get(key) != new.get(key))
        .collect()
}

/// The places (without locale) of the pages whose output can differ between two models of the
/// same configuration, messages and templates.
pub fn affected_places(
    old: &SiteModel,
    new: &SiteModel,
    page_size: usize,
    feed_size: usize,
    search_part_size: usize,
) -> HashSet<String> {
    let mut places = HashSet::new();
    // Models of the same linking have the same papers in the same places, lists and counts: a
    // paper is compared with itself, and no list or group moved.
    let same_links = old.same_links(new);
    let touched = if same_links {
        touched_in_place(old, new)
    } else {
        let (old_papers, new_papers) =
            rayon::join(|| paper_signatures(old), || paper_signatures(new));
        changed_keys(&old_papers, &new_papers)
    };
    let (old_pages, new_pages) = (page_signatures(old), page_signatures(new));
    let touched_pages = changed_keys(&old_pages, &new_pages);

    // A paper page links to each of its subfields, whose slug (which depends on the other
    // subfields' names) and size are the group's.
    let moved_groups = if same_links {
        FxHashSet::default()
    } else {
        changed_keys(&subfield_links(old), &subfield_links(new))
    };

    for model in [old, new] {
        // Being next to a touched paper is symmetric (builds on it, or is built on by it): the
        // touched papers' own lists name their neighbours, without a look at every paper.
        for i in touched.iter().filter_map(|id| model.paper(id)) {
            let entry = &model.papers[i];
            places.insert(paper_path(&entry.record.id));
            for &n in entry.builds_on.iter().chain(entry.built_on_by.iter()) {
                places.insert(paper_path(&model.papers[n].record.id));
            }
        }
        let scan_pages = !touched_pages.is_empty();
        let scan_groups = !moved_groups.is_empty();
        let scan_citations = !touched.is_empty();
        for entry in &model.papers {
            let cites_touched = scan_citations
                && entry
                    .record
                    .citations
                    .iter()
                    .any(|c| touched.contains(c.from.as_str()));
            let names_touched_page = scan_pages
                && entry
                    .pages
                    .iter()
                    .any(|&p| touched_pages.contains(model.pages[p].path()));
            let in_moved_group = scan_groups
                && entry
                    .record
                    .subfields
                    .iter()
                    .any(|s| moved_groups.contains(s.as_str()));
            if cites_touched || names_touched_page || in_moved_group {
                places.insert(paper_path(&entry.record.id));
            }
        }
        for entry in &model.pages {
            let names_touched = entry
                .versions()
                .flat_map(|version| &version.papers)
                .any(|(id, _)| touched.contains(id.as_str()));
            if names_touched || touched_pages.contains(entry.path()) {
                places.insert(entry.path().to_string());
                // Its redirects lead to its address in their language, which may have moved.
                places.extend(entry.alias_paths().map(String::from));
            }
        }
    }

    if same_links {
        // The same lists, each paper at its place: only the pages that show a touched paper
        // change, and only the feeds of the touched papers' subfields can show one. Papers are
        // compared by place, not by id, which would read every listed paper's record (at
        // 100 000 papers, 85 of a 120 ms plan went to that and to sorting every feed).
        let touched: FxHashSet<usize> = touched.iter().filter_map(|id| new.paper(id)).collect();
        let holds_touched = |g: usize| {
            new.lists.subfields[g]
                .papers
                .iter()
                .any(|i| touched.contains(i))
        };
        let lists = list_slices(new, page_size, feed_size, |i| i, holds_touched);
        changed_list_pages(&lists, &lists, &touched, true, &mut places);
    } else {
        let (old_lists, new_lists) = rayon::join(
            || list_slices(old, page_size, feed_size, id_in(old), |_| true),
            || list_slices(new, page_size, feed_size, id_in(new), |_| true),
        );
        changed_list_pages(&old_lists, &new_lists, &touched, false, &mut places);
    }
    if !touched.is_empty() || !touched_pages.is_empty() {
        // The home page lists the newest papers and the pages; the indexes count papers.
        places.extend([
            String::new(),
            YEARS_PATH.to_string(),
            SUBFIELDS_PATH.to_string(),
        ]);
    }
    // The search page names the search index's parts, whose number follows the map's size.
    if search::part_count(old, search_part_size) != search::part_count(new, search_part_size) {
        places.insert(SEARCH_PATH.to_string());
    }
    places
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_the_sources_of_a_site() {
        let c = |p: &str| classify(Path::new(p), "default");
        assert_eq!(c("content/papers/2208.11695.md"), Change::Content);
        assert_eq!(c("content/press/story.zh.md"), Change::Content);
        assert_eq!(c("content/press/Story.MD"), Change::Content);
        assert_eq!(c("content/press/figure.png"), Change::Static);
        assert_eq!(c("i18n/fr/main.ftl"), Change::Messages("fr".into()));
        assert_eq!(
            c("themes/default/templates/paper.html"),
            Change::Template("paper.html".into())
        );
        assert_eq!(
            c("templates/partials/x.html"),
            Change::Template("partials/x.html".into())
        );
        assert_eq!(c("themes/default/static/style.css"), Change::Static);
        assert_eq!(c("static/logo.svg"), Change::Static);
        assert_eq!(c("site.toml"), Change::Config);
        assert_eq!(c("themes/other/templates/paper.html"), Change::Ignored);
        assert_eq!(c("public/index.html"), Change::Ignored);
        assert_eq!(c("content/papers/.2208.11695.md.swp"), Change::Ignored);
        assert_eq!(c("content/papers/2208.11695.md~"), Change::Ignored);
        assert_eq!(c(".git/index"), Change::Ignored);
        assert_eq!(c("i18n/fr/notes.txt"), Change::Ignored);
        assert_eq!(c("static/.well-known/security.txt"), Change::Static);
        assert_eq!(c("themes/default/static/.htaccess"), Change::Static);
        assert_eq!(c("static/.DS_Store"), Change::Ignored);
        assert_eq!(c("static/.git/config"), Change::Ignored);
        assert_eq!(c("static/.style.css.swp"), Change::Ignored);
        assert_eq!(c("content/papers/.hidden/2208.11695.md"), Change::Ignored);
    }
}
