//! How much memory this process may have, for the budgets of the server
//! and of table builds.

/// The memory this process may have: the least of the machine's, the
/// address-space limit (`ulimit -v`) and the control group's
/// (`memory.max`, as containers set it); `None` where none can be told.
pub(crate) fn usable() -> Option<u64> {
    let mut least: Option<u64> = None;
    let mut take = |bytes: u64| least = Some(least.map_or(bytes, |l| l.min(bytes)));
    #[cfg(unix)]
    {
        // SAFETY: sysconf only reads system values.
        let (pages, size) = unsafe {
            (
                libc::sysconf(libc::_SC_PHYS_PAGES),
                libc::sysconf(libc::_SC_PAGESIZE),
            )
        };
        if pages > 0 && size > 0 {
            take((pages as u64).saturating_mul(size as u64));
        }
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit writes one rlimit, which lives for the call.
        if unsafe { libc::getrlimit(libc::RLIMIT_AS, &raw mut limit) } == 0
            && limit.rlim_cur != libc::RLIM_INFINITY
        {
            // rlim_t is u64 on Linux, not on every Unix.
            #[allow(clippy::unnecessary_cast)]
            take(limit.rlim_cur as u64);
        }
    }
    for file in [
        "/sys/fs/cgroup/memory.max",
        "/sys/fs/cgroup/memory/memory.limit_in_bytes",
    ] {
        let limit = std::fs::read_to_string(file).ok();
        if let Some(bytes) = limit.and_then(|text| text.trim().parse::<u64>().ok()) {
            take(bytes);
        }
    }
    least
}
