//! Which part of the site a build renders: `build --locale L` and `build --shard i/n` split the
//! pages into disjoint parts (all records are still read and linked, so counts stay global)
//! whose union is the whole site. The files that belong to no locale (the sitemap, robots.txt,
//! the search index, static files) go with the default locale's part, in its first shard.

/// A part of the site: the pages of one locale, or of every locale; all of them, or one shard.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Part {
    pub locale: Option<String>,
    /// `(i, n)`: the `i`-th of `n` shards, one-based.
    pub shard: Option<(usize, usize)>,
}

impl Part {
    /// The whole site.
    pub fn whole() -> Part {
        Part::default()
    }

    pub fn is_whole(&self) -> bool {
        self.locale.is_none() && self.shard.is_none()
    }

    /// Whether the page made by the `job`-th job of a locale's list, in `locale`, is this part's.
    pub fn owns(&self, job: usize, locale: &str) -> bool {
        let in_locale = self.locale.as_deref().is_none_or(|l| l == locale);
        let in_shard = self.shard.is_none_or(|(i, n)| job % n == i - 1);
        in_locale && in_shard
    }

    /// Whether the files of no locale are this part's.
    pub fn owns_site_files(&self, default_locale: &str) -> bool {
        self.locale.as_deref().is_none_or(|l| l == default_locale)
            && self.shard.is_none_or(|(i, _)| i == 1)
    }
}

/// Reads `i/n` (`2/4`), with `1 <= i <= n`.
pub fn parse_shard(text: &str) -> Result<(usize, usize), String> {
    let (i, n) = text
        .split_once('/')
        .ok_or_else(|| format!("`{text}` is not a shard: write i/n, e.g. 2/4"))?;
    let (i, n): (usize, usize) = match (i.trim().parse(), n.trim().parse()) {
        (Ok(i), Ok(n)) => (i, n),
        _ => return Err(format!("`{text}` is not a shard: write i/n, e.g. 2/4")),
    };
    if n == 0 || i == 0 || i > n {
        return Err(format!(
            "shard `{text}`: i must be between 1 and n, and n at least 1"
        ));
    }
    Ok((i, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_split_the_jobs_of_every_locale() {
        let shards: Vec<Part> = (1..=3)
            .map(|i| Part {
                locale: None,
                shard: Some((i, 3)),
            })
            .collect();
        for job in 0..10 {
            for locale in ["en", "fr"] {
                let owners = shards.iter().filter(|p| p.owns(job, locale)).count();
                assert_eq!(owners, 1, "job {job} in {locale}");
            }
        }
        let owners: Vec<bool> = shards.iter().map(|p| p.owns_site_files("en")).collect();
        assert_eq!(owners, [true, false, false]);
    }

    #[test]
    fn a_locale_part_owns_only_its_pages() {
        let fr = Part {
            locale: Some("fr".into()),
            shard: None,
        };
        assert!(fr.owns(3, "fr") && !fr.owns(3, "en"));
        assert!(!fr.owns_site_files("en"));
        assert!(Part::whole().owns_site_files("en"));
    }

    #[test]
    fn shard_syntax() {
        assert_eq!(parse_shard("2/4"), Ok((2, 4)));
        assert!(parse_shard("0/4").is_err());
        assert!(parse_shard("5/4").is_err());
        assert!(parse_shard("2").unwrap_err().contains("write i/n"));
    }
}
