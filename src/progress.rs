//! The progress bar of a long build: drawn on standard error once a build has run for a second,
//! and only when standard error is a terminal; a short build or a redirected one stays quiet.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a build runs before its progress is shown.
const QUIET_FOR: Duration = Duration::from_secs(1);

pub struct Progress {
    bar: ProgressBar,
    started: Instant,
    shown: AtomicBool,
}

impl Progress {
    /// A bar for `total` steps of what `steps` names (`pages`), hidden for now.
    pub fn new(total: usize, steps: &str) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::hidden());
        if let Ok(style) = ProgressStyle::with_template(&format!(
            "{{bar:40}} {{pos}}/{{len}} {steps}  {{elapsed_precise}}"
        )) {
            bar.set_style(style);
        }
        Progress {
            bar,
            started: Instant::now(),
            shown: AtomicBool::new(false),
        }
    }

    /// One more step done; callable from any thread.
    pub fn step(&self) {
        self.bar.inc(1);
        if !self.shown.load(Ordering::Relaxed)
            && self.started.elapsed() >= QUIET_FOR
            && !self.shown.swap(true, Ordering::Relaxed)
        {
            // `stderr()` draws nothing when standard error is not a terminal.
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    /// Removes the bar before the summary line is printed.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// `PAPERMAP_TIMINGS=1`: where a build's or an edit's time goes, one line per stage on standard
/// error (`timings: <what>: parsed at 52.9 ms`); silent otherwise.
pub struct Stopwatch {
    what: &'static str,
    started: Instant,
    enabled: bool,
}

impl Stopwatch {
    pub fn start(what: &'static str) -> Stopwatch {
        Stopwatch {
            what,
            started: Instant::now(),
            enabled: std::env::var_os("PAPERMAP_TIMINGS").is_some(),
        }
    }

    /// Notes that `stage` is done.
    pub fn lap(&self, stage: &str) {
        if self.enabled {
            eprintln!(
                "timings: {}: {stage} at {:.1} ms{}{}",
                self.what,
                self.started.elapsed().as_secs_f64() * 1000.0,
                cpu_time().unwrap_or_default(),
                memory().unwrap_or_default()
            );
        }
    }
}

/// The processor time the process has used so far, in user and kernel mode: beside the wall
/// time, how well a stage keeps the cores busy.
#[cfg(unix)]
fn cpu_time() -> Option<String> {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::uninit();
    // SAFETY: getrusage writes the whole struct when it returns 0, and only then is it read.
    let usage = unsafe {
        if libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr()) != 0 {
            return None;
        }
        usage.assume_init()
    };
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    Some(format!(
        ", cpu {:.2} + {:.2} s",
        seconds(usage.ru_utime),
        seconds(usage.ru_stime)
    ))
}

#[cfg(not(unix))]
fn cpu_time() -> Option<String> {
    None
}

/// The process's resident memory now and at its peak, from Linux's `/proc/self/status`.
fn memory() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let field = |name: &str| {
        status
            .lines()
            .find_map(|line| line.strip_prefix(name))
            .map(|rest| rest.trim().trim_end_matches(" kB").trim().to_string())
            .and_then(|kb| kb.parse::<u64>().ok())
    };
    Some(format!(
        " (resident {} MiB, peak {} MiB)",
        field("VmRSS:")? / 1024,
        field("VmHWM:")? / 1024
    ))
}
