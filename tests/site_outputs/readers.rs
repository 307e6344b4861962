//! Small readers of the built files (no HTML or XML parser is a dependency of the crate), and
//! the few writers of a fixture's records and settings that the tests share.

use std::collections::BTreeMap;

pub(crate) use crate::common::message;
use crate::common::Site;
use crate::BASE;

/// The text between the first `start` and the next `end` after it.
pub(crate) fn between<'a>(text: &'a str, start: &str, end: &str) -> Option<&'a str> {
    let from = text.find(start)? + start.len();
    let to = text[from..].find(end)? + from;
    Some(&text[from..to])
}

/// Reverses the escaping that the templates apply.
pub(crate) fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// The text of some HTML: tags removed, entities decoded.
pub(crate) fn text_of(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    unescape(&out)
}

/// The attributes of every `<name …>` tag in `html`, values unescaped; a bare attribute
/// (`hidden`) has the value "".
pub(crate) fn tags(html: &str, name: &str) -> Vec<BTreeMap<String, String>> {
    let open = format!("<{name}");
    let mut found = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find(&open) {
        let after = &rest[at + open.len()..];
        rest = after;
        if !after.starts_with([' ', '>', '\n', '/']) {
            continue;
        }
        let end = after.find('>').expect("an unclosed tag");
        let mut attributes = BTreeMap::new();
        let mut inside = after[..end].trim_end_matches('/');
        loop {
            inside = inside.trim_start();
            if inside.is_empty() {
                break;
            }
            let name_end = inside
                .find(|c: char| c == '=' || c.is_whitespace())
                .unwrap_or(inside.len());
            let attribute = inside[..name_end].to_string();
            inside = &inside[name_end..];
            if let Some(value) = inside.strip_prefix("=\"") {
                let close = value.find('"').expect("an unclosed attribute value");
                attributes.insert(attribute, unescape(&value[..close]));
                inside = &value[close + 1..];
            } else {
                attributes.insert(attribute, String::new());
            }
        }
        found.push(attributes);
    }
    found
}

/// The `content` of every `<meta>` whose `name` or `property` is `key`.
pub(crate) fn meta(html: &str, key: &str) -> Vec<String> {
    tags(html, "meta")
        .into_iter()
        .filter(|m| m.get("name").or(m.get("property")).map(String::as_str) == Some(key))
        .map(|m| m["content"].clone())
        .collect()
}

/// The one `<meta>` named `key`.
pub(crate) fn one_meta(html: &str, key: &str) -> String {
    let found = meta(html, key);
    assert_eq!(found.len(), 1, "one <meta> {key}: {found:?}");
    found[0].clone()
}

/// The `href` of the page's `<link rel="canonical">`.
pub(crate) fn canonical(html: &str) -> String {
    tags(html, "link")
        .into_iter()
        .find(|l| l.get("rel").map(String::as_str) == Some("canonical"))
        .expect("a canonical link")["href"]
        .clone()
}

/// Checks that `xml` is well-formed: one root element, every element closed in order, every `&`
/// an entity XML knows, no `<` in an attribute value.
pub(crate) fn assert_well_formed(xml: &str, what: &str) {
    let entity_ok = |text: &str| {
        text.match_indices('&').all(|(i, _)| {
            let rest = &text[i + 1..];
            let Some(end) = rest.find(';') else {
                return false;
            };
            let name = &rest[..end];
            matches!(name, "amp" | "lt" | "gt" | "quot" | "apos")
                || name
                    .strip_prefix("#x")
                    .is_some_and(|h| !h.is_empty() && h.chars().all(|c| c.is_ascii_hexdigit()))
                || name
                    .strip_prefix('#')
                    .is_some_and(|d| !d.is_empty() && d.chars().all(|c| c.is_ascii_digit()))
        })
    };
    let mut stack: Vec<&str> = Vec::new();
    let mut roots = 0;
    let mut rest = xml;
    while let Some(lt) = rest.find('<') {
        let text = &rest[..lt];
        assert!(entity_ok(text), "{what}: a bare `&` in the text {text:?}");
        assert!(
            !stack.is_empty() || text.trim().is_empty(),
            "{what}: text outside the root element: {text:?}"
        );
        rest = &rest[lt..];
        if let Some(after) = rest.strip_prefix("<?") {
            rest = &after[after.find("?>").expect("an unclosed <?") + 2..];
        } else if let Some(after) = rest.strip_prefix("<!--") {
            rest = &after[after.find("-->").expect("an unclosed comment") + 3..];
        } else if let Some(after) = rest.strip_prefix("</") {
            let end = after.find('>').expect("an unclosed end tag");
            let name = after[..end].trim();
            assert_eq!(
                stack.pop(),
                Some(name),
                "{what}: `</{name}>` closes nothing"
            );
            rest = &after[end + 1..];
        } else {
            let after = &rest[1..];
            let end = after.find('>').expect("an unclosed tag");
            let tag = &after[..end];
            assert!(!tag.contains('<'), "{what}: `<` inside the tag <{tag}>");
            assert!(entity_ok(tag), "{what}: a bare `&` in the tag <{tag}>");
            assert_eq!(
                tag.matches('"').count() % 2,
                0,
                "{what}: unbalanced quotes in <{tag}>"
            );
            let name = tag.split(|c: char| c.is_whitespace() || c == '/').next();
            let name = name.filter(|n| !n.is_empty()).expect("a tag name");
            if stack.is_empty() {
                roots += 1;
            }
            if !tag.ends_with('/') {
                stack.push(name);
            }
            rest = &after[end + 1..];
        }
    }
    assert!(stack.is_empty(), "{what}: unclosed elements {stack:?}");
    assert_eq!(roots, 1, "{what}: one root element");
    assert!(
        rest.trim().is_empty(),
        "{what}: text after the root element"
    );
}

/// One `<entry>` of an Atom feed.
#[derive(Debug)]
pub(crate) struct Entry {
    /// As written in the feed (still escaped).
    pub(crate) raw_title: String,
    pub(crate) title: String,
    pub(crate) title_lang: Option<String>,
    pub(crate) link: String,
    pub(crate) published: String,
    pub(crate) updated: String,
}

/// The title of the feed itself (not of an entry), unescaped.
pub(crate) fn feed_title(feed: &str) -> String {
    let head = &feed[..feed.find("<entry>").unwrap_or(feed.len())];
    unescape(between(head, "<title>", "</title>").expect("a feed title"))
}

pub(crate) fn feed_updated(feed: &str) -> String {
    let head = &feed[..feed.find("<entry>").unwrap_or(feed.len())];
    between(head, "<updated>", "</updated>")
        .expect("the feed's <updated>")
        .to_string()
}

pub(crate) fn entries(feed: &str) -> Vec<Entry> {
    feed.split("<entry>")
        .skip(1)
        .map(|chunk| {
            let chunk = &chunk[..chunk.find("</entry>").expect("a closed entry")];
            let title_tag = &tags(chunk, "title")[0];
            let raw_title = between(chunk, "<title", "</title>")
                .and_then(|t| t.split_once('>'))
                .expect("an entry title")
                .1
                .to_string();
            let link = tags(chunk, "link")
                .into_iter()
                .find(|l| l.get("rel").map(String::as_str) == Some("alternate"))
                .expect("an entry link")["href"]
                .clone();
            Entry {
                title: unescape(&raw_title),
                raw_title,
                title_lang: title_tag.get("xml:lang").cloned(),
                link,
                published: between(chunk, "<published>", "</published>")
                    .expect("<published>")
                    .to_string(),
                updated: between(chunk, "<updated>", "</updated>")
                    .expect("<updated>")
                    .to_string(),
            }
        })
        .collect()
}

/// The paper ids of a feed's entries, in order.
pub(crate) fn entry_ids(feed: &str, locale_prefix: &str) -> Vec<String> {
    entries(feed)
        .iter()
        .map(|e| {
            let expected = format!("{BASE}{locale_prefix}paper/");
            e.link
                .strip_prefix(&expected)
                .unwrap_or_else(|| panic!("{} is not under {expected}", e.link))
                .trim_end_matches('/')
                .to_string()
        })
        .collect()
}

/// Writes a paper record into the site.
pub(crate) fn add_paper(site: &Site, id: &str, front: &str, body: &str) {
    site.write(
        &format!("content/papers/{id}.md"),
        format!("---\nid: \"{id}\"\n{front}\n---\n{body}"),
    );
}

/// Sets `[map] list_limit` of the fixture's site.toml.
pub(crate) fn set_list_limit(site: &Site, limit: usize) {
    site.edit(
        "site.toml",
        "data_through = 2026-10-14",
        &format!("data_through = 2026-10-14\nlist_limit = {limit}"),
    );
}

/// The JSON-LD of a page: the text of its `<script type="application/ld+json">` up to where an
/// HTML parser ends the script (the first `</script`, in any case), parsed.
pub(crate) fn json_ld(html: &str) -> serde_json::Value {
    let open = r#"<script type="application/ld+json">"#;
    let from = html.find(open).expect("a JSON-LD script") + open.len();
    let end = html[from..]
        .to_ascii_lowercase()
        .find("</script")
        .expect("the script is closed")
        + from;
    let text = &html[from..end];
    assert!(
        !text.contains('<'),
        "no `<` inside the JSON-LD, where it could open or close a tag: {text}"
    );
    serde_json::from_str(text).unwrap_or_else(|e| panic!("the JSON-LD does not parse: {e}\n{text}"))
}

/// The text of the BibTeX entry in a paper page's "Cite this paper" section, checking on the way
/// that it is highlighted.
pub(crate) fn bibtex_of(html: &str) -> String {
    let cite = between(html, r#"<section class="cite""#, "</section>").expect("section.cite");
    let code = between(
        cite,
        r#"<pre class="code hl-code"><code class="language-bibtex">"#,
        "</code></pre>",
    )
    .unwrap_or_else(|| panic!("a highlighted BibTeX block in {cite}"));
    assert!(
        code.contains(r#"<span class="hl-"#),
        "the entry is highlighted with hl- classes: {code}"
    );
    text_of(code)
}

/// The fields of a BibTeX entry (one `name = {value},` a line), and its first line.
pub(crate) fn bibtex_fields(entry: &str) -> (String, BTreeMap<String, String>) {
    let mut lines = entry.lines();
    let head = lines.next().expect("an entry").to_string();
    let fields = lines
        .filter_map(|line| line.split_once(" = "))
        .map(|(name, value)| {
            let value = value.trim().trim_end_matches(',');
            let value = value
                .strip_prefix('{')
                .and_then(|v| v.strip_suffix('}'))
                .unwrap_or_else(|| panic!("a braced value: {value}"));
            (name.trim().to_string(), value.to_string())
        })
        .collect();
    (head, fields)
}

/// Every HTML file of the build, as (path under public/, contents).
pub(crate) fn html_files(site: &Site) -> Vec<(String, String)> {
    site.tree("public")
        .into_iter()
        .filter(|(path, _)| path.extension().is_some_and(|e| e == "html"))
        .map(|(path, bytes)| {
            (
                path.to_string_lossy().replace('\\', "/"),
                String::from_utf8(bytes).unwrap(),
            )
        })
        .collect()
}

/// The locale of a file under public/: its first folder when that is a language, else `en`.
pub(crate) fn locale_of(path: &str) -> &'static str {
    match path.split('/').next() {
        Some("fr") => "fr",
        Some("zh") => "zh",
        _ => "en",
    }
}

pub(crate) fn prefix_of(locale: &str) -> &'static str {
    match locale {
        "fr" => "fr/",
        "zh" => "zh/",
        _ => "",
    }
}
