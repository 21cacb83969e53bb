//! Subtrees searched on every thread in the order they are listed: each
//! thread takes the next one when it is done with one (the shortest
//! searches' iterations, split below a frontier).
//!
//! The last iteration of a search stops at its first solution. Split in
//! halves, as a parallel iterator splits a list, the second thread began
//! in the middle of that iteration, and where the solution lay early in
//! the first half the search cost up to twice the nodes of one thread
//! (and twice its time). Taken in order, the threads are never more than
//! a subtree each past where one thread would be.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::prelude::*;

/// `work(i)` for every `i` below `len`, on all threads of the current
/// rayon pool, each thread taking the next `i` when it is done; the
/// results in order.
pub(crate) fn map_in_order<T: Send + Sync>(len: usize, work: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let slots: Vec<OnceLock<T>> = (0..len).map(|_| OnceLock::new()).collect();
    (0..rayon::current_num_threads().min(len))
        .into_par_iter()
        .for_each(|_| {
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= len {
                    break;
                }
                // Each index is taken once, so each slot set once.
                let _ = slots[i].set(work(i));
            }
        });
    slots
        .into_iter()
        .map(|slot| slot.into_inner().expect("every index taken"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_index_once_and_in_order() {
        let taken: Vec<AtomicUsize> = (0..1000).map(|_| AtomicUsize::new(0)).collect();
        let results = map_in_order(1000, |i| {
            taken[i].fetch_add(1, Ordering::Relaxed);
            i * 2
        });
        assert_eq!(results, (0..1000).map(|i| i * 2).collect::<Vec<_>>());
        assert!(taken.iter().all(|t| t.load(Ordering::Relaxed) == 1));
        assert!(map_in_order(0, |i| i).is_empty());
    }

    #[test]
    fn no_thread_starts_in_the_middle() {
        // On two threads, the one that did not take index 0 took one of
        // the first few as its first (halves would start it at 50).
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let taken = std::sync::Mutex::new(Vec::new());
        pool.install(|| {
            map_in_order(100, |i| {
                taken.lock().unwrap().push((std::thread::current().id(), i));
                std::thread::sleep(std::time::Duration::from_millis(2));
            })
        });
        let taken = taken.into_inner().unwrap();
        let first = taken.iter().find(|&&(_, i)| i == 0).unwrap().0;
        let other = taken.iter().find(|&&(thread, _)| thread != first);
        let (_, start) = other.expect("both threads took part");
        assert!(*start < 50, "the second thread began at {start}");
    }
}
