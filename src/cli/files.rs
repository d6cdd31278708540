//! How a path named with `-o` is written: as `>` would write it, but whole
//! or not at all where that can be had, and never replacing what is there
//! by something else.
//!
//! The path's symbolic links are followed to the file they name (the links
//! stay as they are). Then:
//!
//! - **a new file, or a regular file with one name** that we own (or may
//!   give to its owner): the run writes a temporary file beside it
//!   (`.NAME.sudogen-PID-N.part`, with the file's mode and owner), renamed
//!   onto it once everything is written; a run that fails leaves the old
//!   file as it was.
//! - **a regular file a rename would harm**: one with several names (hard
//!   links: a rename would leave the other names on the old content), one
//!   whose owner we cannot give to a new file, or one in a folder where no
//!   file can be made: the run writes a temporary file (beside it, else in
//!   the system's temporary folder), copied into the file once the run is
//!   complete, so every name sees the new content and the file keeps its
//!   mode, owner and number. Only a failure during that copy (a full disk)
//!   can leave such a file part-written.
//! - **anything else** (a device such as `/dev/null`, a FIFO, a socket, a
//!   path through `/proc` such as `/dev/stdout`): written directly as the
//!   run goes, as `>` does; it is never replaced.
//!
//! A regular file we may not write is refused, as `>` refuses it. The
//! temporary files of a run are removed when it fails, and when it is
//! interrupted (Ctrl-C, SIGTERM, SIGHUP): a thread waits for those
//! signals, removes them, and ends the process by the same signal.

use std::fs::{self, File};
use std::io::{self, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use anyhow::Context;

/// How many symbolic links a path may go through (Linux's limit).
const MAX_LINKS: usize = 40;

/// Where a run's bytes go, and how they reach the path at the end.
pub enum Placement {
    /// Straight to the file as they come: standard output, a device, a
    /// FIFO.
    Direct,
    /// Into `temp`, renamed onto `path` at the end.
    Rename {
        /// The temporary file.
        temp: Temp,
        /// The file it becomes.
        path: PathBuf,
    },
    /// Into `temp`, copied into `target` (opened at the start, so a file
    /// we may not write is refused before the run) at the end.
    Copy {
        /// The temporary file (opened for reading too).
        temp: Temp,
        /// The file written, as it was opened.
        target: File,
    },
}

/// Opens `path` for a run's output: the file to write to, and how it is
/// put in place by [`Placement::finish`].
pub fn open(path: &Path) -> anyhow::Result<(File, Placement)> {
    let cannot = || format!("cannot create {}", path.display());
    let (file, in_proc) = resolve(path).with_context(cannot)?;
    let existing = match fs::metadata(&file) {
        Ok(meta) => Some(meta),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(e).with_context(cannot),
    };
    let Some(meta) = existing else {
        let (out, temp) = Temp::beside(&file, None).with_context(cannot)?;
        return Ok((out, Placement::Rename { temp, path: file }));
    };
    if meta.is_dir() {
        return Err(anyhow::anyhow!("{}: it is a directory", cannot()));
    }
    if in_proc || !meta.is_file() {
        // As `>` does: O_TRUNC for a regular file reached through /proc,
        // nothing to truncate for a device or a FIFO.
        let out = File::options()
            .write(true)
            .truncate(meta.is_file())
            .open(&file)
            .with_context(cannot)?;
        return Ok((out, Placement::Direct));
    }
    // A regular file: one we may not write is refused, as `>` refuses it.
    let target = File::options()
        .write(true)
        .open(&file)
        .with_context(cannot)?;
    let (out, temp) = match Temp::beside(&file, Some(&meta)) {
        Ok(made) => made,
        Err(e) if is_no_room(&e) => {
            // No file can be made beside it: write elsewhere, copy in.
            let elsewhere = std::env::temp_dir().join(file.file_name().unwrap_or_default());
            let (out, temp) = Temp::beside(&elsewhere, None).with_context(cannot)?;
            return Ok((out, Placement::Copy { temp, target }));
        }
        Err(e) => return Err(e).with_context(cannot),
    };
    if links(&meta) > 1 || !keep_owner(&out, &meta) {
        return Ok((out, Placement::Copy { temp, target }));
    }
    Ok((out, Placement::Rename { temp, path: file }))
}

/// A temporary file for bytes that are not the output itself (the rows of
/// an npy run, made into arrays at the end): beside the file `path` names
/// when it is a regular or new one, else in the system's temporary folder.
pub fn scratch(path: &Path) -> anyhow::Result<(File, Temp)> {
    let cannot = || format!("cannot create {}", path.display());
    let (file, in_proc) = resolve(path).with_context(cannot)?;
    let regular = fs::metadata(&file).map_or(true, |m| m.is_file());
    if !in_proc && regular {
        match Temp::beside(&file, None) {
            Err(e) if is_no_room(&e) => {}
            made => return made.with_context(cannot),
        }
    }
    let elsewhere = std::env::temp_dir().join(file.file_name().unwrap_or_default());
    Temp::beside(&elsewhere, None).with_context(cannot)
}

impl Placement {
    /// Puts the output in place once `written` (the file [`open`] gave)
    /// holds all of it.
    pub fn finish(self, written: &mut File) -> io::Result<()> {
        match self {
            Placement::Direct => Ok(()),
            Placement::Rename { temp, path } => {
                // Under the lock: an interruption now waits for the rename.
                let _held = temps();
                fs::rename(&temp.path, &path)
            }
            Placement::Copy {
                temp: _temp,
                mut target,
            } => {
                let _held = temps();
                written.seek(SeekFrom::Start(0))?;
                target.set_len(0)?;
                io::copy(written, &mut target)?;
                target.sync_all()
            }
        }
    }
}

/// The file `path` names once its symbolic links are followed (the links
/// are left as they are), and whether it lies in `/proc`: the links there
/// (`/dev/stdout`, `/dev/fd/1`) name open files, not paths, and are left
/// for the system to follow.
fn resolve(path: &Path) -> io::Result<(PathBuf, bool)> {
    let mut at = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        let dir = match at.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
            _ => PathBuf::from("."),
        };
        // A folder that does not exist: the file cannot be made, and
        // making it says so.
        let Ok(real_dir) = fs::canonicalize(&dir) else {
            return Ok((at, false));
        };
        if real_dir.starts_with("/proc") {
            return Ok((at, true));
        }
        match fs::symlink_metadata(&at) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let target = fs::read_link(&at)?;
                at = dir.join(target);
            }
            _ => return Ok((at, false)),
        }
    }
    Err(io::Error::other(format!(
        "more than {MAX_LINKS} symbolic links in a row"
    )))
}

/// Whether making a file failed for want of a folder we may write to.
fn is_no_room(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::PermissionDenied | io::ErrorKind::ReadOnlyFilesystem
    )
}

/// How many names (hard links) a file has.
#[cfg(unix)]
fn links(meta: &fs::Metadata) -> u64 {
    std::os::unix::fs::MetadataExt::nlink(meta)
}

#[cfg(not(unix))]
fn links(_meta: &fs::Metadata) -> u64 {
    1
}

/// Gives `file` (new) the owner and group of `meta`'s file, if they
/// differ from its own; whether it has them now.
#[cfg(unix)]
fn keep_owner(file: &File, meta: &fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    let Ok(own) = file.metadata() else {
        return false;
    };
    (own.uid(), own.gid()) == (meta.uid(), meta.gid())
        || std::os::unix::fs::fchown(file, Some(meta.uid()), Some(meta.gid())).is_ok()
}

#[cfg(not(unix))]
fn keep_owner(_file: &File, _meta: &fs::Metadata) -> bool {
    true
}

/// The temporary files of the run not yet put in place or removed.
static TEMPS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// The registry of temporary files, locked. Whoever holds it may make,
/// rename, copy or remove them; an interruption takes it for good.
fn temps() -> MutexGuard<'static, Vec<PathBuf>> {
    TEMPS.lock().unwrap_or_else(|e| e.into_inner())
}

/// A temporary file of the run: removed when dropped, and when the run is
/// interrupted.
pub struct Temp {
    path: PathBuf,
}

impl Temp {
    /// Makes a new file `.NAME.sudogen-PID-N.part` beside `file`, readable
    /// and writable, with the permissions of `like` (else as a new file
    /// gets them), and registers it.
    fn beside(file: &Path, like: Option<&fs::Metadata>) -> io::Result<(File, Temp)> {
        remove_on_signals();
        let name = file.file_name().unwrap_or_default().to_string_lossy();
        let mut registry = temps();
        for attempt in 0.. {
            let path = file.with_file_name(format!(
                ".{name}.sudogen-{}-{attempt}.part",
                std::process::id()
            ));
            let mut options = File::options();
            options.read(true).write(true).create_new(true);
            #[cfg(unix)]
            if like.is_some() {
                // Private until it has the file's own permissions.
                std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
            }
            match options.open(&path) {
                Ok(out) => {
                    registry.push(path.clone());
                    drop(registry);
                    let temp = Temp { path };
                    if let Some(like) = like {
                        out.set_permissions(like.permissions())?;
                    }
                    return Ok((out, temp));
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && attempt < 100 => {}
                Err(e) => return Err(e),
            }
        }
        unreachable!("the loop returns by its 100th attempt")
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        let mut registry = temps();
        // Gone already once renamed.
        let _ = fs::remove_file(&self.path);
        registry.retain(|p| p != &self.path);
    }
}

/// Starts, once, the thread that removes the temporary files when the
/// process is interrupted (SIGINT, SIGTERM, SIGHUP), then ends it by that
/// signal, as it would have ended without us (the shell sees 130 for
/// Ctrl-C, and a loop around the command stops).
fn remove_on_signals() {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        static STARTED: std::sync::Once = std::sync::Once::new();
        STARTED.call_once(|| {
            let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])
            else {
                return;
            };
            let _ = std::thread::Builder::new()
                .name("interrupted".into())
                .spawn(move || {
                    if let Some(signal) = signals.forever().next() {
                        // Kept locked: no temporary file is made or put in
                        // place from now on.
                        let registry = temps();
                        for path in registry.iter() {
                            let _ = fs::remove_file(path);
                        }
                        let _ = signal_hook::low_level::emulate_default_handler(signal);
                        std::process::exit(128 + signal);
                    }
                });
        });
    }
}
