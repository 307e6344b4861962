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
        let mut out = String::new();
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

    /// The link to a page, from the root of the host.
    pub fn url(&self, locale: &str, path: &str) -> String {
        format!("{}/{}", self.base_path, self.site_path(locale, path))
    }

    /// The full address of the site's root folder, ending in `/`.
    pub fn absolute_root(&self) -> String {
        format!("{}/", self.base_url)
    }

    /// The full address of a page, for canonical links, alternates and the Markdown twins.
    pub fn absolute(&self, locale: &str, path: &str) -> String {
        format!("{}/{}", self.base_url, self.site_path(locale, path))
    }
}

/// The path of a paper's page.
pub fn paper_path(id: &str) -> String {
    format!("paper/{id}")
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
    fn list_pages() {
        assert_eq!(list_page_path("papers", 1), "papers");
        assert_eq!(list_page_path("year/2022", 3), "year/2022/page/3");
    }
}
