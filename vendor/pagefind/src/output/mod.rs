use std::path::PathBuf;
use std::time::Duration;

use crate::index::PagefindIndexes;
use crate::{SearchOptions, PAGEFIND_VERSION};
use futures::future::join_all;
use std::collections::BTreeMap;
use include_dir::{include_dir, Dir};
use minifier::js::minify;
use tokio::fs::{create_dir_all, File};
use tokio::io::AsyncWriteExt;
use tokio::time::sleep;

mod entry;

const GENERIC_WEB_WASM: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/vendor/wasm/pagefind_web_bg.unknown.",
    env!("CARGO_PKG_VERSION"),
    ".wasm.gz"
));
const WEB_WASM_FILES: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/vendor/wasm");

const WEB_JS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/vendor/pagefind_web.",
    env!("CARGO_PKG_VERSION"),
    ".js"
));
const WEB_UI_JS: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/vendor/pagefind_ui.",
    env!("CARGO_PKG_VERSION"),
    ".js"
));
const WEB_UI_CSS: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/vendor/pagefind_ui.",
    env!("CARGO_PKG_VERSION"),
    ".css"
));
const WEB_MODULAR_UI_JS: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/vendor/pagefind_modular_ui.",
    env!("CARGO_PKG_VERSION"),
    ".js"
));
const WEB_MODULAR_UI_CSS: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/vendor/pagefind_modular_ui.",
    env!("CARGO_PKG_VERSION"),
    ".css"
));
const COMPONENT_UI_JS: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/vendor/pagefind_component_ui.",
    env!("CARGO_PKG_VERSION"),
    ".js"
));
const COMPONENT_UI_CSS: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/vendor/pagefind_component_ui.",
    env!("CARGO_PKG_VERSION"),
    ".css"
));
const SEARCH_JS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/vendor/pagefind_public_search_api.",
    env!("CARGO_PKG_VERSION"),
    ".js"
));
const HIGHLIGHT_JS: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/vendor/pagefind_highlight.",
    env!("CARGO_PKG_VERSION"),
    ".js"
));
const WORKER_JS: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/vendor/pagefind_worker.",
    env!("CARGO_PKG_VERSION"),
    ".js"
));

pub struct LanguageMeta {
    pub page_count: usize,
    pub language: String,
    pub hash: String,
    pub wasm: Option<String>,
}

pub async fn write_common_to_disk(
    language_indexes: Vec<LanguageMeta>,
    output_playground: bool,
    outdir: &PathBuf,
    options: &SearchOptions,
) {
    write_common(language_indexes, output_playground, outdir, options, false).await;
}

pub async fn write_common_to_memory(
    language_indexes: Vec<LanguageMeta>,
    output_playground: bool,
    outdir: &PathBuf,
    options: &SearchOptions,
) -> Vec<SyntheticFile> {
    write_common(language_indexes, output_playground, outdir, options, true)
        .await
        .unwrap()
}

async fn write_common(
    language_indexes: Vec<LanguageMeta>,
    output_playground: bool,
    outdir: &PathBuf,
    options: &SearchOptions,
    synthetic: bool,
) -> Option<Vec<SyntheticFile>> {
    let js_version = format!("const pagefind_version = \"{PAGEFIND_VERSION}\";");
    let mut js = vec![];
    minify(&format!("{js_version}\n{WEB_JS}\n{SEARCH_JS}"))
        .expect("Minifying Pagefind JS failed")
        .write(&mut js)
        .expect("Writing minified Pagefind JS failed");

    let mut worker_js = vec![];
    minify(&format!(
        "{js_version}\n{WEB_JS}\n{}",
        String::from_utf8_lossy(WORKER_JS)
    ))
    .expect("Minifying Pagefind Worker JS failed")
    .write(&mut worker_js)
    .expect("Writing minified Pagefind Worker JS failed");

    let entry_meta = entry::PagefindEntryMeta {
        version: PAGEFIND_VERSION,
        languages: BTreeMap::from_iter(language_indexes.into_iter().map(|i| {
            (
                i.language,
                entry::PagefindEntryLanguage {
                    hash: i.hash,
                    wasm: i.wasm,
                    page_count: i.page_count,
                },
            )
        })),
        include_characters: options.include_characters.clone(),
    };
    let encoded_entry_meta = serde_json::to_string(&entry_meta).unwrap();

    let write_behavior = if synthetic {
        WriteBehavior::Synthetic
    } else {
        WriteBehavior::Disk
    };

    let mut files = vec![
        write(
            outdir.join("pagefind.js"),
            vec![&js],
            Compress::None,
            write_behavior,
        ),
        write(
            outdir.join("pagefind-highlight.js"),
            vec![HIGHLIGHT_JS],
            Compress::None,
            write_behavior,
        ),
        write(
            outdir.join("pagefind-worker.js"),
            vec![&worker_js],
            Compress::None,
            write_behavior,
        ),
        write(
            outdir.join("pagefind-ui.js"),
            vec![WEB_UI_JS],
            Compress::None,
            write_behavior,
        ),
        write(
            outdir.join("pagefind-ui.css"),
            vec![WEB_UI_CSS],
            Compress::None,
            write_behavior,
        ),
        write(
            outdir.join("pagefind-modular-ui.js"),
            vec![WEB_MODULAR_UI_JS],
            Compress::None,
            write_behavior,
        ),
        write(
            outdir.join("pagefind-modular-ui.css"),
            vec![WEB_MODULAR_UI_CSS],
            Compress::None,
            write_behavior,
        ),
        write(
            outdir.join("pagefind-component-ui.js"),
            vec![COMPONENT_UI_JS],
            Compress::None,
            write_behavior,
        ),
        write(
            outdir.join("pagefind-component-ui.css"),
            vec![COMPONENT_UI_CSS],
            Compress::None,
            write_behavior,
        ),
        write(
            outdir.join("wasm.unknown.pagefind"),
            vec![GENERIC_WEB_WASM],
            Compress::None,
            write_behavior,
        ),
        write(
            outdir.join("pagefind-entry.json"),
            vec![encoded_entry_meta.as_bytes()],
            Compress::None,
            write_behavior,
        ),
    ];

    if output_playground {
        files.extend([
            write(
                outdir.join("playground/index.html"),
                vec![crate::playground::PLAYGROUND_HTML.as_bytes()],
                Compress::None,
                write_behavior,
            ),
            write(
                outdir.join("playground/pagefind-playground.js"),
                vec![crate::playground::PLAYGROUND_JS.as_bytes()],
                Compress::None,
                write_behavior,
            ),
            write(
                outdir.join("playground/pagefind-playground.css"),
                vec![crate::playground::PLAYGROUND_CSS.as_bytes()],
                Compress::None,
                write_behavior,
            ),
        ]);
    }

    let output_files = join_all(files).await;

    if synthetic {
        Some(output_files.into_iter().flatten().collect())
    } else {
        None
    }
}

impl PagefindIndexes {
    fn lang_wasm_path(&self) -> Option<String> {
        let base_language = self.language.split('-').next().unwrap();
        let wasm_path = format!(
            "pagefind_web_bg.{}.{}.wasm.gz",
            base_language,
            env!("CARGO_PKG_VERSION")
        );

        if WEB_WASM_FILES.contains(&wasm_path) {
            Some(wasm_path)
        } else {
            None
        }
    }

    pub fn get_lang_meta(&self, options: &SearchOptions) -> LanguageMeta {
        let mut wasm_file = None;

        if self.language != "unknown" {
            if self.lang_wasm_path().is_some() {
                wasm_file = Some(self.language.to_string());
            } else {
                options.logger.v_warn(format!(
                    "Note: Pagefind doesn't support stemming for the language {}. \n\
                    Search will still work, but will not match across root words.",
                    self.language
                ));
            }
        }

        LanguageMeta {
            page_count: self.page_count,
            language: self.language.clone(),
            hash: self.meta_index.0.clone(),
            wasm: wasm_file,
        }
    }

    pub async fn write_files_to_disk(&self, options: &SearchOptions, outdir: &PathBuf) {
        self.write_files(options, outdir, false).await;
    }

    pub async fn write_files_to_memory(
        &self,
        options: &SearchOptions,
        outdir: &PathBuf,
    ) -> Vec<SyntheticFile> {
        self.write_files(options, outdir, true).await.unwrap()
    }

    async fn write_files(
        &self,
        options: &SearchOptions,
        outdir: &PathBuf,
        synthetic: bool,
    ) -> Option<Vec<SyntheticFile>> {
        let files = self.files(options, outdir);
        // papermap patch: in memory, `write` does no I/O, so its futures ran one after the other
        // on the caller's thread, and at the end of a build the last language's gzip ran alone
        // while the other cores waited; the files are made on rayon's threads instead, in the
        // same order.
        if synthetic {
            use rayon::prelude::*;
            return Some(
                files
                    .into_par_iter()
                    .with_max_len(1)
                    .filter_map(|(filename, contents, compression, _)| {
                        synthetic_file(filename, vec![contents], compression)
                    })
                    .collect(),
            );
        }
        join_all(
            files
                .into_iter()
                .map(|(filename, contents, compression, behavior)| {
                    write(filename, vec![contents], compression, behavior)
                }),
        )
        .await;
        None
    }

    /// papermap patch: the files of this language's index, as (file, contents, compression, how
    /// `write` puts it on disk), listed once for `write_files` in memory and on disk.
    fn files<'s>(
        &'s self,
        options: &SearchOptions,
        outdir: &PathBuf,
    ) -> Vec<(PathBuf, &'s [u8], Compress, WriteBehavior)> {
        let mut files = vec![(
            outdir.join(format!("pagefind.{}.pf_meta", &self.meta_index.0)),
            self.meta_index.1.as_slice(),
            Compress::GZ,
            WriteBehavior::Immutable,
        )];

        if self.language != "unknown" {
            if let Some(wasm_path) = self.lang_wasm_path() {
                files.push((
                    outdir.join(format!("wasm.{}.pagefind", self.language)),
                    WEB_WASM_FILES
                        .get_file(wasm_path)
                        .expect("WASM should exist")
                        .contents(),
                    Compress::None,
                    WriteBehavior::Disk,
                ));
            } else {
                options.logger.v_warn(format!(
                    "Note: Pagefind doesn't support stemming for the language {}. \n\
                    Search will still work, but will not match across root words.",
                    self.language
                ));
            }
        }

        files.extend(self.fragments.iter().map(|(hash, fragment)| {
            (
                outdir.join(format!("fragment/{}.pf_fragment", hash)),
                fragment.as_bytes(),
                Compress::GZ,
                WriteBehavior::Immutable,
            )
        }));

        files.extend(self.word_indexes.iter().map(|(hash, index)| {
            (
                outdir.join(format!("index/{}.pf_index", hash)),
                index.as_slice(),
                Compress::GZ,
                WriteBehavior::Immutable,
            )
        }));

        files.extend(self.filter_indexes.iter().map(|(hash, index)| {
            (
                outdir.join(format!("filter/{}.pf_filter", hash)),
                index.as_slice(),
                Compress::GZ,
                WriteBehavior::Immutable,
            )
        }));
        files
    }
}

#[derive(Copy, Clone)]
enum Compress {
    GZ,
    None,
}

#[derive(Copy, Clone)]
enum WriteBehavior {
    Synthetic,
    Immutable,
    Disk,
}

#[derive(Clone)]
pub struct SyntheticFile {
    pub filename: PathBuf,
    pub contents: Vec<u8>,
}

/// papermap patch: what each chunk of a gzipped file starts with, for Pagefind's reader.
const DECODE_MARKER: &[u8] = b"pagefind_dcd";

thread_local! {
    /// papermap patch: a compressor a thread, made once (its tables are several hundred KB).
    static GZIP: std::cell::RefCell<libdeflater::Compressor> = std::cell::RefCell::new(
        // Level 1, not `fastest()`, which is level 0: stored, not compressed.
        libdeflater::Compressor::new(libdeflater::CompressionLvl::new(1).unwrap_or_default()),
    );
}

/// papermap patch: `plain` gzipped, or `None` if libdeflate fails (it cannot with a buffer of
/// the bound it gives).
fn gzip(plain: &[u8]) -> Option<Vec<u8>> {
    GZIP.with(|compressor| {
        let mut compressor = compressor.borrow_mut();
        let mut out = vec![0; compressor.gzip_compress_bound(plain.len())];
        let written = compressor.gzip_compress(plain, &mut out).ok()?;
        out.truncate(written);
        Some(out)
    })
}

async fn write(
    filename: PathBuf,
    content_chunks: Vec<&[u8]>,
    compression: Compress,
    write_behavior: WriteBehavior,
) -> Option<SyntheticFile> {
    let mut file = match write_behavior {
        WriteBehavior::Synthetic => return synthetic_file(filename, content_chunks, compression),
        // For "immutable" (hashed) files, don't re-write them as the contents _should_ be unchanged.
        WriteBehavior::Immutable if filename.exists() => return None,
        WriteBehavior::Immutable | WriteBehavior::Disk => {
            if let Some(parent) = filename.parent() {
                create_dir_all(parent).await.unwrap();
            }

            let mut output_file = File::create(&filename).await;
            while output_file.is_err() {
                sleep(Duration::from_millis(100)).await;
                output_file = File::create(&filename).await;
            }
            output_file.ok()?
        }
    };

    if let Some(contents) = file_contents(content_chunks, compression) {
        file.write_all(&contents).await.unwrap();
        // `write_all` resolving only means the bytes are in tokio's
        // buffer; the blocking-pool write to disk may still be in
        // flight. Flush before the file drops, or a service-mode
        // consumer can receive the WriteFiles acknowledgement and
        // close the process while a file is half written, shipping
        // a truncated asset.
        file.flush().await.unwrap();
    }
    None
}

/// papermap patch: a file `write` hands back in memory, made without I/O (no future), so that
/// `synthetic_files` can make them on rayon's threads.
fn synthetic_file(
    filename: PathBuf,
    content_chunks: Vec<&[u8]>,
    compression: Compress,
) -> Option<SyntheticFile> {
    let contents = file_contents(content_chunks, compression)?;
    Some(SyntheticFile { filename, contents })
}

/// papermap patch: the bytes of a file: its chunks, each after Pagefind's marker and gzipped
/// whole by libdeflate at its level 1 instead of streamed through flate2 at the best level (see
/// PATCHES.md), or as they are. `None` only if libdeflate fails.
fn file_contents(content_chunks: Vec<&[u8]>, compression: Compress) -> Option<Vec<u8>> {
    match compression {
        Compress::GZ => {
            let mut plain = Vec::with_capacity(
                content_chunks.iter().map(|c| c.len() + DECODE_MARKER.len()).sum(),
            );
            for chunk in content_chunks {
                plain.extend_from_slice(DECODE_MARKER);
                plain.extend_from_slice(chunk);
            }
            gzip(&plain)
        }
        Compress::None => Some(content_chunks.concat()),
    }
}
