//! What each kind of page's template is given: what every page holds (the site, its
//! alternates in the other languages, its canonical address) and, beside it, the views of
//! `views` that page shows.

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde::Serialize;

use crate::config::{Config, Fact};
use crate::model::lists::Group;

use super::places::Job;
use super::shared::Shared;
use super::views::{
    self, Alternate, GroupsView, SiteView, ALL_PAPERS_PATH, SUBFIELDS_PATH, SUBFIELD_BASE,
    YEARS_PATH, YEAR_BASE,
};
use super::{feeds, LocaleRendering, Renderer};

/// What every page's context holds.
#[derive(Serialize)]
struct Common<'a> {
    site: &'a SiteView<'a>,
    alternates: Vec<Alternate<'a>>,
    canonical_url: String,
}

#[derive(Serialize)]
struct Context<'a, T: Serialize> {
    #[serde(flatten)]
    common: Common<'a>,
    #[serde(flatten)]
    page: T,
}

fn context<T: Serialize>(common: Common<'_>, page: T) -> tera::Result<tera::Context> {
    tera::Context::from_serialize(Context { common, page })
}

#[derive(Serialize)]
struct HomeContext<'a> {
    papers: Vec<views::PaperItem<'a>>,
    pages: Vec<views::PageItem<'a>>,
    all_papers_url: String,
    years_url: String,
    subfields_url: String,
    paper_count: usize,
}

#[derive(Serialize)]
struct PaperContext<'a> {
    paper: views::PaperView<'a>,
}

#[derive(Serialize)]
struct PageContext<'a> {
    page: views::PageView<'a>,
}

#[derive(Serialize)]
struct ListContext<'a> {
    list: views::ListView<'a>,
}

/// The context of the pages that show nothing of the map (the 404 page).
#[derive(Serialize)]
struct EmptyContext {}

/// The search page's: the addresses of the search index's other parts, which it merges into the
/// first (`pagefind/`), each ending in `/`; empty for a map that fits one.
#[derive(Serialize)]
struct SearchContext {
    search_parts: Vec<String>,
}

/// A redirect's: where it sends readers (a link from the host's root, and the full address).
#[derive(Serialize)]
struct RedirectContext<'a> {
    site: &'a SiteView<'a>,
    canonical_url: String,
    redirect_url: String,
}

#[derive(Serialize)]
struct FeedContext<'a> {
    feed: feeds::FeedView<'a>,
}

#[derive(Serialize)]
struct CategoryContext<'a> {
    category: views::CategoryView<'a>,
}

#[derive(Serialize)]
struct GroupsContext<'a> {
    groups: GroupsView<'a>,
}

impl Renderer<'_> {
    /// What the template of `job` in `locale` is rendered with; `(path, file)` is the page's
    /// place and file ([`Renderer::place`]).
    pub(super) fn context(
        &self,
        rendering: &LocaleRendering,
        job: Job,
        (path, file): (&str, &str),
        shared: &Shared,
    ) -> tera::Result<tera::Context> {
        let (model, urls) = (self.model, &self.urls);
        let (site, locale) = (&rendering.site, rendering.code);
        let common = || {
            let mut canonical_url = String::new();
            let alternates = self
                .config
                .languages
                .iter()
                .zip(&self.og_locales)
                .map(|(l, og_locale)| {
                    let (folder, file_of) = self.folder_and_file(job, &l.code, path, file);
                    let absolute_url = urls.absolute(&l.code, folder) + file_of;
                    if l.code == locale {
                        canonical_url.clone_from(&absolute_url);
                    }
                    Alternate {
                        lang: &l.code,
                        dir: (l.direction != site.dir).then_some(l.direction),
                        og_locale,
                        url: urls.url(&l.code, folder) + file_of,
                        absolute_url,
                        current: l.code == locale,
                    }
                })
                .collect();
            Common {
                site,
                alternates,
                canonical_url,
            }
        };
        let lists = &model.lists;
        let serialized = match job {
            Job::Home => context(
                common(),
                HomeContext {
                    papers: lists
                        .newest
                        .iter()
                        .take(self.config.list_limit)
                        .map(|&i| views::paper_item(model, urls, i, locale))
                        .collect(),
                    pages: model
                        .pages
                        .iter()
                        .map(|p| views::page_item(p, urls, locale))
                        .collect(),
                    all_papers_url: urls.url(locale, ALL_PAPERS_PATH),
                    years_url: urls.url(locale, YEARS_PATH),
                    subfields_url: urls.url(locale, SUBFIELDS_PATH),
                    paper_count: model.papers.len(),
                },
            ),
            Job::Paper(i) | Job::Twin(i) => {
                let abstract_html = shared.abstract_html(self.model, i, locale);
                let with_head = matches!(job, Job::Paper(_));
                let plain_abstract = match with_head {
                    true => shared.plain_abstract(self.model, i, locale),
                    false => Cow::Borrowed(""),
                };
                let (bibtex, bibtex_html) = shared.bibtex(self.model, i);
                context(
                    common(),
                    PaperContext {
                        paper: views::paper_view(
                            model,
                            urls,
                            i,
                            locale,
                            self.config.list_limit,
                            views::Prepared {
                                bibtex,
                                bibtex_html,
                                abstract_html: &abstract_html,
                                plain_abstract: &plain_abstract,
                            },
                            with_head,
                        ),
                    },
                )
            }
            Job::Page(i) => context(
                common(),
                PageContext {
                    page: views::page_view(model, urls, i, locale),
                },
            ),
            Job::List(list, page) => {
                let (kind, name, papers, base) = self.list_source(list);
                let view = views::list_view(
                    model,
                    urls,
                    locale,
                    kind,
                    name,
                    papers,
                    &base,
                    page,
                    self.config.page_size,
                );
                context(common(), ListContext { list: view })
            }
            Job::NotFound => context(common(), EmptyContext {}),
            Job::Alias(a) => {
                let address = model.pages[self.redirects[a].page].address(locale);
                tera::Context::from_serialize(RedirectContext {
                    site,
                    canonical_url: urls.absolute(locale, address),
                    redirect_url: urls.url(locale, address),
                })
            }
            Job::Search => context(
                common(),
                SearchContext {
                    search_parts: crate::search::part_dirs(self.config, model)
                        .iter()
                        .skip(1)
                        .map(|dir| format!("{}/{dir}", self.config.base_path))
                        .collect(),
                },
            ),
            Job::Feed(group) => context(
                common(),
                FeedContext {
                    feed: feeds::feed_view(model, urls, locale, group, self.config.list_limit),
                },
            ),
            Job::Category(c) => context(
                common(),
                CategoryContext {
                    category: views::category_view(
                        model,
                        urls,
                        &lists.categories[c],
                        locale,
                        self.config.page_size,
                    ),
                },
            ),
            Job::Years | Job::Subfields => {
                let (kind, groups, base): (_, Vec<&Group>, _) = match job {
                    Job::Years => ("years", lists.years.iter().collect(), YEAR_BASE),
                    _ => (
                        "subfields",
                        rendering
                            .subfield_order
                            .iter()
                            .map(|&g| &lists.subfields[g])
                            .collect(),
                        SUBFIELD_BASE,
                    ),
                };
                context(
                    common(),
                    GroupsContext {
                        groups: GroupsView {
                            kind,
                            groups: groups
                                .into_iter()
                                .map(|g| views::group_link(g, urls, locale, base))
                                .collect(),
                        },
                    },
                )
            }
        };
        serialized
    }
}

pub(super) fn facts(config: &Config) -> BTreeMap<&str, serde_json::Value> {
    config
        .facts
        .iter()
        .map(|(name, fact)| {
            let value = match fact {
                Fact::Number(n) => serde_json::json!(n),
                Fact::Text(t) => serde_json::json!(t),
                Fact::Date(d) => serde_json::json!(d.to_string()),
            };
            (name.as_str(), value)
        })
        .collect()
}
