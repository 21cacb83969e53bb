//! The pattern-database side of the solver: which tables a search on a
//! rectangle uses (small ones by default on small boards, the strong ones
//! when at hand or asked for), the heuristic made of them, and building
//! them ahead of time ([`Solver::prepare`]).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::arrangement::{Token, all_distinct};
use crate::board::{Board, Cell};
use crate::solve::error::{Limit, SolveError};
use crate::solve::progress::Progress;
use crate::solve::search::colors::{ColorTable, Coloring};
use crate::solve::search::ida_multi_tile;
use crate::solve::search::pdb::{self, Pattern};
use crate::solve::search::rectangle::{self, Heuristic, Rectangle, Sides};

use super::Solver;
use super::choice::{self, SMALL_TABLES_UP_TO, sides};

impl Solver<'_> {
    /// The heuristic for a search of `a` → `b` on a rectangle, and `a`
    /// relabelled.
    pub(super) fn heuristic(
        &self,
        board: &Board,
        a: &[Token],
        b: &[Token],
    ) -> Result<(Heuristic, Vec<u8>), SolveError> {
        let (rows, cols) = sides(board, 64, "shortest solutions are searched")?;
        if !all_distinct(a) {
            return Err(Limit::RepeatedTokens.into());
        }
        self.check_pattern_tiles(rows * cols - 1)?;
        let rect = Rectangle::new(rows, cols);
        let (tiles, blank_goal) = rectangle::relabel(a, b);
        let heuristic = self.heuristic_of(&rect, blank_goal, self.tables(&rect, blank_goal))?;
        Ok((self.with_catalogue_at_hand(heuristic)?, tiles))
    }

    /// `heuristic` with the maximum over the rest of its board's
    /// catalogue where that is at hand (see [`catalogue`](Self::catalogue):
    /// nothing is built); as it is otherwise.
    pub(super) fn with_catalogue_at_hand(
        &self,
        heuristic: Heuristic,
    ) -> Result<Heuristic, SolveError> {
        let more = self.catalogue(&heuristic.rect, heuristic.blank_goal);
        self.with_catalogue(heuristic, &more)
    }

    /// [`with_catalogue_at_hand`](Self::with_catalogue_at_hand), taking
    /// only the partitions whose tables are in memory or in the system's
    /// page cache: what a default answer, which has a few seconds, takes.
    /// Read from disk, the catalogue's 2.6 GB beyond Korf & Felner's
    /// tables took longer than the answer (Korf & Felner's #5: 12.3 s
    /// with the files out of the page cache, 1.75 s with them in); a
    /// shortest search, or any search after one, finds them there.
    pub(super) fn with_resident_catalogue(
        &self,
        heuristic: Heuristic,
    ) -> Result<Heuristic, SolveError> {
        let (rect, blank_goal) = (&heuristic.rect, heuristic.blank_goal);
        let mut more = self.catalogue(rect, blank_goal);
        more.retain(|(blocks, _)| {
            blocks.iter().all(|cells| {
                let pattern = rect.pattern(cells.clone(), blank_goal);
                pdb::in_memory_or_resident(&pattern, self.cache.as_ref())
            })
        });
        self.with_catalogue(heuristic, &more)
    }

    /// `heuristic` with the maximum over the partitions `more` too (their
    /// tables at hand: see [`catalogue`](Self::catalogue)), held within
    /// the memory budget as [`heuristic_of`](Self::heuristic_of) holds
    /// the first partition's; as it is where `more` is empty.
    fn with_catalogue(
        &self,
        heuristic: Heuristic,
        more: &[(Vec<Vec<u8>>, Sides)],
    ) -> Result<Heuristic, SolveError> {
        if more.is_empty() {
            return Ok(heuristic);
        }
        let (rect, blank_goal) = (heuristic.rect.clone(), heuristic.blank_goal);
        let all = distinct(more.iter().map(|(blocks, _)| blocks));
        let _reservation = self.reserve(&rect, blank_goal, &all)?;
        let mut partitions = Vec::with_capacity(more.len());
        for (blocks, sides) in more {
            let dbs = Heuristic::databases(
                &rect,
                blank_goal,
                blocks,
                self.cache.as_ref(),
                &|p| self.report(p),
                self.stop(),
            )?;
            partitions.push((dbs, *sides));
        }
        self.stop().check()?;
        Ok(heuristic.with_catalogue(partitions))
    }

    /// Refuses [`pattern_tiles`](Self::pattern_tiles) past the board's
    /// `tiles` (rather than quietly building the largest pattern there is).
    fn check_pattern_tiles(&self, tiles: usize) -> Result<(), SolveError> {
        match self.pattern_tiles {
            Some(asked) if asked > tiles => Err(crate::Error::Input {
                place: "pattern tiles".into(),
                problem: format!(
                    "{asked} asked for, but this board has {tiles} tiles, so a pattern has at \
                     most {tiles}"
                ),
            }
            .into()),
            _ => Ok(()),
        }
    }

    /// The heuristic on `rect` with the blank's goal on `blank_goal`:
    /// additive databases of `patterns` (from memory, the cache or built),
    /// else Manhattan distance with linear conflicts (said of boards too
    /// big for tables). The cancel flag is looked at before and after.
    pub(super) fn heuristic_of(
        &self,
        rect: &Rectangle,
        blank_goal: u8,
        patterns: Option<Vec<Vec<u8>>>,
    ) -> Result<Heuristic, SolveError> {
        self.stop().check()?;
        // A table that can never be built is refused as such, before any
        // memory is reserved (a budget would otherwise refuse it as
        // merely too big for itself).
        for cells in patterns.iter().flatten() {
            rect.pattern(cells.clone(), blank_goal).check_size()?;
        }
        // Held until the tables are in memory, where they count instead
        // (tables loaded from the cache count as they are loaded).
        let _reservation = match &patterns {
            Some(patterns) => self.reserve(rect, blank_goal, patterns)?,
            None => None,
        };
        let heuristic = match patterns {
            Some(patterns) => Heuristic::with_databases(
                rect,
                blank_goal,
                &patterns,
                self.cache.as_ref(),
                &|p| self.report(p),
                self.stop(),
            )?,
            None => {
                if rect.rows * rect.cols > choice::TABLES_UP_TO {
                    self.report(&Progress::NoTables {
                        cells: rect.rows * rect.cols,
                    });
                }
                Heuristic::manhattan(rect, blank_goal)
            }
        };
        self.stop().check()?;
        Ok(heuristic)
    }

    /// Reserves against [`max_table_memory`](Self::max_table_memory) what
    /// having the tables of `patterns` takes (see `memory_needed`), until
    /// the reservation is dropped; `None` where there is no budget or
    /// nothing to load or build.
    fn reserve(
        &self,
        rect: &Rectangle,
        blank_goal: u8,
        patterns: &[Vec<u8>],
    ) -> Result<Option<pdb::Reservation>, SolveError> {
        let Some(max) = self.max_table_memory else {
            return Ok(None);
        };
        match self.memory_needed(rect, blank_goal, patterns) {
            // Every table in memory: nothing to load or build.
            0 => Ok(None),
            needed => pdb::reserve(needed, max)
                .map(Some)
                .map_err(|taken| Limit::TablesTooBig { needed, taken, max }.into()),
        }
    }

    /// The memory that having the tables of `patterns` takes beyond
    /// those already in memory, in bytes: those in the cache as they are
    /// loaded, the others at the peak of their build.
    fn memory_needed(&self, rect: &Rectangle, blank_goal: u8, patterns: &[Vec<u8>]) -> u64 {
        let (cached, to_build): (Vec<Pattern>, Vec<Pattern>) = patterns
            .iter()
            .map(|cells| rect.pattern(cells.clone(), blank_goal))
            .filter(|p| !pdb::in_memory(p))
            .partition(|p| self.cache.as_ref().is_some_and(|c| c.has(p)));
        let loaded: u64 = cached.iter().map(|p| self.table_memory(p)).sum();
        pdb::build_memory(&to_build).saturating_add(loaded)
    }

    /// The memory the table of `pattern` takes once loaded or built:
    /// 16-bit entries where the cache's file has them, else at most 32.
    fn table_memory(&self, pattern: &Pattern) -> u64 {
        self.cache
            .as_ref()
            .map_or_else(|| pdb::table_bytes(pattern), |c| c.loaded_bytes(pattern))
    }

    /// The patterns of the tables a search on `rect` uses (`None`:
    /// Manhattan distance only). The one place this choice is made: the
    /// search and [`prepare`](Self::prepare) both ask it.
    pub(super) fn tables(&self, rect: &Rectangle, blank_goal: u8) -> Option<Vec<Vec<u8>>> {
        if rect.rows * rect.cols > choice::TABLES_UP_TO {
            return None;
        }
        let max = self.pattern_tiles.unwrap_or_else(|| {
            let strong = rectangle::default_max_tiles(rect);
            let small = rectangle::small_max_tiles(rect);
            let patterns = |tiles| patterns(rect, blank_goal, tiles);
            // The strongest set where it is built and fits the budget:
            // 7-8 on 4×4 takes 2.3 GB, and its search a quarter of the
            // 7-7-1 set's nodes (Korf's 100 in 0.38-0.44 s against
            // 0.76-0.84 s, tables mapped and in the page cache).
            let stronger =
                rectangle::stronger_max_tiles(rect).map(|tiles| (tiles, patterns(tiles)));
            if let Some((stronger, _)) =
                stronger.filter(|(_, set)| self.at_hand(set) && self.fits(set))
            {
                stronger
            } else if rect.rows * rect.cols > SMALL_TABLES_UP_TO || self.at_hand(&patterns(strong))
            {
                strong
            } else {
                small
            }
        });
        (max >= 2).then(|| rectangle::partition(rect, blank_goal, max))
    }

    /// The partitions besides [`tables`](Self::tables)' whose maximum a
    /// shortest search takes: the rest of the small catalogue on 5×5 with
    /// the blank's goal in a corner (see `rectangle::catalogue`), where
    /// [`pattern_tiles`](Self::pattern_tiles) is not asked for, every
    /// table is at hand (nothing is built: `prepare` builds them) and all
    /// the tables together fit the memory budget; none otherwise.
    pub(super) fn catalogue(&self, rect: &Rectangle, blank_goal: u8) -> Vec<(Vec<Vec<u8>>, Sides)> {
        let more = self.catalogue_asked(rect, blank_goal);
        if more.is_empty() {
            return more;
        }
        let all = self.catalogue_patterns(rect, blank_goal, &more);
        if self.at_hand(&all) && self.fits(&all) {
            more
        } else {
            Vec::new()
        }
    }

    /// The catalogue's partitions where the board has one and no pattern
    /// size is asked for, whether at hand or not.
    fn catalogue_asked(&self, rect: &Rectangle, blank_goal: u8) -> Vec<(Vec<Vec<u8>>, Sides)> {
        if self.pattern_tiles.is_some() {
            return Vec::new();
        }
        rectangle::catalogue(rect, blank_goal, rectangle::default_max_tiles(rect))
    }

    /// The distinct tables of the main partition and of `more`.
    fn catalogue_patterns(
        &self,
        rect: &Rectangle,
        blank_goal: u8,
        more: &[(Vec<Vec<u8>>, Sides)],
    ) -> Vec<Pattern> {
        let first = rectangle::partition(rect, blank_goal, rectangle::default_max_tiles(rect));
        distinct(std::iter::once(&first).chain(more.iter().map(|(blocks, _)| blocks)))
            .into_iter()
            .map(|c| rect.pattern(c, blank_goal))
            .collect()
    }

    /// The tables that shortest searches on `rect` with the blank's goal
    /// on `blank_goal` use ([`tables`](Self::tables): 6-6-6-6 on 5×5),
    /// where every one is at hand (in memory or in the cache: nothing is
    /// built) and within the memory budget; `None` otherwise. A
    /// near-shortest search on a board searched whole takes them over its
    /// small compact tables.
    pub(super) fn strong_tables_at_hand(
        &self,
        rect: &Rectangle,
        blank_goal: u8,
    ) -> Option<Vec<Vec<u8>>> {
        let set = self.tables(rect, blank_goal)?;
        let patterns: Vec<Pattern> = set
            .iter()
            .map(|cells| rect.pattern(cells.clone(), blank_goal))
            .collect();
        (self.at_hand(&patterns) && self.fits(&patterns)).then_some(set)
    }

    /// Whether every table of `set` is in memory or in the cache.
    fn at_hand(&self, set: &[Pattern]) -> bool {
        set.iter().all(|p| pdb::at_hand(p, self.cache.as_ref()))
    }

    /// Whether the tables of `set` together fit the memory budget.
    fn fits(&self, set: &[Pattern]) -> bool {
        let bytes: u64 = set.iter().map(|p| self.table_memory(p)).sum();
        self.max_table_memory.is_none_or(|max| bytes <= max)
    }

    /// Builds (or finds in the cache) the tables that shortest solutions
    /// on `board` with the blank's goal on `blank` use, one at a time,
    /// without keeping them in memory (with the multi-tile
    /// [`metric`](Self::metric), the colored table of shortest multi-tile
    /// answers, on rectangles of up to 16 cells); without
    /// [`pattern_tiles`](Self::pattern_tiles), the strongest whose build
    /// fits [`max_table_memory`](Self::max_table_memory) (7-8 on 4×4;
    /// on 5×5 with the blank's goal in a corner the small catalogue's
    /// 14 tables, 3.6 GB, where they fit it together, which shortest
    /// searches then take the maximum over; else the strong ones a
    /// search builds). Returns
    /// each table's file (when there is a cache), entries and time.
    ///
    /// # Errors
    /// [`Limit::NoShortestSearch`] when the board is not a rectangle,
    /// [`Limit::RectangleTooBig`] past 32 cells, [`SolveError::Input`] when `blank` is off the
    /// board, [`SolveError::Pdb`] when a table's memory cannot be had.
    pub fn prepare(&self, board: &Board, blank: Cell) -> Result<Vec<Table>, SolveError> {
        let (rows, cols) = sides(board, choice::TABLES_UP_TO, "pattern databases are built")?;
        if blank as usize >= board.cell_count() {
            return Err(crate::Error::BadArrangement {
                which: "blank".into(),
                problem: format!("cell {blank} is off the board"),
            }
            .into());
        }
        if self.metric == crate::moves::Metric::MultiTile {
            return self.prepare_colored(board, blank);
        }
        self.check_pattern_tiles(rows * cols - 1)?;
        let rect = Rectangle::new(rows, cols);
        // Asked for, a build is the point: the strongest set where its
        // build fits the memory budget (7-8 on 4×4: about 11 minutes and
        // 4.4 GB at the peak on 2 cores), the strong one otherwise.
        let fits = |tiles: &usize| {
            let need = pdb::build_memory(&patterns(&rect, blank as u8, *tiles));
            self.max_table_memory.is_none_or(|max| need <= max)
        };
        let strong = Solver {
            pattern_tiles: Some(self.pattern_tiles.unwrap_or_else(|| {
                rectangle::stronger_max_tiles(&rect)
                    .filter(fits)
                    .unwrap_or_else(|| rectangle::default_max_tiles(&rect))
            })),
            optimal: true,
            ..Solver::default()
        };
        // The catalogue where all its tables fit the budget together (on
        // 5×5, 14 tables, 3.6 GB): a search loads them all.
        let more = self.catalogue_asked(&rect, blank as u8);
        let patterns = if !more.is_empty() {
            let all = self.catalogue_patterns(&rect, blank as u8, &more);
            if self.fits(&all) {
                all
            } else {
                self.report(&Progress::CatalogueLeftOut {
                    tables: all.len(),
                    bytes: all.iter().map(|p| self.table_memory(p)).sum(),
                    budget: self.max_table_memory.unwrap_or(u64::MAX),
                });
                patterns(&rect, blank as u8, rectangle::default_max_tiles(&rect))
            }
        } else {
            let chosen = strong.tables(&rect, blank as u8).unwrap_or_default();
            chosen
                .into_iter()
                .map(|cells| rect.pattern(cells, blank as u8))
                .collect()
        };
        let mut out = Vec::new();
        for pattern in patterns {
            let started = Instant::now();
            let report = |p: &Progress| self.report(p);
            let db = pdb::load_or_build(
                &pattern,
                self.cache.as_ref(),
                &report,
                pdb::Save::Required,
                self.stop(),
            )?;
            out.push(Table {
                file: self.cache.as_ref().map(|c| c.path_of(&pattern)),
                entries: db.len(),
                bytes: db.bytes(),
                elapsed: started.elapsed(),
            });
        }
        Ok(out)
    }

    /// [`prepare`](Self::prepare) in multi-tile moves: the colored table
    /// of shortest multi-tile answers on a rectangle of up to 16 cells.
    fn prepare_colored(&self, board: &Board, blank: Cell) -> Result<Vec<Table>, SolveError> {
        let (rows, cols) = sides(board, SMALL_TABLES_UP_TO, "multi-tile tables are built")?;
        let started = Instant::now();
        let table = self.colored_table(rows, cols, blank as u8)?;
        Ok(vec![Table {
            file: self
                .cache
                .as_ref()
                .map(|c| c.file(&ColorTable::file_name(&table.coloring))),
            entries: ColorTable::entries(&table.coloring) as usize,
            // A byte an entry.
            bytes: ColorTable::entries(&table.coloring),
            elapsed: started.elapsed(),
        }])
    }

    /// The colored table of multi-tile searches on `rows` × `cols` with the
    /// blank's goal on `blank_goal`: from this process's memory, the cache
    /// or built, within [`max_table_memory`](Self::max_table_memory) as
    /// the pattern databases are (a byte an entry loaded, about three
    /// while built: the layers).
    ///
    /// # Errors
    /// [`Limit::TablesTooBig`] past the budget, [`SolveError::Cancelled`]
    /// when the build is stopped.
    pub(super) fn colored_table(
        &self,
        rows: usize,
        cols: usize,
        blank_goal: u8,
    ) -> Result<Arc<ColorTable>, SolveError> {
        let coloring = Coloring::for_rectangle(rows, cols, blank_goal);
        let _reservation = match self.max_table_memory {
            Some(max) if !ida_multi_tile::in_memory(&coloring) => {
                let entries = ColorTable::entries(&coloring);
                let cached = self
                    .cache
                    .as_ref()
                    .is_some_and(|c| c.file(&ColorTable::file_name(&coloring)).is_file());
                let needed = if cached { entries } else { 3 * entries };
                let reserved = pdb::reserve(needed, max);
                Some(reserved.map_err(|taken| Limit::TablesTooBig { needed, taken, max })?)
            }
            _ => None,
        };
        let report = |p: &Progress| self.report(p);
        ida_multi_tile::table(&coloring, self.cache.as_ref(), &report, self.stop())
    }
}

/// A pattern database made ready by [`Solver::prepare`].
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Table {
    /// Its file in the cache, when there is one.
    pub file: Option<PathBuf>,
    /// Its entries.
    pub entries: usize,
    /// The bytes it takes in memory (a pattern database's entries are
    /// 16 bits where they fit, else 32).
    pub bytes: u64,
    /// The time it took to load or build.
    pub elapsed: Duration,
}

/// The blocks of `partitions`, each once.
fn distinct<'p>(partitions: impl IntoIterator<Item = &'p Vec<Vec<u8>>>) -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = Vec::new();
    for block in partitions.into_iter().flatten() {
        if !out.contains(block) {
            out.push(block.clone());
        }
    }
    out
}

/// The patterns of the partition of `rect` into tables of at most
/// `tiles` tiles, the blank's goal on `blank`.
fn patterns(rect: &Rectangle, blank: u8, tiles: usize) -> Vec<Pattern> {
    rectangle::partition(rect, blank, tiles)
        .into_iter()
        .map(|cells| rect.pattern(cells, blank))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Arrangement;
    use crate::generate::Generator;
    use crate::solve::search::pdb::PdbCache;

    #[test]
    fn strong_tables_are_offered_once_at_hand_and_within_the_budget() {
        let dir = tempfile::tempdir().unwrap();
        let cache = || PdbCache::at(dir.path().join("tables")).unwrap();
        // A blank's goal no other test builds tables for.
        let (board, rect, blank) = (Board::new_box(&[4, 5]).unwrap(), Rectangle::new(4, 5), 9);
        let solver = Solver::new().pattern_tiles(3).cache(cache());
        assert_eq!(solver.strong_tables_at_hand(&rect, blank), None);
        solver.prepare(&board, blank as Cell).unwrap();
        let set = solver.strong_tables_at_hand(&rect, blank);
        assert!(set.as_ref().is_some_and(|s| s.iter().all(|p| p.len() <= 3)));
        assert_eq!(set, solver.tables(&rect, blank));
        let tight = Solver::new()
            .pattern_tiles(3)
            .cache(cache())
            .max_table_memory(1);
        assert_eq!(tight.strong_tables_at_hand(&rect, blank), None);
    }

    /// Where the shortest search's tables are at hand, a default answer
    /// on a board searched whole first tries a shortest search within a
    /// count of nodes: an easy 4×5 state's answer is then the shortest,
    /// and says so, found first; before, with the same tables not at
    /// hand, it is found by the weighted search, its stages and the
    /// search of its end (which here reaches the whole answer, shortest
    /// too), many more nodes.
    #[test]
    fn a_default_answer_is_shortest_where_the_strong_tables_find_it_soon() {
        let dir = tempfile::tempdir().unwrap();
        // A blank's goal no other test builds tables for (top right).
        let (board, blank) = (Board::new_box(&[4, 5]).unwrap(), 4);
        let mut goal: Vec<Token> = (1..20).collect();
        goal.insert(blank, 0);
        let goal = Arrangement::new(goal);
        let from = Generator::new(3).scramble(&board, &goal, 30).unwrap();
        let default = || {
            let cache = PdbCache::at(dir.path().join("tables")).unwrap();
            Solver::new()
                .shortest_when_cheap(true)
                .pattern_tiles(3)
                .cache(cache)
        };
        let before = default().solve(&board, &from, &goal).unwrap();
        default().prepare(&board, blank as Cell).unwrap();
        let after = default().solve(&board, &from, &goal).unwrap();
        let shortest = default().optimal(true).solve(&board, &from, &goal).unwrap();
        assert!(after.is_optimal() && shortest.is_optimal());
        assert_eq!(after.len(), shortest.len());
        assert_eq!(after.lower_bound(), after.len() as u64);
        assert!(before.lower_bound() <= after.lower_bound());
        assert!(
            after.nodes() < before.nodes(),
            "{} {}",
            after.nodes(),
            before.nodes()
        );
    }
}
