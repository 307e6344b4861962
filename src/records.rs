//! The record contract as serde reads it: the raw front-matter types of papers, their
//! translations and long-form pages. Unknown fields are errors; values that need positions to be
//! checked (dates, links, ids) are checked by `parse`.

use std::collections::btree_map::Entry;
use std::collections::BTreeMap;
use std::fmt;

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::Deserialize;

/// The fields of a paper record, in the order the README documents them.
pub const PAPER_FIELDS: &[&str] = &[
    "id",
    "title",
    "authors",
    "year",
    "first_posted",
    "links",
    "citation_count",
    "subfields",
    "references",
    "reference_count",
    "abstract_source",
    "abstract_inverted_index",
    "citations",
    "rankings",
    "classification",
    "lang",
    "draft",
];

/// The fields a translation `<id>.<locale>.md` may hold.
pub const TRANSLATION_FIELDS: &[&str] = &["title", "translated_from", "draft"];

/// The fields of a long-form page (`content/press/<slug>.<locale>.md`).
pub const PAGE_FIELDS: &[&str] = &[
    "title",
    "date",
    "source",
    "authors",
    "papers",
    "lang",
    "translated_from",
    "slug",
    "aliases",
    "draft",
];

/// Citation intents a record may give.
pub const CITATION_INTENTS: &[&str] = &["methodology", "background", "result", "unknown"];

/// Kinds of links a record may give.
pub const LINK_KINDS: &[&str] = &[
    "arxiv",
    "doi",
    "pdf",
    "html",
    "code",
    "openalex",
    "publisher",
];

/// A paper id as written in a record. Ids must be strings: an unquoted `1405.0312` is a YAML
/// number, and numbers lose digits (`2103.14740` would become `2103.1474`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Id(pub String);

impl<'de> Deserialize<'de> for Id {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(IdVisitor)
    }
}

struct IdVisitor;

impl Visitor<'_> for IdVisitor {
    type Value = Id;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a paper id in quotes, such as \"2208.11695\"")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Id, E> {
        Ok(Id(v.to_string()))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Id, E> {
        Err(E::custom(format!(
            "the id {v} is a number; put ids in quotes (\"{v}\") so that no digit is lost"
        )))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Id, E> {
        Err(E::custom(format!(
            "the id {v} is a number; put ids in quotes (\"{v}\")"
        )))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Id, E> {
        self.visit_u64(v.unsigned_abs())
    }
}

/// A calendar date, checked to exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    pub year: i32,
    pub month: u8,
    pub day: u8,
}

impl Date {
    pub fn new(year: i32, month: u8, day: u8) -> Option<Date> {
        icu_calendar::Date::try_new_iso(year, month, day).ok()?;
        Some(Date { year, month, day })
    }

    /// Today's date in UTC, or the day of `SOURCE_DATE_EPOCH` when it is set (the convention
    /// of reproducible builds, which tests use to fix the day).
    pub fn today() -> Date {
        let seconds = std::env::var("SOURCE_DATE_EPOCH")
            .ok()
            .and_then(|s| s.trim().parse::<i64>().ok())
            .unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_secs() as i64)
            });
        // 1970-01-01 is day 719 163 of the proleptic Gregorian calendar counted from 0001-01-01.
        let day = icu_calendar::types::RataDie::new(719_163 + seconds.div_euclid(86_400));
        let iso = icu_calendar::Date::from_rata_die(day, icu_calendar::Iso);
        Date {
            year: iso.year().extended_year(),
            month: iso.month().ordinal,
            day: iso.day_of_month().0,
        }
    }

    /// Parses `YYYY-MM-DD`.
    pub fn parse(text: &str) -> Option<Date> {
        let mut parts = text.trim().splitn(3, '-');
        let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
        if y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return None;
        }
        Date::new(y.parse().ok()?, m.parse().ok()?, d.parse().ok()?)
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// A date as written: YAML gives `2022-08-24` as a plain string.
#[derive(Debug, Clone, Deserialize)]
#[serde(transparent)]
pub struct RawDate(pub String);

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPaper {
    pub id: Option<Id>,
    pub title: Option<String>,
    #[serde(default)]
    pub authors: Vec<String>,
    pub year: Option<i32>,
    pub first_posted: Option<RawDate>,
    #[serde(default, deserialize_with = "unique_keys")]
    pub links: BTreeMap<String, String>,
    pub citation_count: Option<u64>,
    #[serde(default)]
    pub subfields: Vec<String>,
    #[serde(default)]
    pub references: Vec<RawReference>,
    pub reference_count: Option<u32>,
    pub abstract_source: Option<String>,
    #[serde(default, deserialize_with = "some_unique_keys")]
    pub abstract_inverted_index: Option<BTreeMap<String, Vec<u32>>>,
    #[serde(default)]
    pub citations: Vec<RawCitation>,
    #[serde(default)]
    pub rankings: Vec<RawRanking>,
    pub classification: Option<RawClassification>,
    pub lang: Option<String>,
    #[serde(default)]
    pub draft: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawTranslation {
    pub title: Option<String>,
    /// The digest of the original's title and abstract that the translation was made from
    /// (`papermap check` prints it): when the original's differs, the translation is outdated.
    pub translated_from: Option<String>,
    #[serde(default)]
    pub draft: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPage {
    pub title: Option<String>,
    pub date: Option<RawDate>,
    pub source: Option<String>,
    #[serde(default)]
    pub authors: Vec<String>,
    #[serde(default)]
    pub papers: Vec<Id>,
    pub lang: Option<String>,
    /// In a translation, the digest of the original's title and body it was made from.
    pub translated_from: Option<String>,
    /// The last segment of this version's address, in place of the file's name.
    pub slug: Option<String>,
    /// Earlier addresses of this version (paths from the site's root), each of which redirects
    /// to it.
    #[serde(default)]
    pub aliases: Vec<String>,
    #[serde(default)]
    pub draft: bool,
}

/// A reference: the id of a paper (of the map or not) or a description of a work outside it.
#[derive(Debug, Clone)]
pub enum RawReference {
    Id(Id),
    Work(RawWork),
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawWork {
    pub title: String,
    pub year: Option<i32>,
    pub doi: Option<String>,
    pub url: Option<String>,
}

impl<'de> Deserialize<'de> for RawReference {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ReferenceVisitor;
        impl<'de> Visitor<'de> for ReferenceVisitor {
            type Value = RawReference;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a paper id in quotes or a work { title, year, doi }")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<RawReference, E> {
                Ok(RawReference::Id(Id(v.to_string())))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<RawReference, E> {
                IdVisitor.visit_f64(v).map(RawReference::Id)
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<RawReference, E> {
                IdVisitor.visit_u64(v).map(RawReference::Id)
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<RawReference, E> {
                IdVisitor.visit_i64(v).map(RawReference::Id)
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<RawReference, A::Error> {
                RawWork::deserialize(de::value::MapAccessDeserializer::new(map))
                    .map(RawReference::Work)
            }
        }
        deserializer.deserialize_any(ReferenceVisitor)
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawCitation {
    pub from: Id,
    pub year: Option<i32>,
    pub intent: Option<String>,
    pub quote: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRanking {
    pub subfield: String,
    #[serde(default)]
    pub researchers: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawClassification {
    pub status: String,
    pub label: Option<String>,
    pub iterations: Option<u32>,
    pub mature: Option<bool>,
    #[serde(default, deserialize_with = "unique_heads")]
    pub heads: BTreeMap<String, BTreeMap<String, f64>>,
    #[serde(default, deserialize_with = "unique_keys")]
    pub calls: BTreeMap<String, Vec<String>>,
}

/// A mapping of the record read into a `BTreeMap`, refusing a key given twice: a map keeps the
/// last value and drops the others without a word (`heads: { gemma: …, gemma: … }` lost the
/// first head), where a record's fields, as serde reads them, are an error when given twice.
struct UniqueKeys<V>(BTreeMap<String, V>);

impl<'de, V: Deserialize<'de>> Deserialize<'de> for UniqueKeys<V> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct MapVisitor<V>(std::marker::PhantomData<V>);
        impl<'de, V: Deserialize<'de>> Visitor<'de> for MapVisitor<V> {
            type Value = UniqueKeys<V>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a map")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut kept = BTreeMap::new();
                while let Some((key, value)) = map.next_entry::<String, V>()? {
                    match kept.entry(key) {
                        Entry::Occupied(given) => {
                            let message = format!("duplicate field `{}`", given.key());
                            return Err(de::Error::custom(message));
                        }
                        Entry::Vacant(new) => {
                            new.insert(value);
                        }
                    }
                }
                Ok(UniqueKeys(kept))
            }
        }
        deserializer.deserialize_map(MapVisitor(std::marker::PhantomData))
    }
}

fn unique_keys<'de, D: Deserializer<'de>, V: Deserialize<'de>>(
    deserializer: D,
) -> Result<BTreeMap<String, V>, D::Error> {
    UniqueKeys::deserialize(deserializer).map(|keys| keys.0)
}

fn some_unique_keys<'de, D: Deserializer<'de>, V: Deserialize<'de>>(
    deserializer: D,
) -> Result<Option<BTreeMap<String, V>>, D::Error> {
    Option::<UniqueKeys<V>>::deserialize(deserializer).map(|keys| keys.map(|keys| keys.0))
}

/// The classification's heads: neither a head nor a category within one may be given twice.
fn unique_heads<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<BTreeMap<String, BTreeMap<String, f64>>, D::Error> {
    let heads = UniqueKeys::<UniqueKeys<f64>>::deserialize(deserializer)?;
    Ok(heads
        .0
        .into_iter()
        .map(|(head, scores)| (head, scores.0))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_must_exist() {
        assert_eq!(
            Date::parse("2022-08-24"),
            Some(Date {
                year: 2022,
                month: 8,
                day: 24
            })
        );
        assert_eq!(Date::parse("2022-02-30"), None);
        assert_eq!(Date::parse("2022-13-01"), None);
        assert_eq!(Date::parse("24/08/2022"), None);
    }

    #[test]
    fn unquoted_ids_are_refused() {
        let err = serde_yaml::from_str::<Vec<RawReference>>("- 2103.14740\n").unwrap_err();
        assert!(err.to_string().contains("put ids in quotes"), "{err}");
        let ok = serde_yaml::from_str::<Vec<RawReference>>(
            "- \"2103.14740\"\n- {title: X, year: 2019}\n",
        )
        .unwrap();
        assert!(matches!(&ok[0], RawReference::Id(Id(id)) if id == "2103.14740"));
        assert!(matches!(&ok[1], RawReference::Work(w) if w.title == "X"));
    }
}
