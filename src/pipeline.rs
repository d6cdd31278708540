//! The one parallel pipeline every command streams through.
//!
//! A command is a *source* of work items (index ranges to generate, or
//! batches of records read from the input), a *work* function run on the
//! workers, and either
//!
//! - a *sink* on the calling thread that receives each item's result **in
//!   the order the items were pulled** ([`ordered`]): the output is the same
//!   bytes for every number of jobs; or
//! - an accumulator per worker merged at the end ([`fold`]), for results
//!   that do not depend on order (counts).
//!
//! At most [`WINDOW_PER_JOB`] items per worker are pulled and not yet
//! consumed, so memory stays flat whatever the length of the stream. When
//! the sink fails (a closed pipe, a full disk) the pipeline stops pulling,
//! raises a [`Stop`] flag that long work can poll, and returns the error
//! once the workers have finished what they hold.
//!
//! With one job everything runs on the calling thread, with no threads and
//! no channels.

use std::collections::BTreeMap;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, mpsc};
use std::thread;
use std::time::{Duration, Instant};

/// Items in flight per worker: enough that one slow item does not leave
/// the other workers idle while the sink waits for it.
pub const WINDOW_PER_JOB: usize = 8;

/// The most worker threads a run may ask for; more only costs memory and
/// start-up time on any machine this tool is for.
pub const MAX_JOBS: usize = 256;

/// Raised when the consumer of the results has gone (its sink failed, or
/// the process was [interrupted](interrupt)): work in progress may poll it
/// and return early, since its result will be dropped.
#[derive(Debug, Default)]
pub struct Stop(AtomicBool);

impl Stop {
    /// Whether the pipeline is stopping.
    #[inline]
    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed) || interrupted()
    }

    fn set(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Set once the work of the whole process is to stop: the reader of its
/// output has gone, or the user pressed Ctrl-C in a binding.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Stops the work of every pipeline of the process, and every long search
/// ([`crate::solve::Budget`] checks it every few hundred guesses): the
/// items in progress end early and their results are dropped, never
/// handed to a sink.
pub fn interrupt() {
    INTERRUPTED.store(true, Ordering::Relaxed);
}

/// Whether [`interrupt`] was called (and not [`clear_interrupt`] since).
#[inline]
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// Lets work run again after an [`interrupt`] (a binding does this before
/// each call).
pub fn clear_interrupt() {
    INTERRUPTED.store(false, Ordering::Relaxed);
}

/// How many records the next batch read should hold, so that a batch is
/// about [`Pace::TARGET`] of work: a record can take a microsecond to check
/// or a second to solve, and a batch of a thousand slow records would hold
/// back the output (and, near the end, leave the other workers idle) for
/// minutes. It starts at one record, so output starts at once, grows at
/// most fourfold per batch timed, and shrinks at once when records turn
/// slow. Timing only sizes the batches: the output, in input order, is
/// the same whatever they are.
#[derive(Debug)]
pub struct Pace {
    records: AtomicUsize,
    most: usize,
}

impl Pace {
    /// The work a batch should hold: long enough that handing batches over
    /// costs nothing by comparison, short enough that output flows.
    pub const TARGET: Duration = Duration::from_millis(10);

    /// A pace starting at one record per batch, never above `most`.
    pub fn new(most: usize) -> Pace {
        Pace {
            records: AtomicUsize::new(1),
            most: most.max(1),
        }
    }

    /// Records for the next batch.
    pub fn records(&self) -> usize {
        self.records.load(Ordering::Relaxed)
    }

    /// Runs `work` on a batch of `len` records, and sizes the next batches
    /// by its time.
    pub fn time<O>(&self, len: usize, work: impl FnOnce() -> O) -> O {
        let start = Instant::now();
        let out = work();
        self.observe(len, start.elapsed());
        out
    }

    /// `len` records took `elapsed`.
    fn observe(&self, len: usize, elapsed: Duration) {
        let len = len.max(1);
        let fit = Self::TARGET.as_nanos() * len as u128 / elapsed.as_nanos().max(1);
        let next = usize::try_from(fit)
            .unwrap_or(usize::MAX)
            .min(len.saturating_mul(4))
            .clamp(1, self.most);
        self.records.store(next, Ordering::Relaxed);
    }
}

/// Runs `work` on every item `source` yields (`Ok(None)` ends it) on up to
/// `jobs` threads, and passes the results to `sink` in source order. Every
/// item pulled before `source` fails is worked and sunk, as with one job;
/// then its error is returned. A failing `sink` ends the run with its
/// error. A panic in `work` is resumed on the calling thread.
///
/// With more than one job, `source` runs on a thread of its own, so that
/// the sink writes each result as soon as it and those before it are
/// done, even while the source waits for input (a slow writer upstream,
/// or a program feeding records one at a time and reading each answer).
/// The source takes a token per item, and the sink gives one back per
/// result consumed: at most [`WINDOW_PER_JOB`] items per worker are pulled
/// and not yet consumed.
pub fn ordered<I, O, E>(
    jobs: usize,
    mut source: impl FnMut() -> Result<Option<I>, E> + Send,
    work: impl Fn(I, &Stop) -> O + Sync,
    mut sink: impl FnMut(O) -> Result<(), E>,
) -> Result<(), E>
where
    I: Send,
    O: Send,
    E: Send,
{
    let stop = Stop::default();
    if jobs <= 1 {
        while let Some(item) = source()? {
            let out = work(item, &stop);
            if interrupted() {
                // The work may have been cut short: its result is dropped.
                return Ok(());
            }
            sink(out)?;
        }
        return Ok(());
    }
    let jobs = jobs.min(MAX_JOBS);
    let window = WINDOW_PER_JOB * jobs;
    let (work_tx, work_rx) = mpsc::channel::<(u64, I)>();
    let work_rx = Mutex::new(work_rx);
    let (done_tx, done_rx) = mpsc::channel::<(u64, thread::Result<O>)>();
    let (token_tx, token_rx) = mpsc::channel::<()>();
    for _ in 0..window {
        let _ = token_tx.send(());
    }
    let tokens = Some(token_tx);
    thread::scope(|scope| {
        for _ in 0..jobs {
            let done_tx = done_tx.clone();
            let (work_rx, work, stop) = (&work_rx, &work, &stop);
            scope.spawn(move || {
                while let Some((seq, item)) = next_item(work_rx) {
                    if stop.is_set() {
                        // Its result would be dropped: the items still
                        // queued are left unworked, so the run ends once
                        // the items in progress notice the stop.
                        break;
                    }
                    let out = panic::catch_unwind(AssertUnwindSafe(|| work(item, stop)));
                    if done_tx.send((seq, out)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done_tx);
        let stop = &stop;
        let reader = scope.spawn(move || {
            let mut pulled = 0u64;
            // Ends (closing the work channel, so the workers end once they
            // have done what they hold) at the end of the source, at its
            // error, or when the sink has stopped taking results. It waits
            // for a token a little at a time: an interrupt may come while
            // every item it pulled is taken, and a worker that takes one
            // after the interrupt drops it unworked, so no result (which
            // would give a token back or drop the tokens) may ever come.
            while wait_for_token(&token_rx, stop) {
                match source()? {
                    Some(item) => {
                        // The workers hold the receiver until the scope ends.
                        let _ = work_tx.send((pulled, item));
                        pulled += 1;
                    }
                    None => break,
                }
            }
            Ok(())
        });
        let (result, panicked) = sink_in_order(&done_rx, &mut sink, stop, tokens);
        // Every worker has ended, so the reader has closed the work
        // channel: it has returned.
        let read = match reader.join() {
            Ok(read) => read,
            Err(payload) => panic::resume_unwind(payload),
        };
        if let Some(payload) = panicked {
            panic::resume_unwind(payload);
        }
        // The sink's error first: it stopped the run.
        result.and(read)
    })
}

/// Passes the results arriving on `done` to `sink` in sequence order,
/// giving a token back for each (so the source may pull another item),
/// until every worker has ended. After the sink fails or a worker
/// panicked, the rest are dropped: `stop` is raised and the tokens are
/// dropped, which wakes a source waiting for one. Returns the sink's
/// result and the first panic.
#[allow(clippy::type_complexity)]
fn sink_in_order<O, E>(
    done: &mpsc::Receiver<(u64, thread::Result<O>)>,
    sink: &mut impl FnMut(O) -> Result<(), E>,
    stop: &Stop,
    mut tokens: Option<mpsc::Sender<()>>,
) -> (Result<(), E>, Option<Box<dyn std::any::Any + Send>>) {
    let mut pending = BTreeMap::new();
    let mut consumed = 0u64;
    let mut result = Ok(());
    let mut panicked = None;
    // Until every worker has ended: every item pulled has a result.
    for (seq, out) in done.iter() {
        if result.is_err() || panicked.is_some() {
            continue;
        }
        if interrupted() {
            // Results that may have been cut short are dropped, and no more
            // items are pulled.
            stop.set();
            tokens = None;
            continue;
        }
        pending.insert(seq, out);
        while let Some(out) = pending.remove(&consumed) {
            consumed += 1;
            let failed = match out {
                Ok(out) => sink(out).map_err(|e| result = Err(e)).is_err(),
                Err(payload) => {
                    panicked = Some(payload);
                    true
                }
            };
            if failed {
                // No more pulls: dropping the tokens wakes a source waiting
                // for one, and it sees the stop.
                stop.set();
                tokens = None;
                break;
            }
            if let Some(tokens) = &tokens {
                let _ = tokens.send(());
            }
        }
    }
    (result, panicked)
}

/// Waits for the sink to give a token back: `false` once the run stops
/// (the tokens dropped, [`Stop`] raised or the process interrupted),
/// checking every [`TOKEN_POLL`] while none comes.
fn wait_for_token(tokens: &mpsc::Receiver<()>, stop: &Stop) -> bool {
    loop {
        if stop.is_set() {
            return false;
        }
        match tokens.recv_timeout(TOKEN_POLL) {
            Ok(()) => return !stop.is_set(),
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => return false,
        }
    }
}

/// How often a source waiting for a token checks whether the run stopped.
const TOKEN_POLL: Duration = Duration::from_millis(20);

/// Takes the next item off the shared work channel; `None` once it closes.
fn next_item<I>(rx: &Mutex<mpsc::Receiver<I>>) -> Option<I> {
    // A worker that panicked holds no lock (the work runs outside it), so
    // the lock is never poisoned; be safe anyway.
    let rx = rx.lock().unwrap_or_else(|e| e.into_inner());
    rx.recv().ok()
}

/// Folds every item `source` yields into an accumulator per worker
/// (`init`, then `step`), and merges them with `merge`. The result must not
/// depend on which worker took which item (counts and sets do not), so it
/// is the same for every `jobs`. An [`interrupt`] stops it pulling items:
/// what it returns then is partial, and the caller checks [`interrupted`]
/// before it uses it.
pub fn fold<I, A, E>(
    jobs: usize,
    mut source: impl FnMut() -> Result<Option<I>, E>,
    init: impl Fn() -> A + Sync,
    step: impl Fn(&mut A, I) + Sync,
    merge: impl Fn(A, A) -> A,
) -> Result<A, E>
where
    I: Send,
    A: Send,
{
    if jobs <= 1 {
        let mut acc = init();
        while !interrupted() {
            let Some(item) = source()? else { break };
            step(&mut acc, item);
        }
        return Ok(acc);
    }
    let jobs = jobs.min(MAX_JOBS);
    let (tx, rx) = mpsc::sync_channel::<I>(WINDOW_PER_JOB * jobs);
    let rx = Mutex::new(rx);
    let (result, parts) = thread::scope(|scope| {
        let workers: Vec<_> = (0..jobs)
            .map(|_| {
                let (rx, init, step) = (&rx, &init, &step);
                scope.spawn(move || {
                    let mut acc = init();
                    while let Some(item) = next_item(rx) {
                        step(&mut acc, item);
                    }
                    acc
                })
            })
            .collect();
        let result = loop {
            if interrupted() {
                break Ok(());
            }
            match source() {
                Ok(Some(item)) => {
                    if tx.send(item).is_err() {
                        break Ok(());
                    }
                }
                Ok(None) => break Ok(()),
                Err(e) => break Err(e),
            }
        };
        drop(tx);
        let parts: Vec<A> = workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|p| panic::resume_unwind(p)))
            .collect();
        (result, parts)
    });
    result?;
    Ok(parts.into_iter().reduce(merge).unwrap_or_else(init))
}

/// Writes the records of indices `start..start + count` (made and formatted
/// by `work`, with scratch state from `scratch` once per chunk) to `out` in
/// order, in chunks of at most `chunk` indices (sized by time, see
/// [`Pace`]: the first record comes at once however slow each is) on
/// `jobs` workers, calling `done(n)` after each chunk of `n` records is
/// written. This is how `generate` and `puzzle` run: every record is a
/// pure function of its index, so the bytes do not depend on `jobs`.
///
/// A run may end at the very last index, 2^64 - 1: chunks are (first index,
/// length), never an end index. No more workers start than there are
/// chunks, and once the writer fails no new record is begun.
pub fn write_indexed<W: std::io::Write + ?Sized, S>(
    out: &mut W,
    (start, count, chunk): (u64, u64, u64),
    jobs: usize,
    mut done: impl FnMut(u64),
    scratch: impl Fn() -> S + Sync,
    work: impl Fn(u64, &mut S, &mut Vec<u8>) + Sync,
) -> std::io::Result<()> {
    let (mut next, mut left) = (start, count);
    let pace = &Pace::new(usize::try_from(chunk).unwrap_or(usize::MAX));
    let source = || {
        if left == 0 {
            return Ok(None);
        }
        let c = (next, left.min(chunk).min(pace.records() as u64));
        next = next.wrapping_add(c.1);
        left -= c.1;
        Ok(Some(c))
    };
    let make = |(from, len): (u64, u64), stop: &Stop| {
        pace.time(len as usize, || {
            let mut buf = Vec::new();
            let mut state = scratch();
            for index in (0..len).map(|k| from + k) {
                if stop.is_set() {
                    break;
                }
                work(index, &mut state, &mut buf);
            }
            (len, buf)
        })
    };
    let jobs = usize::try_from(count.div_ceil(chunk)).map_or(jobs, |chunks| jobs.min(chunks));
    ordered(jobs, source, make, |(n, buf): (u64, Vec<u8>)| {
        out.write_all(&buf)?;
        out.flush()?;
        done(n);
        Ok::<(), std::io::Error>(())
    })?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pace_sizes_batches_to_the_target_time() {
        let pace = Pace::new(1024);
        assert_eq!(pace.records(), 1);
        // Fast records: at most fourfold growth per batch timed, up to the
        // most.
        let fast = Duration::from_nanos(100);
        pace.observe(1, fast);
        assert_eq!(pace.records(), 4);
        pace.observe(4, fast * 4);
        assert_eq!(pace.records(), 16);
        for _ in 0..10 {
            let n = pace.records();
            pace.observe(n, fast * n as u32);
        }
        assert_eq!(pace.records(), 1024);
        // Slow ones: at once, to what fits the target.
        pace.observe(1024, Pace::TARGET * 256);
        assert_eq!(pace.records(), 4);
        pace.observe(4, Pace::TARGET * 400);
        assert_eq!(pace.records(), 1);
        // A batch of no time at all does not divide by zero.
        pace.observe(1, Duration::ZERO);
        assert_eq!(pace.records(), 4);
        assert_eq!(pace.time(3, || 7), 7);
        assert!((1..=12).contains(&pace.records()));
    }

    /// A source of `0..n`.
    fn counter(n: u64) -> impl FnMut() -> Result<Option<u64>, String> {
        let mut next = 0;
        move || {
            let item = (next < n).then_some(next);
            next += 1;
            Ok(item)
        }
    }

    #[test]
    fn ordered_keeps_source_order_for_every_number_of_jobs() {
        for jobs in [1, 2, 3, 8, 100_000] {
            let mut got = Vec::new();
            ordered(
                jobs,
                counter(500),
                |i, _| {
                    // Uneven work, so results finish out of order.
                    if i % 7 == 0 {
                        thread::sleep(std::time::Duration::from_micros(200));
                    }
                    i * 2
                },
                |o| {
                    got.push(o);
                    Ok::<(), String>(())
                },
            )
            .unwrap();
            assert_eq!(got, (0..500).map(|i| i * 2).collect::<Vec<_>>(), "-j{jobs}");
        }
    }

    #[test]
    fn a_failing_sink_stops_the_source_and_raises_stop() {
        for jobs in [1, 2, 4] {
            let mut pulled = 0;
            let source = || {
                pulled += 1;
                Ok(Some(pulled))
            };
            let saw_stop = AtomicBool::new(false);
            let mut seen = 0;
            let result = ordered(
                jobs,
                source,
                |i, stop| {
                    if stop.is_set() {
                        saw_stop.store(true, Ordering::Relaxed);
                    }
                    i
                },
                |_| {
                    seen += 1;
                    if seen == 10 { Err("closed") } else { Ok(()) }
                },
            );
            assert_eq!(result, Err("closed"));
            // An endless source was pulled only a window past the failure.
            assert!(pulled <= 10 + WINDOW_PER_JOB * jobs + 1, "{pulled}");
        }
    }

    /// Once the sink has failed, the items still queued are dropped
    /// unworked: only those in progress finish (before, every item of the
    /// window was worked, which made `| head` wait for them).
    #[test]
    fn a_stopped_run_leaves_queued_items_unworked() {
        let worked = AtomicUsize::new(0);
        let result = ordered(
            2,
            counter(1000),
            |i, _| {
                worked.fetch_add(1, Ordering::Relaxed);
                thread::sleep(Duration::from_millis(20));
                i
            },
            |_| Err("closed".to_string()),
        );
        assert_eq!(result, Err("closed".to_string()));
        // Two in progress, and at most one more each took before the stop.
        let worked = worked.into_inner();
        assert!(
            worked <= 4,
            "{worked} of a window of {}",
            2 * WINDOW_PER_JOB
        );
    }

    /// The hang CI found once in a few hundred `| head` runs: a worker
    /// took item k, the reader left, the other worker worked k+1.. and
    /// sent them, then the first saw the stop and dropped k. The sink
    /// waited for k, the source for a token, the idle worker for an item.
    /// Now a source waiting for a token sees the stop by itself.
    #[test]
    fn a_source_waiting_for_a_token_sees_the_stop() {
        let (tokens_tx, tokens_rx) = mpsc::channel::<()>();
        let stop = Stop::default();
        let (seen_tx, seen_rx) = mpsc::channel();
        thread::scope(|scope| {
            let stop = &stop;
            scope.spawn(move || {
                let waited = wait_for_token(&tokens_rx, stop);
                let _ = seen_tx.send(waited);
            });
            thread::sleep(TOKEN_POLL * 3);
            assert!(seen_rx.try_recv().is_err(), "returned with no token");
            stop.set();
            // The tokens are still held: only the stop can end the wait.
            let waited = seen_rx.recv_timeout(Duration::from_secs(10));
            assert_eq!(waited, Ok(false));
        });
        drop(tokens_tx);
    }

    #[test]
    fn source_errors_end_the_run_after_what_was_read() {
        for jobs in [1, 3] {
            let mut n = 0;
            let mut seen = Vec::new();
            let result = ordered(
                jobs,
                || {
                    n += 1;
                    if n > 20 {
                        Err("bad input")
                    } else {
                        Ok(Some(n))
                    }
                },
                |i, _| i,
                |i| {
                    seen.push(i);
                    Ok(())
                },
            );
            assert_eq!(result, Err("bad input"));
            // Every item read before the error, as with one job.
            assert_eq!(seen, (1..=20).collect::<Vec<_>>(), "-j{jobs}");
        }
    }

    /// The sink takes each result while the source waits: here the source
    /// yields an item only once the sink has the one before (a program
    /// feeding records one at a time and reading each answer), which
    /// would stall if the source ran on the sink's thread. (The timeout
    /// turns a stall into an error.)
    #[test]
    fn results_reach_the_sink_while_the_source_waits() {
        for jobs in [1, 2, 4] {
            let (answered_tx, answered_rx) = mpsc::channel::<u64>();
            let mut next = 0u64;
            let mut seen = Vec::new();
            let result = ordered(
                jobs,
                move || {
                    if next > 0 {
                        match answered_rx.recv_timeout(Duration::from_secs(60)) {
                            Ok(i) if i == next - 1 => {}
                            _ => return Err("stalled"),
                        }
                    }
                    next += 1;
                    Ok((next <= 10).then_some(next - 1))
                },
                |i, _| i,
                |i| {
                    seen.push(i);
                    answered_tx.send(i).map_err(|_| "gone")
                },
            );
            assert_eq!(result, Ok(()), "-j{jobs}");
            assert_eq!(seen, (0..10).collect::<Vec<_>>());
        }
    }

    #[test]
    fn worker_panics_reach_the_caller() {
        let caught = panic::catch_unwind(|| {
            ordered(
                2,
                counter(100),
                |i, _| assert!(i != 50, "item 50"),
                |()| Ok::<(), String>(()),
            )
        });
        assert!(caught.is_err());
    }

    #[test]
    fn fold_gives_the_same_total_for_every_number_of_jobs() {
        for jobs in [1, 2, 5, 100_000] {
            let total = fold(jobs, counter(10_000), || 0u64, |a, i| *a += i, |a, b| a + b);
            assert_eq!(total, Ok(10_000 * 9_999 / 2), "-j{jobs}");
        }
        let empty = fold(2, counter(0), || 0u64, |a, i| *a += i, |a, b| a + b);
        assert_eq!(empty, Ok(0));
    }
}
