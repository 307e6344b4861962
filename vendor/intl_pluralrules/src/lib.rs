//! A crate for generating plural rule operands from numberical input.
//!
//! This crate generates plural operands according to the specifications outlined at [Unicode's website](https://unicode.org/reports/tr35/tr35-numbers.html#Operands).
//!
//! Input is supported for int, float, and &str.
//!
//! # Examples
//!
//! Plural rules example for Polish
//!
//! ```
//! use intl_pluralrules::{PluralRules, PluralRuleType, PluralCategory};
//! use unic_langid::LanguageIdentifier;
//!
//! let langid: LanguageIdentifier = "pl".parse().expect("Parsing failed.");
//!
//! assert!(PluralRules::get_locales(PluralRuleType::CARDINAL).contains(&langid));
//!
//! let pr = PluralRules::create(langid.clone(), PluralRuleType::CARDINAL).unwrap();
//! assert_eq!(pr.select(1), Ok(PluralCategory::ONE));
//! assert_eq!(pr.select("3"), Ok(PluralCategory::FEW));
//! assert_eq!(pr.select(12), Ok(PluralCategory::MANY));
//! assert_eq!(pr.select("5.0"), Ok(PluralCategory::OTHER));
//!
//! assert_eq!(pr.get_locale(), &langid);
//! ```

/// A public AST module for plural rule representations.
pub mod operands;
#[cfg(not(tarpaulin_include))]
mod rules;

use std::convert::TryInto;

use unic_langid::LanguageIdentifier;

use crate::operands::PluralOperands;

/// A public enum for handling the plural category.
/// Each plural category will vary, depending on the language that is being used and whether that language has that plural category.
#[derive(Debug, Eq, PartialEq)]
pub enum PluralCategory {
    ZERO,
    ONE,
    TWO,
    FEW,
    MANY,
    OTHER,
}

/// A public enum for handling plural type.
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub enum PluralRuleType {
    /// Ordinal numbers express position or rank in a sequence. [More about oridinal numbers](https://en.wikipedia.org/wiki/Ordinal_number_(linguistics))
    ORDINAL,
    /// Cardinal numbers are natural numbers. [More about cardinal numbers](https://en.wikipedia.org/wiki/Cardinal_number)
    CARDINAL,
}

// pub use rules::PluralRuleType;
/// CLDR_VERSION is the version of CLDR extracted from the file used to generate rules.rs.
pub use crate::rules::CLDR_VERSION;

/// The main structure for selecting plural rules.
///
/// # Examples
///
/// ```
/// use intl_pluralrules::{PluralRules, PluralRuleType, PluralCategory};
/// use unic_langid::LanguageIdentifier;
///
/// let langid: LanguageIdentifier = "naq".parse().expect("Parsing failed.");
/// let pr_naq = PluralRules::create(langid, PluralRuleType::CARDINAL).unwrap();
/// assert_eq!(pr_naq.select(1), Ok(PluralCategory::ONE));
/// assert_eq!(pr_naq.select("2"), Ok(PluralCategory::TWO));
/// assert_eq!(pr_naq.select(5.0), Ok(PluralCategory::OTHER));
/// ```
#[derive(Clone)]
pub struct PluralRules {
    locale: LanguageIdentifier,
    // papermap patch: ICU4X's rules for the locale, which the generated `rules` of CLDR 37 get
    // wrong in places (Arabic's `n % 100 = 3..10` read as `n = 3..10`: 103 was `other`, not
    // `few`). A language ICU4X has no data of keeps its rule of the table.
    rules: Rules,
}

#[derive(Clone)]
enum Rules {
    Icu(std::sync::Arc<icu_plurals::PluralRules>),
    Table(rules::PluralRule),
}

/// Whether ICU4X's compiled data has plural rules of `locale`'s own language, rather than those
/// of a fallback (the root's, under which every number is `other`).
fn icu_has(locale: &icu_locale_core::Locale, prt: PluralRuleType) -> bool {
    use icu_plurals::provider::{Baked, PluralsCardinalV1, PluralsOrdinalV1};
    use icu_provider::prelude::*;
    let data_locale = DataLocale::from(locale);
    let request = DataRequest {
        id: DataIdentifierBorrowed::for_locale(&data_locale),
        ..Default::default()
    };
    let metadata = match prt {
        PluralRuleType::CARDINAL => {
            DataProvider::<PluralsCardinalV1>::load(&Baked, request).map(|r| r.metadata)
        }
        PluralRuleType::ORDINAL => {
            DataProvider::<PluralsOrdinalV1>::load(&Baked, request).map(|r| r.metadata)
        }
    };
    match metadata {
        Ok(metadata) => metadata
            .locale
            .is_none_or(|resolved| resolved.language == data_locale.language),
        Err(_) => false,
    }
}

impl PluralRules {
    /// Returns an instance of PluralRules.
    ///
    /// # Examples
    /// ```
    /// use intl_pluralrules::{PluralRules, PluralRuleType, PluralCategory};
    /// use unic_langid::LanguageIdentifier;
    ///
    /// let langid: LanguageIdentifier = "naq".parse().expect("Parsing failed.");
    /// let pr_naq = PluralRules::create(langid, PluralRuleType::CARDINAL);
    /// assert_eq!(pr_naq.is_ok(), !pr_naq.is_err());
    ///
    /// let langid: LanguageIdentifier = "xx".parse().expect("Parsing failed.");
    /// let pr_broken = PluralRules::create(langid, PluralRuleType::CARDINAL);
    /// assert_eq!(pr_broken.is_err(), !pr_broken.is_ok());
    /// ```
    pub fn create<L: Into<LanguageIdentifier>>(
        langid: L,
        prt: PluralRuleType,
    ) -> Result<Self, &'static str> {
        let langid = langid.into();
        let returned_rule = match prt {
            PluralRuleType::CARDINAL => {
                let idx = rules::PRS_CARDINAL.binary_search_by_key(&&langid, |(l, _)| l);
                idx.map(|idx| rules::PRS_CARDINAL[idx].1)
            }
            PluralRuleType::ORDINAL => {
                let idx = rules::PRS_ORDINAL.binary_search_by_key(&&langid, |(l, _)| l);
                idx.map(|idx| rules::PRS_ORDINAL[idx].1)
            }
        };
        let table = returned_rule.map_err(|_| "unknown locale")?;
        let icu = langid
            .to_string()
            .parse::<icu_locale_core::Locale>()
            .ok()
            .filter(|locale| icu_has(locale, prt))
            .and_then(|locale| {
                match prt {
                    PluralRuleType::CARDINAL => {
                        icu_plurals::PluralRules::try_new_cardinal(locale.into())
                    }
                    PluralRuleType::ORDINAL => {
                        icu_plurals::PluralRules::try_new_ordinal(locale.into())
                    }
                }
                .ok()
            });
        Ok(Self {
            locale: langid,
            rules: match icu {
                Some(icu) => Rules::Icu(std::sync::Arc::new(icu)),
                None => Rules::Table(table),
            },
        })
    }

    /// Returns a result of the plural category for the given input.
    ///
    /// If the input is not numeric.
    ///
    /// # Examples
    /// ```
    /// use intl_pluralrules::{PluralRules, PluralRuleType, PluralCategory};
    /// use unic_langid::LanguageIdentifier;
    ///
    /// let langid: LanguageIdentifier = "naq".parse().expect("Parsing failed.");
    /// let pr_naq = PluralRules::create(langid, PluralRuleType::CARDINAL).unwrap();
    /// assert_eq!(pr_naq.select(1), Ok(PluralCategory::ONE));
    /// assert_eq!(pr_naq.select(2), Ok(PluralCategory::TWO));
    /// assert_eq!(pr_naq.select(5), Ok(PluralCategory::OTHER));
    /// ```
    pub fn select<N: TryInto<PluralOperands>>(
        &self,
        number: N,
    ) -> Result<PluralCategory, &'static str> {
        let ops: PluralOperands = number
            .try_into()
            .map_err(|_| "Argument can not be parsed to operands.")?;
        let icu = match &self.rules {
            Rules::Icu(icu) => icu,
            Rules::Table(rule) => return Ok(rule(&ops)),
        };
        // The number as written: its integer digits, then its visible fraction digits (`v`
        // of them, trailing zeros included, which some rules count).
        let written = if ops.v == 0 {
            ops.i.to_string()
        } else {
            format!("{}.{:0width$}", ops.i, ops.f, width = ops.v)
        };
        let decimal: fixed_decimal::Decimal = written
            .parse()
            .map_err(|_| "Argument can not be parsed to operands.")?;
        Ok(match icu.category_for(&decimal) {
            icu_plurals::PluralCategory::Zero => PluralCategory::ZERO,
            icu_plurals::PluralCategory::One => PluralCategory::ONE,
            icu_plurals::PluralCategory::Two => PluralCategory::TWO,
            icu_plurals::PluralCategory::Few => PluralCategory::FEW,
            icu_plurals::PluralCategory::Many => PluralCategory::MANY,
            icu_plurals::PluralCategory::Other => PluralCategory::OTHER,
        })
    }

    /// Returns a list of the available locales.
    ///
    /// # Examples
    /// ```
    /// use intl_pluralrules::{PluralRules, PluralRuleType};
    ///
    /// assert_eq!(
    ///     PluralRules::get_locales(PluralRuleType::CARDINAL).is_empty(),
    ///     false
    /// );
    /// ```
    pub fn get_locales(prt: PluralRuleType) -> Vec<LanguageIdentifier> {
        let prs = match prt {
            PluralRuleType::CARDINAL => rules::PRS_CARDINAL,
            PluralRuleType::ORDINAL => rules::PRS_ORDINAL,
        };
        prs.iter().map(|(l, _)| l.clone()).collect()
    }

    /// Returns the locale name for this PluralRule instance.
    ///
    /// # Examples
    /// ```
    /// use intl_pluralrules::{PluralRules, PluralRuleType};
    /// use unic_langid::LanguageIdentifier;
    ///
    /// let langid: LanguageIdentifier = "naq".parse().expect("Parsing failed.");
    /// let pr_naq = PluralRules::create(langid.clone(), PluralRuleType::CARDINAL).unwrap();
    /// assert_eq!(pr_naq.get_locale(), &langid);
    /// ```
    pub fn get_locale(&self) -> &LanguageIdentifier {
        &self.locale
    }
}

#[cfg(test)]
mod tests {
    use super::{PluralCategory, PluralRuleType, PluralRules, CLDR_VERSION};
    use unic_langid::LanguageIdentifier;

    #[test]
    fn cardinals_test() {
        let langid: LanguageIdentifier = "naq".parse().expect("Parsing failed.");
        let pr_naq = PluralRules::create(langid, PluralRuleType::CARDINAL).unwrap();
        assert_eq!(pr_naq.select(1), Ok(PluralCategory::ONE));
        assert_eq!(pr_naq.select(2), Ok(PluralCategory::TWO));
        assert_eq!(pr_naq.select(5), Ok(PluralCategory::OTHER));

        let langid: LanguageIdentifier = "xx".parse().expect("Parsing failed.");
        let pr_broken = PluralRules::create(langid, PluralRuleType::CARDINAL);
        assert_eq!(pr_broken.is_err(), !pr_broken.is_ok());
    }

    #[test]
    fn ordinals_rules() {
        let langid: LanguageIdentifier = "uk".parse().expect("Parsing failed.");
        let pr_naq = PluralRules::create(langid, PluralRuleType::ORDINAL).unwrap();
        assert_eq!(pr_naq.select(33), Ok(PluralCategory::FEW));
        assert_eq!(pr_naq.select(113), Ok(PluralCategory::OTHER));
    }

    // papermap patch: the categories are ICU4X's (see PATCHES.md).
    #[test]
    fn rules_of_n_modulo_100_hold_beyond_100() {
        let select = |lang: &str, prt, n: &str| {
            let langid: LanguageIdentifier = lang.parse().unwrap();
            PluralRules::create(langid, prt).unwrap().select(n).unwrap()
        };
        use PluralCategory::*;
        let cardinal = PluralRuleType::CARDINAL;
        for (n, category) in [
            ("0", ZERO),
            ("1", ONE),
            ("2", TWO),
            ("3", FEW),
            ("11", MANY),
            ("100", OTHER),
            ("102", OTHER),
            ("103", FEW),
            ("111", MANY),
            ("1003", FEW),
            ("3.5", OTHER),
        ] {
            assert_eq!(select("ar", cardinal, n), category, "ar {}", n);
        }
        assert_eq!(select("fr", cardinal, "1.5"), ONE);
        assert_eq!(select("en", cardinal, "1.0"), OTHER);
        assert_eq!(select("en", cardinal, "1"), ONE);
        assert_eq!(select("ru", cardinal, "21"), ONE);
        assert_eq!(select("ru", cardinal, "111"), MANY);
        assert_eq!(select("en", PluralRuleType::ORDINAL, "23"), FEW);
        assert_eq!(select("en", PluralRuleType::ORDINAL, "113"), OTHER);
    }

    #[test]
    fn version_test() {
        assert_eq!(CLDR_VERSION, 37);
    }

    #[test]
    fn locale_test() {
        assert_eq!(
            PluralRules::get_locales(PluralRuleType::CARDINAL).is_empty(),
            false
        );
    }
}
