//! The SQLite form of the shard rule (`crate::shards`): the condition that a row's guild is held by a
//! range of shards, for the sweeps' queries.

/// The condition that the guild in `column` belongs to a shard `first..=last` of `total`, where those
/// three are the query's parameters (`codec::shard_params`) `?n`, `?n+1` and `?n+2` (`n` = `first_param`). A guild is a
/// Discord id in text; none, or one that is not an id, belongs to shard 0.
pub(super) fn guild_held(column: &str, first_param: usize) -> String {
    let (total, first, last) = (first_param, first_param + 1, first_param + 2);
    format!(
        "(CASE WHEN {column} <> '' AND {column} NOT GLOB '*[^0-9]*' \
         THEN (CAST({column} AS INTEGER) >> 22) % ?{total} ELSE 0 END) BETWEEN ?{first} AND ?{last}"
    )
}
