//! A build's search records, kept in temporary files rather than in memory, so that the map's
//! model can be freed before its search index is made: a build then holds the model or the
//! indexer, never both. A language's records are written one after the other into a file of its
//! own, with where each begins; the indexer reads back the span of a part.

use std::cell::OnceCell;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::ops::Range;
use std::os::unix::fs::FileExt;

use rayon::prelude::*;

use super::{record_sharing, searchable_pages, Record, Records};
use crate::config::Config;
use crate::model::SiteModel;
use crate::render::urls::Urls;

/// How many records are made side by side before they are written.
const BATCH: usize = 1_024;

/// One language's records: the file, and where each record begins in it (one more for the end).
struct Spilled {
    locale: String,
    file: File,
    starts: Vec<u64>,
}

/// Every language's search records of a model, in temporary files that go when it is dropped.
pub struct Spill {
    pages: usize,
    languages: Vec<Spilled>,
}

impl Spill {
    /// Writes the records of every page of `model` in every language of `config` into temporary
    /// files (in the system's folder for them: `TMPDIR`, else `/tmp`).
    pub fn make(config: &Config, model: &SiteModel) -> Result<Spill, String> {
        let urls = Urls::new(config);
        let pages = searchable_pages(model);
        let locales = config.codes();
        // Each language's file, written through a buffer, and where each of its records begins.
        let mut writing = locales
            .iter()
            .map(|_| {
                let file = tempfile::tempfile().map_err(cannot_keep)?;
                let mut starts = Vec::with_capacity(pages + 1);
                starts.push(0);
                Ok((BufWriter::new(file), starts))
            })
            .collect::<Result<Vec<(BufWriter<File>, Vec<u64>)>, String>>()?;
        // A page's records in every language are made together: those that show the original
        // abstract (an untranslated paper's, in every language) share its plain text, made once.
        for batch in (0..pages).step_by(BATCH) {
            let encoded: Vec<Vec<Vec<u8>>> = (batch..(batch + BATCH).min(pages))
                .into_par_iter()
                .map(|page| {
                    let original = OnceCell::new();
                    locales
                        .iter()
                        .map(|locale| {
                            encode(&record_sharing(&urls, model, locale, page, &original))
                        })
                        .collect()
                })
                .collect();
            for page in encoded {
                for (bytes, (out, starts)) in page.iter().zip(&mut writing) {
                    out.write_all(bytes).map_err(cannot_keep)?;
                    let at = starts.last().copied().unwrap_or(0);
                    starts.push(at + bytes.len() as u64);
                }
            }
        }
        let languages = locales
            .iter()
            .zip(writing)
            .map(|(locale, (out, starts))| {
                Ok(Spilled {
                    locale: locale.to_string(),
                    file: out.into_inner().map_err(|e| cannot_keep(e.into_error()))?,
                    starts,
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        Ok(Spill { pages, languages })
    }

    /// How many pages each language has records of.
    pub fn pages(&self) -> usize {
        self.pages
    }
}

impl Records for Spill {
    fn records(&self, locale: &str, range: Range<usize>) -> Result<Vec<Record>, String> {
        let spilled = self
            .languages
            .iter()
            .find(|spilled| spilled.locale == locale)
            .ok_or_else(|| format!("no search records were kept for the language `{locale}`"))?;
        let (Some(&start), Some(&end)) = (
            spilled.starts.get(range.start),
            spilled.starts.get(range.end),
        ) else {
            return Err(damaged());
        };
        let mut bytes = vec![0; usize::try_from(end - start).map_err(|_| damaged())?];
        spilled
            .file
            .read_exact_at(&mut bytes, start)
            .map_err(|e| format!("cannot read the search records back: {e}"))?;
        let mut rest = bytes.as_slice();
        let records = range
            .map(|_| decode(&mut rest).ok_or_else(damaged))
            .collect::<Result<Vec<_>, String>>()?;
        if rest.is_empty() {
            Ok(records)
        } else {
            Err(damaged())
        }
    }
}

fn cannot_keep(e: std::io::Error) -> String {
    format!(
        "cannot keep the search records in a temporary file in {}: {e}",
        std::env::temp_dir().display()
    )
}

fn damaged() -> String {
    "the search records kept in a temporary file do not read back as they were written".into()
}

/// A record as its three texts, each after its length in bytes (4, little-endian).
fn encode(record: &Record) -> Vec<u8> {
    let texts = [&record.url, &record.title, &record.content];
    let mut bytes = Vec::with_capacity(texts.iter().map(|t| 4 + t.len()).sum());
    for text in texts {
        // A text longer than 4 GiB is not a page's.
        bytes.extend_from_slice(&(text.len() as u32).to_le_bytes());
        bytes.extend_from_slice(text.as_bytes());
    }
    bytes
}

fn decode(bytes: &mut &[u8]) -> Option<Record> {
    let mut text = || -> Option<String> {
        let (length, rest) = bytes.split_first_chunk::<4>()?;
        let length = u32::from_le_bytes(*length) as usize;
        let text = rest.get(..length)?;
        *bytes = &rest[length..];
        String::from_utf8(text.to_vec()).ok()
    };
    Some(Record {
        url: text()?,
        title: text()?,
        content: text()?,
    })
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::sync::Mutex;

    use super::super::{bundle, bundle_spilled, part_ranges, BundleFiles, FromModel};
    use super::*;
    use crate::build::{load, Options, Site};

    /// The example site of the repository: papers in English with French and Chinese
    /// translations, and long-form pages.
    fn example_site() -> Site {
        let options = Options {
            root: env!("CARGO_MANIFEST_DIR").into(),
            ..Options::default()
        };
        load(&options).unwrap_or_else(|e| panic!("the example site loads: {e:?}"))
    }

    #[test]
    fn the_kept_records_are_the_models_for_every_language_and_range() {
        let site = example_site();
        let spill = Spill::make(&site.config, &site.model).unwrap();
        let pages = searchable_pages(&site.model);
        assert!(pages > 20, "{pages}");
        assert_eq!(spill.pages(), pages);
        let model = FromModel {
            config: &site.config,
            model: &site.model,
        };
        let mut ranges = part_ranges(pages, 7);
        ranges.extend([0..pages, 3..3, pages - 1..pages]);
        for language in &site.config.languages {
            for range in &ranges {
                let kept = spill.records(&language.code, range.clone()).unwrap();
                assert_eq!(kept.len(), range.len());
                assert_eq!(
                    kept,
                    model.records(&language.code, range.clone()).unwrap(),
                    "{} {range:?}",
                    language.code
                );
            }
        }
        let chinese = spill.records("zh", 0..pages).unwrap();
        assert!(
            chinese.iter().any(|r| r.url.starts_with("/zh/")
                && r.content
                    .chars()
                    .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))),
            "the Chinese records hold Chinese text"
        );
        assert!(spill.records("de", 0..1).unwrap_err().contains("`de`"));
        assert!(spill
            .records("en", 0..pages + 1)
            .unwrap_err()
            .contains("do not read back"));
    }

    /// Every file a bundle hands over, by place; a place handed over twice fails.
    fn files_of(
        make: impl FnOnce(&(dyn Fn(BundleFiles) -> Result<(), String> + Sync)),
    ) -> BTreeMap<String, Vec<u8>> {
        let files = Mutex::new(BTreeMap::new());
        make(&|made| {
            for (place, bytes) in made {
                let twice = files.lock().unwrap().insert(place.clone(), bytes);
                assert!(twice.is_none(), "{place} is handed over twice");
            }
            Ok(())
        });
        files.into_inner().unwrap()
    }

    #[test]
    fn the_index_made_from_the_kept_records_is_the_one_made_from_the_model_byte_for_byte() {
        let mut site = example_site();
        site.config.search_part_size = 7;
        let spill = Spill::make(&site.config, &site.model).unwrap();
        let indexed = std::sync::atomic::AtomicUsize::new(0);
        let from_model = files_of(|write| bundle(&site.config, &site.model, write).unwrap());
        let from_spill = files_of(|write| {
            let step = || {
                indexed.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            };
            bundle_spilled(&site.config, &spill, &step, write).unwrap()
        });
        assert_eq!(
            from_model.keys().collect::<Vec<_>>(),
            from_spill.keys().collect::<Vec<_>>()
        );
        assert!(from_model == from_spill, "the same bytes in every file");
        let parts = part_ranges(spill.pages(), 7).len();
        assert!(parts >= 3, "{parts}");
        for part in 2..=parts {
            let entry = format!("pagefind/part-{part}/pagefind-entry.json");
            let languages: serde_json::Value = serde_json::from_slice(&from_spill[&entry]).unwrap();
            assert_eq!(
                languages["languages"].as_object().unwrap().len(),
                3,
                "{entry}"
            );
        }
        assert!(
            !from_spill.contains_key(&format!("pagefind/part-{}/pagefind-entry.json", parts + 1))
        );
        assert!(from_spill.contains_key("pagefind/pagefind.js"));
        assert!(!from_spill.contains_key("pagefind/part-2/pagefind.js"));
        assert_eq!(
            indexed.into_inner(),
            spill.pages() * site.config.languages.len(),
            "every page of every language is counted once"
        );
    }

    #[test]
    fn a_record_reads_back_as_it_was_written_and_a_cut_one_does_not() {
        let records = [
            Record {
                url: "/zh/paper/2208.11695/".into(),
                title: "数据中的错误".into(),
                content: "数据中的错误. Alexandra Sasha Luccioni. 我们发现……".into(),
            },
            Record {
                url: "/press/".into(),
                title: String::new(),
                content: ". ".into(),
            },
        ];
        let bytes: Vec<u8> = records.iter().flat_map(encode).collect();
        let mut rest = bytes.as_slice();
        assert_eq!(decode(&mut rest).as_ref(), Some(&records[0]));
        assert_eq!(decode(&mut rest).as_ref(), Some(&records[1]));
        assert!(rest.is_empty());
        let mut cut = &bytes[..bytes.len() - 1];
        decode(&mut cut);
        assert_eq!(decode(&mut cut), None);
    }
}
