//! Numbers and dates for a locale, by ICU4X: `0,012` and `10 348` in French, `10,348` in
//! English, `24 août 2022`, `2022年8月24日`. Built once per locale and shared by all threads.
//! Also the order of its alphabet, for lists sorted by name, and the names of languages.

use std::cmp::Ordering;
use std::str::FromStr;

use fixed_decimal::Decimal;
use icu_collator::{Collator, CollatorBorrowed};
use icu_datetime::fieldsets::YMD;
use icu_datetime::DateTimeFormatter;
use icu_decimal::options::{DecimalFormatterOptions, GroupingStrategy};
use icu_decimal::DecimalFormatter;
use icu_experimental::displaynames::multi::LocaleDisplayNamesFormatter;
use icu_locale_core::Locale;
use unic_langid::LanguageIdentifier;

use crate::records::Date;

/// The most fraction digits a number is shown with, as in ECMA-402's `Intl.NumberFormat`: more
/// is asked for by mistake, and Rust's formatting panics past 65 535.
pub const MAX_FRACTION_DIGITS: usize = 100;

/// The most digits a number is padded to before its decimal separator, as in ECMA-402.
pub const MAX_INTEGER_DIGITS: usize = 21;

/// How a number is written: how many digits to show on each side of the separator (each at
/// most [`MAX_INTEGER_DIGITS`] or [`MAX_FRACTION_DIGITS`]; more counts as that), and whether
/// the locale's thousands separators are left out.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NumberOptions {
    pub min_integer: Option<usize>,
    pub min_fraction: Option<usize>,
    pub max_fraction: Option<usize>,
    pub ungrouped: bool,
}

/// The formatters of one locale.
pub struct LocaleFormats {
    decimal: DecimalFormatter,
    ungrouped: DecimalFormatter,
    date: DateTimeFormatter<YMD>,
    collator: CollatorBorrowed<'static>,
    /// `None` where ICU4X has no names for the locale, not even the root's.
    language_names: Option<LocaleDisplayNamesFormatter>,
}

impl std::fmt::Debug for LocaleFormats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LocaleFormats")
    }
}

/// The ICU locale of a language identifier; a tag ICU cannot read formats as the root locale.
pub fn icu_locale(langid: &LanguageIdentifier) -> Locale {
    Locale::from_str(&langid.to_string()).unwrap_or(Locale::UNKNOWN)
}

impl LocaleFormats {
    pub fn new(langid: &LanguageIdentifier) -> LocaleFormats {
        let locale = icu_locale(langid);
        // Compiled data covers every locale through fallback, so these cannot fail for data
        // reasons; the root locale's formatters are the last resort all the same.
        let decimal_formatter = |options: DecimalFormatterOptions| {
            DecimalFormatter::try_new((&locale).into(), options)
                .or_else(|_| DecimalFormatter::try_new(Default::default(), options))
                .expect("compiled decimal data for the root locale")
        };
        let decimal = decimal_formatter(Default::default());
        let ungrouped = decimal_formatter(GroupingStrategy::Never.into());
        let date = DateTimeFormatter::try_new((&locale).into(), YMD::medium())
            .or_else(|_| DateTimeFormatter::try_new(Default::default(), YMD::medium()))
            .expect("compiled date data for the root locale");
        let collator = Collator::try_new((&locale).into(), Default::default())
            .or_else(|_| Collator::try_new(Default::default(), Default::default()))
            .expect("compiled collation data for the root locale");
        let language_names =
            LocaleDisplayNamesFormatter::try_new((&locale).into(), Default::default()).ok();
        LocaleFormats {
            decimal,
            ungrouped,
            date,
            collator,
            language_names,
        }
    }

    /// CLDR's name in this locale of the language `code` (a BCP 47 tag): `espagnol` for `es` in
    /// French, `繁体中文` for `zh-Hant` in Chinese; `None` for a tag CLDR has no name for
    /// (`qaa`) or that is not a tag.
    pub fn language_name(&self, code: &str) -> Option<String> {
        let tag = Locale::from_str(code).ok()?;
        let name = self.language_names.as_ref()?.of(&tag);
        // A tag it does not know comes back as written.
        (!name.eq_ignore_ascii_case(code) && !name.eq_ignore_ascii_case(&tag.to_string()))
            .then(|| name.into_owned())
    }

    /// The order of two names in the locale's alphabet: `Écologie` before `Zoologie` in
    /// French, `动物学` (dòng) before `人工智能` (rén) in Chinese, by pinyin.
    pub fn compare(&self, a: &str, b: &str) -> Ordering {
        self.collator.compare(a, b)
    }

    pub fn number(&self, value: f64, digits: NumberOptions) -> String {
        if !value.is_finite() {
            return value.to_string();
        }
        let digits = NumberOptions {
            min_integer: digits.min_integer.map(|d| d.min(MAX_INTEGER_DIGITS)),
            min_fraction: digits.min_fraction.map(|d| d.min(MAX_FRACTION_DIGITS)),
            max_fraction: digits.max_fraction.map(|d| d.min(MAX_FRACTION_DIGITS)),
            ungrouped: digits.ungrouped,
        };
        // Most numbers a page shows are counts: no need to write them out and read them back.
        let decimal = if is_small_integer(value) {
            Decimal::from(value as i64)
        } else {
            decimal_through_text(value, digits)
        };
        let decimal = with_digits(decimal, digits);
        let formatter = if digits.ungrouped {
            &self.ungrouped
        } else {
            &self.decimal
        };
        formatter.format(&decimal).to_string()
    }

    pub fn integer(&self, value: i64) -> String {
        self.decimal.format(&Decimal::from(value)).to_string()
    }

    pub fn date(&self, date: Date) -> String {
        match icu_calendar::Date::try_new_iso(date.year, date.month, date.day) {
            Ok(d) => self.date.format(&d).to_string(),
            Err(_) => date.to_string(),
        }
    }
}

/// `value` as a decimal, by way of its text (to `max_fraction` digits when there is a most).
fn decimal_through_text(value: f64, digits: NumberOptions) -> Decimal {
    match digits.max_fraction {
        Some(max) => Decimal::from_str(&format!("{value:.max$}")),
        None => Decimal::from_str(&format!("{value}")),
    }
    .unwrap_or_default()
}

/// `decimal` rounded to at most `max_fraction` digits and padded to at least `min_fraction`,
/// and to `min_integer` before the separator.
fn with_digits(mut decimal: Decimal, digits: NumberOptions) -> Decimal {
    if let Some(max) = digits.max_fraction {
        decimal.trim_end();
        decimal.round(-(max as i16));
    }
    if let Some(min) = digits.min_fraction {
        decimal.pad_end(-(min as i16));
    }
    if let Some(min) = digits.min_integer {
        decimal.pad_start(min as i16);
    }
    decimal
}

/// A whole number that an `i64` holds exactly, and not `-0` (which formats as `-0`).
fn is_small_integer(value: f64) -> bool {
    value.fract() == 0.0 && value.abs() < 1e15 && !(value == 0.0 && value.is_sign_negative())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// [`LocaleFormats::number`] without its shortcut for whole numbers.
    fn number_through_text(formats: &LocaleFormats, value: f64, digits: NumberOptions) -> String {
        let decimal = with_digits(decimal_through_text(value, digits), digits);
        formats.decimal.format(&decimal).to_string()
    }

    proptest! {
        #[test]
        fn whole_numbers_format_as_through_text(
            whole in prop_oneof![-2_000_000_000_000_000i64..2_000_000_000_000_000, -100_000i64..100_000],
            min in proptest::option::of(0usize..4),
            max in proptest::option::of(0usize..4),
            tag in prop_oneof![Just("en"), Just("fr"), Just("zh")],
        ) {
            let formats = formats(tag);
            let digits = NumberOptions { min_fraction: min, max_fraction: max, ..Default::default() };
            for value in [whole as f64, -0.0, 0.0] {
                prop_assert_eq!(formats.number(value, digits), number_through_text(&formats, value, digits));
            }
        }
    }

    fn formats(tag: &str) -> LocaleFormats {
        LocaleFormats::new(&tag.parse().unwrap())
    }

    #[test]
    fn more_fraction_digits_than_the_most_count_as_the_most() {
        let en = formats("en");
        for asked in [MAX_FRACTION_DIGITS + 1, 40_000, 99_999, usize::MAX] {
            let digits = NumberOptions {
                min_fraction: Some(asked),
                max_fraction: Some(asked),
                ..Default::default()
            };
            let most = NumberOptions {
                min_fraction: Some(MAX_FRACTION_DIGITS),
                max_fraction: Some(MAX_FRACTION_DIGITS),
                ..Default::default()
            };
            assert_eq!(en.number(1.5, digits), en.number(1.5, most));
        }
        assert_eq!(en.number(1.5, NumberOptions::default()), "1.5");
    }

    #[test]
    fn french_numbers() {
        let fr = formats("fr");
        assert_eq!(
            fr.number(
                0.012,
                NumberOptions {
                    min_fraction: Some(3),
                    max_fraction: Some(3),
                    ..Default::default()
                }
            ),
            "0,012"
        );
        assert_eq!(
            fr.number(
                0.0,
                NumberOptions {
                    min_fraction: Some(3),
                    max_fraction: Some(3),
                    ..Default::default()
                }
            ),
            "0,000"
        );
        assert_eq!(fr.number(8.6, NumberOptions::default()), "8,6");
        assert_eq!(fr.integer(10348), "10\u{202f}348");
    }

    #[test]
    fn english_numbers() {
        let en = formats("en");
        assert_eq!(en.number(0.012, NumberOptions::default()), "0.012");
        assert_eq!(en.integer(10348), "10,348");
    }

    #[test]
    fn chinese_numbers() {
        let zh = formats("zh");
        assert_eq!(zh.integer(10348), "10,348");
        assert_eq!(
            zh.number(
                0.012,
                NumberOptions {
                    min_fraction: Some(3),
                    max_fraction: Some(3),
                    ..Default::default()
                }
            ),
            "0.012"
        );
    }

    #[test]
    fn rounding_to_the_digits_asked_for() {
        let en = formats("en");
        assert_eq!(
            en.number(
                0.0604,
                NumberOptions {
                    min_fraction: Some(3),
                    max_fraction: Some(3),
                    ..Default::default()
                }
            ),
            "0.060"
        );
        assert_eq!(en.number(1234.5, NumberOptions::default()), "1,234.5");
    }

    #[test]
    fn integer_digits_and_grouping() {
        let fr = formats("fr");
        let padded = NumberOptions {
            min_integer: Some(3),
            ..Default::default()
        };
        assert_eq!(fr.number(-7.5, padded), "-007,5");
        assert_eq!(fr.number(12345.0, padded), "12\u{202f}345");
        let ungrouped = NumberOptions {
            ungrouped: true,
            ..Default::default()
        };
        assert_eq!(fr.number(12345.25, ungrouped), "12345,25");
        let most = NumberOptions {
            min_integer: Some(usize::MAX),
            ungrouped: true,
            ..Default::default()
        };
        assert_eq!(
            formats("en").number(1.0, most),
            format!("{}1", "0".repeat(MAX_INTEGER_DIGITS - 1))
        );
    }

    #[test]
    fn dates() {
        let d = Date::new(2022, 8, 24).unwrap();
        assert_eq!(formats("en-GB").date(d), "24 Aug 2022");
        assert_eq!(formats("fr").date(d), "24 août 2022");
        assert_eq!(formats("zh").date(d), "2022年8月24日");
    }
}
