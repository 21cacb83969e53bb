//! Asking the processor for a table's entry before it is read: the
//! searches fetch a node's children's entries together, so that their
//! misses of the cache overlap instead of following one another.

/// Starts fetching `items[index]` into the cache, where the processor
/// has such a hint (x86-64); nothing where it has not or `index` is past
/// the end.
pub(crate) fn prefetch<T>(items: &[T], index: usize) {
    #[cfg(target_arch = "x86_64")]
    if let Some(item) = items.get(index) {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: a prefetch never faults and reads nothing the program
        // sees; the address is within the slice.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(item).cast()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (items, index);
}
