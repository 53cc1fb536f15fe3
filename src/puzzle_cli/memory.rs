//! `--max-memory SIZE`: reading a size, and the default taken from the machine.

/// The share of the memory the machine has available that a solve takes by default.
const SHARE_OF_AVAILABLE: usize = 2;

/// The default when the available memory cannot be read: 1 GiB.
const FALLBACK: usize = 1 << 30;

/// A size as given on the command line: a whole number of bytes, or a number with `K`, `M`, `G` or
/// `T` (binary units, as `sort -S` reads them; a trailing `B` or `iB` is allowed): `512M`, `2G`,
/// `1.5G`.
pub fn parse_size(text: &str) -> Result<usize, String> {
    let bad = || {
        format!(
            "`{text}` is not a size: write bytes, or a number with K, M, G or T (e.g. 512M, 2G)"
        )
    };
    let upper = text.trim().to_ascii_uppercase();
    let plain = upper
        .strip_suffix("IB")
        .or_else(|| upper.strip_suffix('B'))
        .unwrap_or(&upper);
    let (number, shift) = match plain.chars().last() {
        Some('K') => (&plain[..plain.len() - 1], 10),
        Some('M') => (&plain[..plain.len() - 1], 20),
        Some('G') => (&plain[..plain.len() - 1], 30),
        Some('T') => (&plain[..plain.len() - 1], 40),
        _ => (plain, 0),
    };
    let value: f64 = number.trim().parse().map_err(|_| bad())?;
    let bytes = value * (1u64 << shift) as f64;
    if !bytes.is_finite() || bytes < 1.0 || bytes >= usize::MAX as f64 {
        return Err(bad());
    }
    Ok(bytes as usize)
}

/// Half the memory this machine has available now (`MemAvailable` in `/proc/meminfo`), or 1 GiB
/// where that cannot be read.
pub fn machine_default() -> usize {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| available(&text))
        .map_or(FALLBACK, |bytes| bytes / SHARE_OF_AVAILABLE)
}

/// `MemAvailable` in bytes from the text of `/proc/meminfo` (a line `MemAvailable:  123456 kB`).
fn available(meminfo: &str) -> Option<usize> {
    let line = meminfo
        .lines()
        .find_map(|l| l.strip_prefix("MemAvailable:"))?;
    let kilobytes: usize = line.trim().strip_suffix("kB")?.trim().parse().ok()?;
    kilobytes.checked_mul(1 << 10)
}

#[cfg(test)]
mod tests {
    use super::{available, parse_size};

    #[test]
    fn sizes_read_in_binary_units() {
        assert_eq!(parse_size("512M"), Ok(512 << 20));
        assert_eq!(parse_size("2G"), Ok(2 << 30));
        assert_eq!(parse_size("2GiB"), Ok(2 << 30));
        assert_eq!(parse_size("1.5g"), Ok(3 << 29));
        assert_eq!(parse_size("64k"), Ok(64 << 10));
        assert_eq!(parse_size("1000"), Ok(1000));
        for bad in ["", "M", "-1G", "0", "lots", "2X", "1e30T"] {
            let error = parse_size(bad).unwrap_err();
            assert!(error.contains("512M"), "{bad}: {error}");
        }
    }

    #[test]
    fn the_available_memory_is_read_from_meminfo() {
        let meminfo =
            "MemTotal:       24576000 kB\nMemFree:         1000 kB\nMemAvailable:   8000000 kB\n";
        assert_eq!(available(meminfo), Some(8_000_000 << 10));
        assert_eq!(available("MemTotal: 5 kB\n"), None);
        assert_eq!(available("MemAvailable: lots\n"), None);
    }
}
