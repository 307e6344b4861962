//! Where every page of the site lives: the default language unprefixed, the others under
//! `/<locale>/`, everything under the path of `base_url`.

use crate::config::Config;

/// URLs of the site.
pub struct Urls {
    base_url: String,
    base_path: String,
    default_locale: String,
}

impl Urls {
    pub fn new(config: &Config) -> Urls {
        Urls {
            base_url: config.base_url.clone(),
            base_path: config.base_path.clone(),
            default_locale: config.default_language().code.clone(),
        }
    }

    /// The path of a page inside the site, e.g. `fr/paper/2208.11695/` (`""` for the home page).
    pub fn site_path(&self, locale: &str, path: &str) -> String {
        self.joined(None, locale, path)
    }

    /// The link to a page, from the root of the host.
    pub fn url(&self, locale: &str, path: &str) -> String {
        self.joined(Some(&self.base_path), locale, path)
    }

    /// The full address of the site's root folder, ending in `/`.
    pub fn absolute_root(&self) -> String {
        format!("{}/", self.base_url)
    }

    /// The full address of a page, for canonical links, alternates and the Markdown twins.
    pub fn absolute(&self, locale: &str, path: &str) -> String {
        self.joined(Some(&self.base_url), locale, path)
    }

    /// `prefix/` if there is a prefix (`/` for an empty one), then the page's site path, in one
    /// allocation: a page links to some thirty papers, each by its URL and its address.
    fn joined(&self, prefix: Option<&str>, locale: &str, path: &str) -> String {
        let prefix_len = prefix.map_or(0, |prefix| prefix.len() + 1);
        let mut out = String::with_capacity(prefix_len + locale.len() + path.len() + 2);
        if let Some(prefix) = prefix {
            out.push_str(prefix);
            out.push('/');
        }
        if locale != self.default_locale {
            out.push_str(locale);
            out.push('/');
        }
        if !path.is_empty() {
            out.push_str(path);
            out.push('/');
        }
        out
    }
}

/// The path of a paper's page.
pub fn paper_path(id: &str) -> String {
    ["paper/", id].concat()
}

/// The path of page `page` (one-based) of a paginated list at `base`.
pub fn list_page_path(base: &str, page: usize) -> String {
    if page <= 1 {
        base.to_string()
    } else {
        format!("{base}/page/{page}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_of_the_default_and_other_locales_at_the_root_and_under_a_path() {
        let urls = |base_url: &str, base_path: &str| Urls {
            base_url: base_url.to_string(),
            base_path: base_path.to_string(),
            default_locale: "en".to_string(),
        };
        let root = urls("https://map.example", "");
        assert_eq!(root.url("en", "paper/2208.11695"), "/paper/2208.11695/");
        assert_eq!(root.url("fr", "paper/2208.11695"), "/fr/paper/2208.11695/");
        assert_eq!(root.url("en", ""), "/");
        assert_eq!(root.url("zh", ""), "/zh/");
        assert_eq!(root.site_path("en", ""), "");
        assert_eq!(root.site_path("fr", "papers"), "fr/papers/");
        assert_eq!(
            root.absolute("fr", "paper/x"),
            "https://map.example/fr/paper/x/"
        );
        let under = urls("https://host.example/map", "/map");
        assert_eq!(under.url("en", "paper/x"), "/map/paper/x/");
        assert_eq!(under.url("zh", ""), "/map/zh/");
        assert_eq!(under.absolute("en", ""), "https://host.example/map/");
        assert_eq!(paper_path("2208.11695"), "paper/2208.11695");
    }

    #[test]
    fn list_pages() {
        assert_eq!(list_page_path("papers", 1), "papers");
        assert_eq!(list_page_path("year/2022", 3), "year/2022/page/3");
    }
}
