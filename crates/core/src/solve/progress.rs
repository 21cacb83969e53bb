//! What a solver tells while it works: [`Progress`], handed to the
//! callback of [`Solver::on_progress`](crate::Solver::on_progress), and
//! what a table build will cost, for a notice before it starts.

use crate::solve::error::PdbError;

/// What long work reports, through the callback given to
/// [`Solver::on_progress`](crate::Solver::on_progress): table builds,
/// long constructions, the iterations of a shortest search, shorter
/// near-shortest answers, and what went wrong on the way without
/// stopping the work.
#[derive(Debug)]
#[non_exhaustive]
pub enum Progress {
    /// A pattern database is being built: `done` of `total` placements
    /// reached (0 when the build starts, `total` when it ends).
    Building {
        /// The table's name, as in the cache (`pdb-4x4-b15-0.1.2.3.4`).
        table: String,
        /// Placements reached.
        done: u64,
        /// Placements in all.
        total: u64,
    },
    /// A long constructive solution on a box: `done` of `total` cells
    /// set, in one of its passes (`stage`).
    Solving {
        /// What is being done: finding the moves, or writing them.
        stage: &'static str,
        /// Cells set.
        done: u64,
        /// Cells in all.
        total: u64,
    },
    /// A near-shortest answer was made shorter, or its bound higher (see
    /// [`Solver::time_limit`](crate::Solver::time_limit)).
    Shorter {
        /// The answer's length now.
        moves: u64,
        /// The proven lower bound of the shortest length now.
        lower_bound: u64,
    },
    /// A shortest-path search finished the iteration of `bound` moves
    /// (the next one, if any, looks further: then no solution has `bound`
    /// moves or fewer); `nodes` expanded so far.
    Searching {
        /// The bound just searched.
        bound: u32,
        /// Nodes expanded so far.
        nodes: u64,
    },
    /// A shortest-path search on a board too big for pattern databases
    /// (over 32 cells) runs on Manhattan
    /// distance with linear conflicts alone: slow beyond about 25 cells.
    NoTables {
        /// The board's cells.
        cells: usize,
    },
    /// A near-shortest search goes on without the pattern databases it
    /// would use, with lighter ones or on Manhattan distance with linear
    /// conflicts: they are past the memory budget, or could not be built
    /// or loaded.
    TablesLeftOut {
        /// The board's cells.
        cells: usize,
        /// Whether it goes on with lighter tables (else with none).
        lighter: bool,
        /// Why.
        reason: String,
    },
    /// A catalogue of pattern databases (several partitions, their
    /// maximum taken) was left out for the lighter set: together its
    /// tables need more than the memory budget.
    CatalogueLeftOut {
        /// The catalogue's tables.
        tables: usize,
        /// Their bytes together.
        bytes: u64,
        /// The budget ([`Solver::max_table_memory`](crate::Solver::max_table_memory)).
        budget: u64,
    },
    /// A table was built but could not be written to the cache: it will
    /// be built again next time.
    NotSaved {
        /// The table's name.
        table: String,
        /// Why.
        error: PdbError,
    },
}

/// What building a table is expected to cost, for a notice before it
/// starts. The figures are this project's measurements: about 0.65 µs an
/// entry on two cores (a 6-tile 5×5 table, 127.5 M entries, in 61 to 76
/// s, 0.48–0.60 µs; a 7-tile 4×4 one, 57.7 M entries, in 38 to 46 s,
/// 0.66–0.80 µs) and four bytes an entry in memory while it is built
/// (510 MB for that 5×5 table), as many or half as many on disk (a
/// table whose entries all fit 16 bits is kept in 16).
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct BuildCost {
    /// Seconds on two cores, about.
    pub seconds: f64,
    /// Bytes of memory while it is built; on disk as many or fewer.
    pub bytes: u64,
}

impl BuildCost {
    /// Builds of fewer entries (a few seconds) are not worth a notice.
    pub const NOTICED_ENTRIES: u64 = 4_000_000;

    /// The cost of a table of `entries` entries, when it is worth a
    /// notice.
    ///
    /// ```
    /// use npuzzle_core::BuildCost;
    /// let cost = BuildCost::of(127_512_000).unwrap();
    /// assert_eq!((cost.seconds.round(), cost.bytes), (83.0, 510_048_000));
    /// assert_eq!(BuildCost::of(504), None);
    /// ```
    #[must_use]
    pub fn of(entries: u64) -> Option<Self> {
        (entries >= Self::NOTICED_ENTRIES).then(|| Self {
            seconds: (entries as f64 * 0.65e-6).max(1.0),
            bytes: entries.saturating_mul(4),
        })
    }
}

impl BuildCost {
    /// The cost of the table named `table` (as in [`Progress::Building`])
    /// of `entries` entries, when it is worth a notice: a colored table
    /// of multi-tile distances (`pdb-colors-…`) takes a byte an entry,
    /// about 0.12 µs each (4×4's 151 M entries in 17 s on two cores); a
    /// pattern database as [`of`](Self::of).
    ///
    /// ```
    /// use npuzzle_core::BuildCost;
    /// let cost = BuildCost::of_table("pdb-colors-4x4-b15", 151_351_200).unwrap();
    /// assert_eq!((cost.seconds.round(), cost.bytes), (18.0, 151_351_200));
    /// ```
    #[must_use]
    pub fn of_table(table: &str, entries: u64) -> Option<Self> {
        let cost = Self::of(entries)?;
        Some(match table.starts_with("pdb-colors") {
            true => Self {
                seconds: (entries as f64 * 0.12e-6).max(1.0),
                bytes: entries,
            },
            false => cost,
        })
    }
}

impl Progress {
    /// The cost of the build this report starts (a `Building` with
    /// nothing done yet), when it is worth a notice.
    #[must_use]
    pub fn build_cost(&self) -> Option<BuildCost> {
        match self {
            Self::Building {
                table,
                done: 0,
                total,
            } => BuildCost::of_table(table, *total),
            _ => None,
        }
    }
}

impl std::fmt::Display for Progress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Building { table, done, total } => write!(
                f,
                "building pattern database {table}: {done} of {total} entries ({}%)",
                done * 100 / (*total).max(1)
            ),
            Self::Solving { stage, done, total } => write!(
                f,
                "{stage}: {done} of {total} cells ({}%)",
                done * 100 / (*total).max(1)
            ),
            Self::Searching { bound, nodes } => write!(
                f,
                "searching: moves up to {bound} looked at ({nodes} nodes)"
            ),
            Self::Shorter { moves, lower_bound } => write!(
                f,
                "improving: {moves} moves found, the shortest has at least {lower_bound}"
            ),
            Self::NoTables { cells } => write!(
                f,
                "no pattern databases on a board of {cells} cells: the shortest search uses \
                 Manhattan distance with linear conflicts alone, which can take hours past \
                 about 25 cells"
            ),
            Self::TablesLeftOut {
                cells,
                lighter,
                reason,
            } => write!(
                f,
                "the near-shortest search on a board of {cells} cells goes on without its \
                 pattern databases, {}: {reason}",
                if *lighter {
                    "with lighter ones"
                } else {
                    "on Manhattan distance with linear conflicts"
                }
            ),
            Self::CatalogueLeftOut {
                tables,
                bytes,
                budget,
            } => write!(
                f,
                "the catalogue of {tables} pattern databases ({:.1} GB) is past the memory \
                 budget ({:.1} GB): the lighter set only",
                *bytes as f64 / 1e9,
                *budget as f64 / 1e9
            ),
            Self::NotSaved { table, error } => write!(
                f,
                "pattern database {table} could not be saved (it will be built again next \
                 time): {error}"
            ),
        }
    }
}

/// The callback progress goes to.
pub(crate) type OnProgress<'a> = &'a (dyn Fn(&Progress) + Sync);
