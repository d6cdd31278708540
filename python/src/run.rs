//! Running a call's work off the interpreter: the GIL released, the work on
//! worker threads (the library's ordered pipeline), and Ctrl-C noticed.
//!
//! Python runs signal handlers on its main thread only, so the calling
//! thread must be the one that looks: it hands the work to a thread of its
//! own, releases the GIL, and waits for the work in slices of [`POLL`].
//! After each slice it takes the GIL back for a moment and calls
//! `check_signals` (which runs Python's handlers: Ctrl-C raises
//! `KeyboardInterrupt` there). When a handler raises, the library's
//! process-wide stop flag is set (`pipeline::interrupt`): the pipeline stops
//! pulling work and drops what is in progress, and long searches end within
//! a few hundred guesses. The call waits for its threads, clears the flag,
//! and raises the handler's exception. No thread outlives the call.

use std::sync::mpsc;
use std::time::Duration;

use pyo3::exceptions::{PyMemoryError, PyRuntimeError};
use pyo3::prelude::*;
use sudogen::pipeline;

/// How often the calling thread looks for signals while the work runs.
pub const POLL: Duration = Duration::from_millis(50);

/// Runs `work` on a thread of its own with the GIL released, checking for
/// signals every [`POLL`]; a signal handler's exception (Ctrl-C's
/// `KeyboardInterrupt`) stops the work and is raised once every thread of
/// it has ended. A panic in the work is a `RuntimeError`, never an abort.
pub fn detached<T: Send>(py: Python<'_>, work: impl FnOnce() -> T + Send) -> PyResult<T> {
    pipeline::clear_interrupt();
    py.detach(|| {
        std::thread::scope(|scope| {
            let (done_tx, done_rx) = mpsc::channel::<()>();
            let worker = scope.spawn(move || {
                let out = work();
                // The receiver waits while the caller polls.
                let _ = done_tx.send(());
                out
            });
            let mut raised = None;
            loop {
                match done_rx.recv_timeout(POLL) {
                    // Done, or the work panicked (the sender is gone).
                    Ok(()) | Err(mpsc::RecvTimeoutError::Disconnected) => break,
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        if let Err(e) = Python::attach(|py| py.check_signals()) {
                            pipeline::interrupt();
                            raised = Some(e);
                            break;
                        }
                    }
                }
            }
            let joined = worker.join();
            pipeline::clear_interrupt();
            match (raised, joined) {
                (Some(e), _) => Err(e),
                (None, Ok(out)) => Ok(out),
                (None, Err(payload)) => Err(panicked(payload)),
            }
        })
    })
}

/// A worker's panic as a Python exception.
fn panicked(payload: Box<dyn std::any::Any + Send>) -> PyErr {
    let what = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_string());
    PyRuntimeError::new_err(format!(
        "internal error in sudogen: {what}; please report it with the call that caused it"
    ))
}

/// A buffer for `items` records of `per` bytes, or `MemoryError`.
pub fn buffer(items: u64, per: usize) -> PyResult<Vec<u8>> {
    let bytes = usize::try_from(items)
        .ok()
        .and_then(|n| n.checked_mul(per))
        .ok_or_else(|| PyMemoryError::new_err(too_large(items, per)))?;
    let mut out = Vec::new();
    out.try_reserve_exact(bytes)
        .map_err(|_| PyMemoryError::new_err(too_large(items, per)))?;
    Ok(out)
}

fn too_large(items: u64, per: usize) -> String {
    format!(
        "{items} records of {per} bytes do not fit in memory; ask for fewer (shards by start and n)"
    )
}

/// The worker threads a call uses: `jobs`, or the available cores.
pub fn jobs(jobs: Option<usize>) -> PyResult<usize> {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    match jobs {
        None => Ok(cores),
        Some(0) => Err(crate::value_error("use at least 1 worker thread")),
        Some(n) if n <= pipeline::MAX_JOBS => Ok(n),
        Some(n) => Err(crate::value_error(format!(
            "jobs={n} is not a number of worker threads; use 1 to {} (this machine has {cores})",
            pipeline::MAX_JOBS
        ))),
    }
}

/// Runs `work(index, scratch, out)` for the indices `start..start + count`
/// on `jobs` workers, in chunks of at most `chunk` indices (sized by time),
/// appending what each writes to `out` in index order: the library's
/// `pipeline::write_indexed`, as `sudogen generate` runs, on a thread of its
/// own with the GIL released (see [`detached`]).
pub fn indexed<S>(
    py: Python<'_>,
    out: &mut Vec<u8>,
    (start, count, chunk): (u64, u64, u64),
    jobs: usize,
    scratch: impl Fn() -> S + Sync + Send,
    work: impl Fn(u64, &mut S, &mut Vec<u8>) + Sync + Send,
) -> PyResult<()> {
    detached(py, move || {
        pipeline::write_indexed(out, (start, count, chunk), jobs, |_| {}, scratch, work)
    })?
    .map_err(|e| PyRuntimeError::new_err(format!("internal error in sudogen: {e}")))
}

/// Runs `work(first, len, stop)` on `jobs` workers over the indices
/// `start..start + count` in chunks of at most `most` indices (sized by
/// time, [`pipeline::Pace`]), and hands each chunk's result to `sink` in
/// index order: the library's `pipeline::ordered`, on a thread of its own
/// with the GIL released (see [`detached`]). `work` should end early when
/// `stop` is set (its result is then dropped).
pub fn chunks<C: Send>(
    py: Python<'_>,
    (start, count, most): (u64, u64, u64),
    jobs: usize,
    work: impl Fn(u64, u64, &pipeline::Stop) -> C + Sync + Send,
    mut sink: impl FnMut(C) + Send,
) -> PyResult<()> {
    detached(py, move || {
        let pace = &pipeline::Pace::new(usize::try_from(most).unwrap_or(usize::MAX));
        let (mut next, mut left) = (start, count);
        let source = move || {
            if left == 0 {
                return Ok(None);
            }
            let len = left.min(most).min(pace.records() as u64);
            let first = next;
            next = next.wrapping_add(len);
            left -= len;
            Ok::<_, ()>(Some((first, len)))
        };
        let jobs = usize::try_from(count.div_ceil(most.max(1))).map_or(jobs, |c| jobs.min(c));
        pipeline::ordered(
            jobs,
            source,
            |(first, len), stop| pace.time(len as usize, || work(first, len, stop)),
            |c| {
                sink(c);
                Ok(())
            },
        )
    })?
    .map_err(|()| PyRuntimeError::new_err("internal error in sudogen: the source failed"))
}
