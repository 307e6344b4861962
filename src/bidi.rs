//! Which way text runs: a language's direction, for HTML's `dir`; whether a text has letters
//! that run right to left, or left to right, outside the isolates it already has; and lists
//! whose items run either way, each item that runs against its sentence isolated on its own.

use icu_locale::LocaleDirectionality;
use icu_locale_core::LanguageIdentifier as IcuLanguage;
use icu_properties::props::BidiClass;
use icu_properties::CodePointMapData;

/// U+2068 FIRST STRONG ISOLATE: what follows, up to [`PDI`], runs the way its first letter does.
pub const FSI: char = '\u{2068}';
/// U+2069 POP DIRECTIONAL ISOLATE: the end of an isolate.
pub const PDI: char = '\u{2069}';
/// U+2067 RIGHT-TO-LEFT ISOLATE.
const RLI: char = '\u{2067}';
/// U+2066 LEFT-TO-RIGHT ISOLATE.
const LRI: char = '\u{2066}';

/// Which way the language `code` (a BCP 47 tag: `ar`, `fa-IR`, `az-Arab`) is written, as HTML's
/// `dir` says it: `rtl` when its script (given, or the likely one for the language and region)
/// runs right to left, `ltr` otherwise, and for a tag ICU4X cannot read.
pub fn direction(code: &str) -> &'static str {
    // Compiled data, made at compile time: nothing to build or share at run time.
    static DIRECTIONALITY: LocaleDirectionality = LocaleDirectionality::new_extended();
    match IcuLanguage::try_from_str(code) {
        Ok(language) if DIRECTIONALITY.is_right_to_left(&language) => "rtl",
        _ => "ltr",
    }
}

/// `text` between [`FSI`] and [`PDI`].
pub fn isolate(text: &str) -> String {
    format!("{FSI}{text}{PDI}")
}

/// Whether `text` has a letter written right to left (Hebrew, Arabic, Syriac, Thaana…) outside
/// the isolates it has: one that would reorder the punctuation and digits around it in a
/// left-to-right sentence.
pub fn has_right_to_left_letter(text: &str) -> bool {
    if text.is_ascii() {
        return false;
    }
    // Unicode gives the classes R and AL only within these blocks (and to the right-to-left
    // mark): a value in Latin or CJK is answered without looking a letter up.
    let bidi = CodePointMapData::<BidiClass>::new();
    outside_isolates(text)
        .filter(|c| {
            matches!(c, '\u{0590}'..='\u{08FF}' | '\u{200F}' | '\u{FB1D}'..='\u{FDFF}'
                | '\u{FE70}'..='\u{FEFF}' | '\u{10800}'..='\u{10FFF}' | '\u{1E800}'..='\u{1EFFF}')
        })
        .any(|c| {
            matches!(
                bidi.get(c),
                BidiClass::RightToLeft | BidiClass::ArabicLetter
            )
        })
}

/// Whether `text` has a letter written left to right (Latin, Cyrillic, Han…) outside the
/// isolates it has: one that would run its own way in a right-to-left sentence.
pub fn has_left_to_right_letter(text: &str) -> bool {
    if text.is_ascii() {
        return text.bytes().any(|b| b.is_ascii_alphabetic());
    }
    let bidi = CodePointMapData::<BidiClass>::new();
    outside_isolates(text).any(|c| {
        c.is_ascii_alphabetic() || (!c.is_ascii() && bidi.get(c) == BidiClass::LeftToRight)
    })
}

/// The characters of `text` that no isolate of its own holds.
fn outside_isolates(text: &str) -> impl Iterator<Item = char> + '_ {
    let mut depth = 0usize;
    text.chars().filter(move |&c| match c {
        LRI | RLI | FSI => {
            depth += 1;
            false
        }
        PDI => {
            depth = depth.saturating_sub(1);
            false
        }
        _ => depth == 0,
    })
}

/// `items` joined by `separator` for a sentence (or a page) that runs `way` (`ltr` or `rtl`):
/// each item with a letter that runs against it is isolated on its own, so that the list reads
/// in the sentence's order whichever way each name runs. A right-to-left list with an isolated
/// item is also isolated right to left as a whole: the isolate Fluent puts around a value takes
/// its direction from the first letter outside the items' isolates, and without one it would
/// run left to right. A list with nothing to isolate is joined as it is.
pub fn join_isolated<S: AsRef<str>>(items: &[S], separator: &str, way: &str) -> String {
    let runs_against = match way {
        "rtl" => has_left_to_right_letter,
        _ => has_right_to_left_letter,
    };
    let mut isolated_any = false;
    let parts: Vec<String> = items
        .iter()
        .map(|item| {
            let item = item.as_ref();
            if runs_against(item) {
                isolated_any = true;
                isolate(item)
            } else {
                item.to_string()
            }
        })
        .collect();
    let list = parts.join(separator);
    if isolated_any && way == "rtl" {
        format!("{RLI}{list}{PDI}")
    } else {
        list
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_language_is_written_in_its_script_s_direction() {
        for rtl in ["ar", "he", "fa", "ur", "ckb", "fa-IR", "az-Arab", "yi"] {
            assert_eq!(direction(rtl), "rtl", "{rtl}");
        }
        for ltr in [
            "en", "fr", "zh", "zh-Hant", "ja", "ru", "az", "az-Latn", "pa",
        ] {
            assert_eq!(direction(ltr), "ltr", "{ltr}");
        }
        // A tag ICU4X cannot read is left to right, the HTML default.
        for unreadable in ["", "not a tag", "x"] {
            assert_eq!(direction(unreadable), "ltr", "{unreadable:?}");
        }
    }

    #[test]
    fn a_text_with_a_right_to_left_letter_is_told_apart() {
        for rtl in [
            "علی رضایی",
            "Sara ישראלי",
            "ܣܘܪܝܝܐ",
            "ދިވެހި",
            "ߒߞߏ",
            "\u{200F}",
            "ﷲ",
            "𐤀",
        ] {
            assert!(has_right_to_left_letter(rtl), "{rtl}");
        }
        // Arabic-Indic digits and the Arabic comma are weak or neutral: alone they reorder
        // nothing.
        for ltr in [
            "",
            "Sara Ahmadi",
            "人工智能",
            "Économie",
            "٢٠٢٣",
            "،",
            "русский",
        ] {
            assert!(!has_right_to_left_letter(ltr), "{ltr}");
        }
    }

    #[test]
    fn a_letter_inside_an_isolate_is_not_counted() {
        assert!(!has_right_to_left_letter("\u{2068}علی\u{2069}, Alan"));
        assert!(has_right_to_left_letter("\u{2068}Alan\u{2069}, علی"));
        assert!(!has_left_to_right_letter(
            "\u{2067}\u{2068}Alan\u{2069}\u{2069}، ٢٠٢٣"
        ));
        assert!(has_left_to_right_letter("张倩"));
        assert!(has_left_to_right_letter("علی \u{2068}x\u{2069} Économie"));
        // A stray PDI closes nothing.
        assert!(has_right_to_left_letter("\u{2069}علی"));
    }

    #[test]
    fn a_list_isolates_each_item_that_runs_against_it() {
        let items = ["علی رضایی", "Alan Smith"];
        assert_eq!(
            join_isolated(&items, ", ", "ltr"),
            "\u{2068}علی رضایی\u{2069}, Alan Smith"
        );
        assert_eq!(
            join_isolated(&items, "، ", "rtl"),
            "\u{2067}علی رضایی، \u{2068}Alan Smith\u{2069}\u{2069}"
        );
        assert_eq!(join_isolated(&["Ada", "Alan"], ", ", "ltr"), "Ada, Alan");
        assert_eq!(join_isolated(&["علی", "مریم"], "، ", "rtl"), "علی، مریم");
        assert_eq!(join_isolated::<&str>(&[], ", ", "ltr"), "");
    }
}
