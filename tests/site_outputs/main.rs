//! The site-wide outputs of `papermap build` on fixture sites: the Atom feeds, `robots.txt` and
//! the sitemap, what a page says about itself (meta description, Open Graph, JSON-LD), the
//! "Cite this paper" BibTeX entry, and the client-side search bundle.
//!
//! Not covered here: the sitemap index that replaces `sitemap.xml` above 50 000 addresses. A site
//! that big is too slow to build in a test, and the function that splits the sitemap
//! (`render::sitemap::sitemaps`) lives in a private module, so it cannot be called from here.

#[path = "../common/mod.rs"]
mod common;

mod readers;

mod bibtex;
mod crawlers;
mod feeds;
mod meta;
mod search;

const BASE: &str = "https://example.org/map/";
const CVPR: &str = "Computer Vision and Pattern Recognition";
const CVPR_SLUG: &str = "computer-vision-and-pattern-recognition";
