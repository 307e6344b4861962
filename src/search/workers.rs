//! The threads a build's search index is made on: one for each core, each taking one job at a
//! time, and never two jobs of one language at once. A language's index job holds its part's
//! pages in Pagefind's indexer (about 45 KB a page), and the Chinese ones hold the most: two of
//! them side by side took a 10 000-paper build to 1 069 MiB, against 568–695 MiB when they
//! never meet, so which jobs meet bounds the build's memory, and it should not be left to how
//! long each happens to take.

use std::sync::{Condvar, Mutex, MutexGuard};

/// What a job never run gives, which only happens once another failed, whose error is given.
const NOT_RUN: &str = "the search index was abandoned";

/// Runs `job` on each of `jobs` on threads of their own, one for each core; the results in the
/// order of `jobs`, or the first error (once one fails, no other job starts). A thread takes
/// the first job not yet started whose kind (`kind`: its language) no running job has, and
/// waits for a running job to end when there is none; when every job is of one kind, they run
/// side by side all the same.
pub(super) fn on_own_threads<J: Sync, T: Send>(
    jobs: &[J],
    kind: impl Fn(&J) -> usize,
    job: impl Fn(&J) -> Result<T, String> + Sync,
) -> Result<Vec<T>, String> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    run(jobs, kind, threads, job)
}

/// [`on_own_threads`] on `threads` threads.
fn run<J: Sync, T: Send>(
    jobs: &[J],
    kind: impl Fn(&J) -> usize,
    threads: usize,
    job: impl Fn(&J) -> Result<T, String> + Sync,
) -> Result<Vec<T>, String> {
    let mut kinds: Vec<usize> = jobs.iter().map(kind).collect();
    if kinds.windows(2).all(|pair| pair[0] == pair[1]) {
        // Jobs all of one kind have no other to wait for: each is a kind of its own.
        kinds = (0..jobs.len()).collect();
    }
    let board = Mutex::new(Board {
        started: vec![false; jobs.len()],
        running: vec![0; kinds.iter().max().map_or(0, |&most| most + 1)],
        failed: false,
        results: jobs.iter().map(|_| None).collect(),
    });
    let job_ended = Condvar::new();
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, jobs.len().max(1)) {
            scope.spawn(|| {
                while let Some(at) = take_next(&board, &job_ended, &kinds) {
                    let mut running = Running {
                        board: &board,
                        job_ended: &job_ended,
                        at,
                        kind: kinds[at],
                        result: None,
                    };
                    running.result = Some(job(&jobs[at]));
                }
            });
        }
    });
    let results = board
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .results;
    // A job's own error, not the abandonment of one that was waiting for its kind when another
    // job failed.
    if let Some(error) = results
        .iter()
        .find_map(|result| result.as_ref()?.as_ref().err())
    {
        return Err(error.clone());
    }
    results
        .into_iter()
        .map(|result| result.unwrap_or_else(|| Err(NOT_RUN.to_string())))
        .collect()
}

/// Which jobs have started and what they gave, shared by the threads.
struct Board<T> {
    started: Vec<bool>,
    /// How many jobs of each kind are running.
    running: Vec<usize>,
    failed: bool,
    results: Vec<Option<Result<T, String>>>,
}

/// The next job for a thread to run, marked started, once there is one it may take; `None`
/// when every job has started or one has failed.
fn take_next<T>(board: &Mutex<Board<T>>, job_ended: &Condvar, kinds: &[usize]) -> Option<usize> {
    let mut board = lock(board);
    loop {
        if board.failed {
            return None;
        }
        let free = |at: usize| board.running[kinds[at]] == 0;
        let waiting = || (0..kinds.len()).filter(|&at| !board.started[at]);
        if let Some(at) = waiting().find(|&at| free(at)) {
            board.started[at] = true;
            board.running[kinds[at]] += 1;
            return Some(at);
        }
        // Every job has started: nothing is left to wait for.
        waiting().next()?;
        board = job_ended.wait(board).unwrap_or_else(|e| e.into_inner());
    }
}

/// A job being run, which ends when it is dropped, once the job gave its result or panicked: a
/// panic marks the run failed, so that the threads waiting for the job's kind do not wait for
/// it forever and the panic reaches the caller.
struct Running<'a, T> {
    board: &'a Mutex<Board<T>>,
    job_ended: &'a Condvar,
    at: usize,
    kind: usize,
    result: Option<Result<T, String>>,
}

impl<T> Drop for Running<'_, T> {
    fn drop(&mut self) {
        let mut board = lock(self.board);
        board.running[self.kind] -= 1;
        match self.result.take() {
            Some(result) => {
                board.failed |= result.is_err();
                board.results[self.at] = Some(result);
            }
            None => board.failed = true,
        }
        drop(board);
        self.job_ended.notify_all();
    }
}

fn lock<T>(board: &Mutex<Board<T>>) -> MutexGuard<'_, Board<T>> {
    board.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::{Duration, Instant};

    /// Runs jobs of the given kinds, each waiting (up to 300 ms) for as many jobs to run as there
    /// are threads, so that every job that may run beside another does, and gives the most jobs
    /// of one kind that ever ran at once, and of any kind.
    fn most_at_once(kinds: &[usize], threads: usize) -> (usize, usize) {
        let running: Vec<AtomicUsize> = (0..3).map(|_| AtomicUsize::new(0)).collect();
        let all = AtomicUsize::new(0);
        let (most_of_one, most) = (AtomicUsize::new(0), AtomicUsize::new(0));
        let jobs: Vec<(usize, usize)> = kinds.iter().copied().enumerate().collect();
        let done = run(
            &jobs,
            |&(_, kind)| kind,
            threads,
            |&(at, kind)| {
                let of_kind = running[kind].fetch_add(1, Ordering::SeqCst) + 1;
                most_of_one.fetch_max(of_kind, Ordering::SeqCst);
                most.fetch_max(all.fetch_add(1, Ordering::SeqCst) + 1, Ordering::SeqCst);
                let until = Instant::now() + Duration::from_millis(300);
                while all.load(Ordering::SeqCst) < threads && Instant::now() < until {
                    std::thread::sleep(Duration::from_millis(1));
                }
                all.fetch_sub(1, Ordering::SeqCst);
                running[kind].fetch_sub(1, Ordering::SeqCst);
                Ok(at)
            },
        )
        .unwrap();
        assert_eq!(done, (0..kinds.len()).collect::<Vec<_>>());
        (most_of_one.into_inner(), most.into_inner())
    }

    #[test]
    fn no_two_jobs_of_one_kind_run_at_once_when_there_are_others() {
        // Runs of one kind, and a tail of one kind.
        let kinds = [2, 2, 2, 1, 0, 1, 0, 1, 0, 2, 2];
        assert_eq!(most_at_once(&kinds, 2).0, 1);
        assert_eq!(most_at_once(&kinds, 3), (1, 3));
    }

    #[test]
    fn a_job_that_panics_ends_the_run_instead_of_leaving_its_kind_waiting() {
        let (sent, received) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let outcome = std::panic::catch_unwind(|| {
                // Job 1 waits for job 0, of its kind, which panics.
                run(
                    &[0, 1, 2],
                    |&at| usize::from(at == 2),
                    2,
                    |&at| {
                        if at == 0 {
                            std::thread::sleep(Duration::from_millis(20));
                            panic!("job 0 panicked");
                        }
                        Ok(at)
                    },
                )
            });
            sent.send(outcome.is_err()).unwrap();
        });
        let panicked = received.recv_timeout(Duration::from_secs(20));
        assert_eq!(
            panicked,
            Ok(true),
            "the run should end, with the job's panic"
        );
    }

    #[test]
    fn jobs_all_of_one_kind_still_run_side_by_side() {
        assert_eq!(most_at_once(&[0, 0, 0, 0], 2), (2, 2));
    }

    #[test]
    fn the_first_error_in_the_jobs_order_is_given_and_no_job_starts_after_it() {
        let started = AtomicUsize::new(0);
        let jobs: Vec<usize> = (0..6).collect();
        let error = run(
            &jobs,
            |&at| at % 2,
            1,
            |&at| {
                started.fetch_add(1, Ordering::SeqCst);
                if at == 2 {
                    Err(format!("job {at} failed"))
                } else {
                    Ok(at)
                }
            },
        )
        .unwrap_err();
        assert_eq!(error, "job 2 failed");
        assert_eq!(started.into_inner(), 3);
        // Job 1 waits for job 0, of its kind, while job 2 runs and fails: job 2's error is given,
        // not job 1's abandonment.
        let error = run(
            &[0, 1, 2],
            |&at| usize::from(at == 2),
            2,
            |&at| match at {
                0 => {
                    std::thread::sleep(Duration::from_millis(50));
                    Ok(at)
                }
                2 => Err(format!("job {at} failed")),
                _ => Ok(at),
            },
        )
        .unwrap_err();
        assert_eq!(error, "job 2 failed");
        assert_eq!(run(&[] as &[usize], |_| 0, 2, |&at| Ok(at)), Ok(vec![]));
    }
}
