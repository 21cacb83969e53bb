//! Progress bars for long work (database builds, long solves), and the
//! notice before a long build. Bars go to stderr, and only when it is a
//! terminal; warnings always do.

use std::io::IsTerminal;
use std::sync::Mutex;

use indicatif::{ProgressBar, ProgressStyle};
use npuzzle_core::{BuildCost, Progress};

/// Whether long work was asked for (`pdb build`), or comes with a
/// solve that could go without it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Asked {
    /// `npuzzle pdb build`: the builds are the point.
    Builds,
    /// A solve: the notice says how to skip or prepare the builds.
    Solve,
}

/// One line on stderr before a long table build: what, how long, how
/// much disk and memory (the library's [`BuildCost`]), and, during a
/// solve, how to skip it. `None` for builds too short to announce.
fn announcement(table: &str, entries: u64, asked: Asked) -> Option<String> {
    let cost = BuildCost::of_table(table, entries)?;
    let skip = match asked {
        Asked::Solve if table.starts_with("pdb-colors") => {
            "; `npuzzle pdb build --metric mtm` builds it ahead of time"
        }
        Asked::Solve => "; --fast skips it, `npuzzle pdb build` builds it ahead of time",
        Asked::Builds => "",
    };
    Some(format!(
        "note: building the pattern database {table} ({entries} entries): about {:.0} s on two \
         cores, {:.0} MB of memory and at most as much disk, once (it is cached){skip}",
        cost.seconds,
        cost.bytes as f64 / 1e6
    ))
}

/// A progress callback: a bar per database build and per pass of a long
/// solve, on a terminal; warnings (a table that could not be saved)
/// always.
pub(crate) fn reporter(asked: Asked) -> impl Fn(&Progress) + Sync {
    let bar: Mutex<Option<(String, ProgressBar)>> = Mutex::new(None);
    let on_terminal = std::io::stderr().is_terminal();
    move |progress: &Progress| {
        let (title, done, total) = match progress {
            Progress::Building {
                table,
                done: 0,
                total,
            } if announcement(table, *total, asked).is_some() => {
                eprintln!("{}", announcement(table, *total, asked).unwrap_or_default());
                (format!("building {table}"), &0, total)
            }
            Progress::Building { table, done, total } => (format!("building {table}"), done, total),
            Progress::Solving { stage, done, total } => (stage.to_string(), done, total),
            Progress::Searching { .. } | Progress::Shorter { .. } => {
                if on_terminal {
                    eprint!("\r{progress}\x1b[K");
                }
                return;
            }
            Progress::NotSaved { .. } => return eprintln!("warning: {progress}"),
            Progress::NoTables { .. }
            | Progress::TablesLeftOut { .. }
            | Progress::CatalogueLeftOut { .. } => {
                return eprintln!("note: {progress}");
            }
            _ => return,
        };
        if !on_terminal {
            return;
        }
        let mut bar = bar.lock().unwrap_or_else(|e| e.into_inner());
        if bar.as_ref().is_none_or(|(t, _)| *t != title) {
            let b = ProgressBar::new(*total);
            b.set_style(
                ProgressStyle::with_template("{msg} [{bar:40}] {percent}% {elapsed}")
                    .expect("a valid template"),
            );
            b.set_message(title.clone());
            if let Some((_, old)) = bar.replace((title, b)) {
                old.finish_and_clear();
            }
        }
        if let Some((_, b)) = bar.as_ref() {
            b.set_position(*done);
            if done == total {
                b.finish_and_clear();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_table_builds_are_announced_with_their_cost() {
        // A 6-tile table of 5×5, as the first --optimal search builds it.
        let line = announcement("pdb-5x5-b0-1.2.3.4.5.6", 127_512_000, Asked::Solve).unwrap();
        for part in [
            "127512000 entries",
            "about 83 s",
            "510 MB of memory",
            "--fast",
            "pdb build",
        ] {
            assert!(line.contains(part), "{part}: {line}");
        }
        assert_eq!(announcement("pdb-3x3-b8-1.2.3", 504, Asked::Solve), None);
        // During `pdb build`, it does not tell to run `pdb build`.
        let line = announcement("pdb-4x4-b15-1.2.3.4.5.6.7", 57_657_600, Asked::Builds).unwrap();
        assert!(
            line.contains("about 37 s") && !line.contains("pdb build"),
            "{line}"
        );
    }
}
