//! Databases in memory, shared by every solver of the process: each
//! pattern has its own lock, so a minute-long build of one table holds up
//! only those who want that same table; and the memory reserved for
//! builds under way, so that a budget covers them all.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use super::cache::{PdbCache, Save, load_or_build};
use super::{Pattern, PatternDb};
use crate::solve::error::SolveError;
use crate::solve::progress::OnProgress;
use crate::stop::Stop;

/// One pattern's place in memory, with its own lock.
type Slot = Arc<Mutex<Option<Arc<PatternDb>>>>;

/// Databases in memory, shared by every solver of the process.
static TABLES: Mutex<Vec<(Pattern, Slot)>> = Mutex::new(Vec::new());

/// The database of `pattern`: from memory, else from `cache`, else built
/// (and written to `cache`); kept in memory for later searches.
/// Concurrent callers of one pattern wait for one build; other patterns
/// go on.
pub(crate) fn shared(
    pattern: &Pattern,
    cache: Option<&PdbCache>,
    progress: OnProgress,
    stop: Stop,
) -> Result<Arc<PatternDb>, SolveError> {
    let slot = {
        let mut tables = TABLES.lock().unwrap_or_else(PoisonError::into_inner);
        match tables.iter().find(|(p, _)| p == pattern) {
            Some((_, slot)) => slot.clone(),
            None => {
                let slot = Slot::default();
                tables.push((pattern.clone(), slot.clone()));
                slot
            }
        }
    };
    let mut table = slot.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(db) = table.as_ref() {
        return Ok(db.clone());
    }
    let db = Arc::new(load_or_build(pattern, cache, progress, Save::Tried, stop)?);
    *table = Some(db.clone());
    Ok(db)
}

/// Bytes promised to table builds under way ([`reserve`]).
static RESERVED: AtomicU64 = AtomicU64::new(0);

/// Memory promised to a search's table builds, given back when dropped
/// (the tables built are then counted in memory).
#[derive(Debug)]
pub(crate) struct Reservation(u64);

impl Drop for Reservation {
    fn drop(&mut self) {
        RESERVED.fetch_sub(self.0, Ordering::Relaxed);
    }
}

/// Promises `needed` bytes to a search's table builds when they fit in
/// `max` beside the tables in memory and the builds already promised
/// theirs, all searches of the process together.
///
/// # Errors
/// The bytes already taken, when `needed` does not fit.
pub(crate) fn reserve(needed: u64, max: u64) -> Result<Reservation, u64> {
    let resident: u64 = {
        let tables = TABLES.lock().unwrap_or_else(PoisonError::into_inner);
        tables
            .iter()
            .filter_map(|(_, slot)| slot.try_lock().ok()?.as_ref().map(|db| db.bytes()))
            .sum()
    };
    let mut reserved = RESERVED.load(Ordering::Relaxed);
    loop {
        let taken = resident.saturating_add(reserved);
        if taken.saturating_add(needed) > max {
            return Err(taken);
        }
        match RESERVED.compare_exchange(
            reserved,
            reserved + needed,
            Ordering::Relaxed,
            Ordering::Relaxed,
        ) {
            Ok(_) => return Ok(Reservation(needed)),
            Err(now) => reserved = now,
        }
    }
}

/// Whether the database of `pattern` is at hand without a build: in
/// memory or in `cache`.
pub(crate) fn at_hand(pattern: &Pattern, cache: Option<&PdbCache>) -> bool {
    in_memory(pattern) || cache.is_some_and(|c| c.has(pattern))
}

/// Whether the database of `pattern` is at hand without reading from
/// disk: in memory, or in `cache` with its file in the system's page
/// cache (see `PdbCache::has_resident`).
pub(crate) fn in_memory_or_resident(pattern: &Pattern, cache: Option<&PdbCache>) -> bool {
    in_memory(pattern) || cache.is_some_and(|c| c.has_resident(pattern))
}

/// Whether the database of `pattern` is in this process's memory.
pub(crate) fn in_memory(pattern: &Pattern) -> bool {
    let tables = TABLES.lock().unwrap_or_else(PoisonError::into_inner);
    tables
        .iter()
        .any(|(p, slot)| p == pattern && slot.try_lock().map(|t| t.is_some()).unwrap_or(false))
}
