//! The characters that no page or feed can carry: the control characters but tab, line feed and
//! carriage return (HTML parses them as errors, XML 1.0 refuses most of them), and Unicode's
//! noncharacters (U+FDD0 to U+FDEF and the last two code points of every plane, which XML
//! refuses). Records and pages are checked for them when read, and import drops them, so that no
//! page, feed or sitemap ever holds one.

/// True for a character that no page or feed can carry.
pub fn is_unshowable(c: char) -> bool {
    match c {
        '\t' | '\n' | '\r' => false,
        '\u{fdd0}'..='\u{fdef}' => true,
        c => c.is_control() || (c as u32) & 0xfffe == 0xfffe,
    }
}

/// The first character of `text` that no page can carry, with its byte offset.
pub fn first_unshowable(text: &str) -> Option<(usize, char)> {
    text.char_indices().find(|&(_, c)| is_unshowable(c))
}

/// The error about `c` in `holder` (`` `title` ``, "the text"), the same words wherever it is
/// found.
pub fn message(holder: &str, c: char) -> String {
    let kind = if c.is_control() {
        "control character"
    } else {
        "noncharacter"
    };
    format!(
        "{holder} holds the {kind} U+{:04X}, which no page or feed can carry",
        c as u32
    )
}

/// The help of the error about a character that is raw in the file, where most editors show
/// nothing.
pub const INVISIBLE_HELP: &str =
    "delete it: it stands at this line and column, though most editors show nothing there";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_controls_and_noncharacters_and_nothing_else() {
        for c in [
            '\0', '\u{1}', '\u{b}', '\u{c}', '\u{1b}', '\u{7f}', '\u{85}', '\u{9f}',
        ] {
            assert!(is_unshowable(c), "{c:?}");
        }
        for c in [
            '\u{fdd0}',
            '\u{fdef}',
            '\u{fffe}',
            '\u{ffff}',
            '\u{1fffe}',
            '\u{10ffff}',
        ] {
            assert!(is_unshowable(c), "{c:?}");
        }
        for c in [
            '\t', '\n', '\r', ' ', 'é', '\u{a0}', '\u{feff}', '\u{2028}', '\u{fdcf}',
        ] {
            assert!(!is_unshowable(c), "{c:?}");
        }
        for c in ['\u{fdf0}', '\u{fffd}', '\u{1fffd}', '\u{20000}', '中'] {
            assert!(!is_unshowable(c), "{c:?}");
        }
    }

    #[test]
    fn names_the_kind_of_character() {
        assert_eq!(
            message("`title`", '\u{1}'),
            "`title` holds the control character U+0001, which no page or feed can carry"
        );
        assert!(message("the text", '\u{10ffff}').contains("the noncharacter U+10FFFF"));
    }
}
