//! How much memory this process may have: what the front ends bound
//! tables and searches by (see [`Solver::within_usable_memory`]), and
//! the server's budget.
//!
//! [`Solver::within_usable_memory`]: crate::Solver::within_usable_memory

/// The memory this process may have: the least of the machine's, the
/// address-space limit (`ulimit -v`) and the control groups' (its own
/// and those above it, as containers and job schedulers set them);
/// `None` where none can be told.
///
/// ```
/// let bytes = npuzzle_core::usable_memory();
/// assert!(bytes.is_none_or(|b| b > 0));
/// ```
#[must_use]
pub fn usable_memory() -> Option<u64> {
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
    let own = std::fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
    for file in cgroup_limit_files(&own) {
        let limit = std::fs::read_to_string(file).ok();
        if let Some(bytes) = limit.and_then(|text| text.trim().parse::<u64>().ok()) {
            take(bytes);
        }
    }
    least
}

/// The files that hold the memory limits of this process's control
/// groups, given `/proc/self/cgroup`: those of its own group and of each
/// group above it (a limit applies to everything below), in version 2
/// (`memory.max`) and version 1 (`memory.limit_in_bytes`), the root's
/// always (inside a container, the container's own).
fn cgroup_limit_files(proc_self_cgroup: &str) -> Vec<String> {
    let mut files = vec![
        "/sys/fs/cgroup/memory.max".to_string(),
        "/sys/fs/cgroup/memory/memory.limit_in_bytes".to_string(),
    ];
    for line in proc_self_cgroup.lines() {
        // `ID:CONTROLLERS:PATH`; version 2's has no controllers.
        let mut fields = line.splitn(3, ':');
        let (Some(_), Some(controllers), Some(path)) =
            (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let under = match controllers {
            "" => "/sys/fs/cgroup",
            c if c.split(',').any(|c| c == "memory") => "/sys/fs/cgroup/memory",
            _ => continue,
        };
        let file = if controllers.is_empty() {
            "memory.max"
        } else {
            "memory.limit_in_bytes"
        };
        let mut group = path.trim_end_matches('/');
        // Neither `..` nor an endless walk: the path is the system's, and
        // each step takes a component off.
        while !group.is_empty() && !group.split('/').any(|part| part == "..") {
            files.push(format!("{under}{group}/{file}"));
            group = group.rfind('/').map_or("", |i| &group[..i]);
        }
    }
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_groups_above_count_too() {
        let v1 = "12:pids:/a\n4:cpu,memory:/box/job\n1:name=systemd:/x\n";
        let files = cgroup_limit_files(v1);
        assert_eq!(
            files[2..],
            [
                "/sys/fs/cgroup/memory/box/job/memory.limit_in_bytes",
                "/sys/fs/cgroup/memory/box/memory.limit_in_bytes",
            ]
        );
        let v2 = cgroup_limit_files("0::/user.slice/session-1.scope\n");
        assert_eq!(
            v2[2..],
            [
                "/sys/fs/cgroup/user.slice/session-1.scope/memory.max",
                "/sys/fs/cgroup/user.slice/memory.max",
            ]
        );
        // The root's only: inside a container, or nothing readable.
        assert_eq!(cgroup_limit_files("0::/\n").len(), 2);
        assert_eq!(cgroup_limit_files("garbage").len(), 2);
        assert_eq!(cgroup_limit_files("0::/../../etc\n").len(), 2);
    }
}
