//! A check the games' menu tests share: the paths of one state's steps lead to each step alone, with
//! short parts.

/// The longest a menu part may be (a Discord button or option label).
const MAX_PART: usize = 80;

/// The most choices any level of these paths offers; panics if a path is a prefix of another (then
/// some step could not be reached by exactly one walk) or a part is empty or too long.
pub(crate) fn largest_level(paths: &[Vec<String>]) -> usize {
    for (i, path) in paths.iter().enumerate() {
        assert!(!path.is_empty(), "an empty path");
        for part in path {
            assert!(
                !part.is_empty() && part.chars().count() <= MAX_PART,
                "part {part:?}"
            );
        }
        for (j, other) in paths.iter().enumerate() {
            assert!(
                i == j || !other.starts_with(path),
                "{path:?} leads into {other:?}"
            );
        }
    }
    let mut largest = 0;
    for path in paths {
        for depth in 0..path.len() {
            let mut next: Vec<&String> = paths
                .iter()
                .filter(|p| p.starts_with(&path[..depth]))
                .filter_map(|p| p.get(depth))
                .collect();
            next.sort();
            next.dedup();
            largest = largest.max(next.len());
        }
    }
    largest
}
