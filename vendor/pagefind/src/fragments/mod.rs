use std::collections::BTreeMap;

use serde::Serialize;

#[derive(Serialize, Debug, Clone)]
pub struct PageAnchorData {
    pub element: String,
    pub id: String,
    pub text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    pub location: u32,
}

#[derive(Serialize, Debug, Clone)]
pub struct PageFragmentData {
    pub url: String,
    pub content: String,
    pub word_count: usize,
    pub filters: BTreeMap<String, Vec<String>>,
    pub meta: BTreeMap<String, String>,
    pub anchors: Vec<PageAnchorData>,
}

#[derive(Debug, Clone)]
pub struct PageFragment {
    pub page_number: usize,
    pub data: PageFragmentData,
}

/// papermap patch: [`PageFragmentData`] as JSON with its keys in sorted order, every object's,
/// which is how a `serde_json::Value` parsed from its JSON writes it again: the bytes a group of
/// fragments holds for it, made straight from the data rather than by writing it, parsing that
/// back and writing it once more.
impl PageFragmentData {
    pub fn to_sorted_json(&self) -> String {
        #[derive(Serialize)]
        struct SortedAnchor<'a> {
            element: &'a str,
            id: &'a str,
            location: u32,
            text: &'a str,
            #[serde(skip_serializing_if = "Option::is_none")]
            title: Option<&'a str>,
        }
        #[derive(Serialize)]
        struct SortedFragment<'a> {
            anchors: Vec<SortedAnchor<'a>>,
            content: &'a str,
            filters: &'a BTreeMap<String, Vec<String>>,
            meta: &'a BTreeMap<String, String>,
            url: &'a str,
            word_count: usize,
        }
        let sorted = SortedFragment {
            anchors: self
                .anchors
                .iter()
                .map(|a| SortedAnchor {
                    element: &a.element,
                    id: &a.id,
                    location: a.location,
                    text: &a.text,
                    title: a.title.as_deref(),
                })
                .collect(),
            content: &self.content,
            filters: &self.filters,
            meta: &self.meta,
            url: &self.url,
            word_count: self.word_count,
        };
        serde_json::to_string(&sorted).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// papermap patch: the sorted JSON is what a `Value` parsed from the plain JSON writes.
    #[test]
    fn sorted_json_is_the_plain_json_written_again_through_a_value() {
        let anchor = |title: Option<&str>| PageAnchorData {
            element: "h2".into(),
            id: "méthode".into(),
            text: "Line\nbreak \"quoted\" \\ tab\t and \u{1} control".into(),
            title: title.map(str::to_string),
            location: 42,
        };
        let data = PageFragmentData {
            url: "/fr/paper/2208.11695/".into(),
            content: "Un résumé, 中文, \u{2028} and </script>".into(),
            word_count: 1234,
            filters: BTreeMap::from([("year".into(), vec!["2022".into(), "2023".into()])]),
            meta: BTreeMap::from([
                ("title".into(), "A \"title\"".into()),
                ("image".into(), String::new()),
            ]),
            anchors: vec![anchor(Some("Méthode")), anchor(None)],
        };
        let plain = serde_json::to_string(&data).unwrap();
        let value: serde_json::Value = serde_json::from_str(&plain).unwrap();
        assert_eq!(data.to_sorted_json(), serde_json::to_string(&value).unwrap());
    }
}
