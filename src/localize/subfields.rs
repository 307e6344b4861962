//! The names of the map's subfields in each language: a `subfield-<slug>` message (its value the
//! name, its attributes the name's forms, such as `.in-text`), and the ASCII id such a message
//! has for a slug in any script.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write;

use icu_normalizer::DecomposingNormalizerBorrowed;

use super::Localizer;

/// What a message that names a subfield in a language starts with: `subfield-` and the
/// subfield's slug (`subfield-computer-vision-and-pattern-recognition`).
pub const SUBFIELD_PREFIX: &str = "subfield-";

/// The id of the message that names the subfield with this slug. A Fluent id is ASCII letters,
/// digits and `-`, and a slug keeps the letters of any script: a letter with accents loses them
/// (`écologie` → `subfield-ecologie`), and any other character is written as `u` and its code
/// point in hex, apart from its neighbours (`生态学` → `subfield-u751f-u6001-u5b66`).
pub fn subfield_message(slug: &str) -> String {
    static NFD: DecomposingNormalizerBorrowed<'static> = DecomposingNormalizerBorrowed::new_nfd();
    let mut id = String::from(SUBFIELD_PREFIX);
    let mut coded = false;
    for c in slug.chars() {
        if c.is_ascii_alphanumeric() || c == '-' {
            if coded && c != '-' {
                id.push('-');
            }
            id.push(c);
            coded = false;
            continue;
        }
        let base: String = NFD
            .normalize_iter(std::iter::once(c))
            .filter(char::is_ascii_alphanumeric)
            .collect();
        if !base.is_empty() {
            if coded {
                id.push('-');
            }
            id.push_str(&base);
            coded = false;
        } else {
            if !id.ends_with('-') {
                id.push('-');
            }
            // Writing to a String cannot fail.
            let _ = write!(id, "u{:x}", c as u32);
            coded = true;
        }
    }
    id
}

/// The subfields' names in one locale: the records' name of each subfield that a language of
/// the locale's chain names → its name there.
pub type SubfieldNames = HashMap<String, SubfieldName>;

/// A subfield's name in one language, each text made, or why its message cannot be formatted.
#[derive(Debug, Clone)]
pub struct SubfieldName {
    /// The message's value: the name standing alone (`Vision par ordinateur`).
    pub name: Result<String, String>,
    /// Its attributes, by name: the forms a language gives the name for the places a theme asks
    /// for them (`.in-text = vision par ordinateur`, inside a sentence).
    pub forms: BTreeMap<String, Result<String, String>>,
    /// The locale whose message gave it; the default language's for a name as the records
    /// give it, which is taken to be in that language.
    pub from: usize,
}

impl SubfieldName {
    /// The form `form` when the language gives one, else the name: a language's own name,
    /// never another language's form.
    pub fn form(&self, form: Option<&str>) -> &Result<String, String> {
        form.and_then(|f| self.forms.get(f)).unwrap_or(&self.name)
    }
}

impl Localizer {
    /// The names in `locale` of the subfields given as (records' name, slug), made once a locale:
    /// a paper page shows a few subfields, and a list page its own. Each name and its forms come
    /// from the first language of the chain whose message has a value; a subfield that no
    /// language names has its records' name.
    pub fn subfield_names<'s>(
        &self,
        locale: usize,
        subfields: impl IntoIterator<Item = (&'s str, &'s str)>,
    ) -> SubfieldNames {
        subfields
            .into_iter()
            .map(|(name, slug)| {
                let id = subfield_message(slug);
                let found = self.locales[locale].fallback.iter().find_map(|&i| {
                    let message = self.locales[i].bundle.get_message(&id)?;
                    let value = message.value()?;
                    Some((i, message, value))
                });
                let Some((i, message, value)) = found else {
                    let as_recorded = SubfieldName {
                        name: Ok(name.to_string()),
                        forms: BTreeMap::new(),
                        from: 0,
                    };
                    return (name.to_string(), as_recorded);
                };
                let forms = message
                    .attributes()
                    .map(|a| {
                        let key = format!("{id}.{}", a.id());
                        (
                            a.id().to_string(),
                            self.format(i, locale, &key, a.value(), None),
                        )
                    })
                    .collect();
                let name_here = SubfieldName {
                    name: self.format(i, locale, &id, value, None),
                    forms,
                    from: i,
                };
                (name.to_string(), name_here)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::subfield_message;

    #[test]
    fn a_subfield_s_message_id_is_ascii_whatever_its_slug() {
        for (slug, id) in [
            ("computer-vision", "subfield-computer-vision"),
            ("économie-et-société", "subfield-economie-et-societe"),
            ("生态学", "subfield-u751f-u6001-u5b66"),
            ("数据mining-2", "subfield-u6570-u636e-mining-2"),
            ("ai数据", "subfield-ai-u6570-u636e"),
            ("straße", "subfield-stra-udf-e"),
        ] {
            assert_eq!(subfield_message(slug), id, "{slug}");
        }
    }
}
