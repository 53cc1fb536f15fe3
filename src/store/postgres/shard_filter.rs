//! The PostgreSQL form of the shard rule (`crate::shards`): the condition that a row's guild is held
//! by a range of shards, for the sweeps' queries.

/// The condition that the guild in `column` belongs to a shard `first..=last` of `total`, where those
/// three are the query's parameters (`codec::shard_params`) `$n`, `$n+1` and `$n+2` (`n` = `first_param`). A guild is a
/// Discord id in text (up to 20 digits: `numeric`, since an id may pass `bigint`'s range); none, or
/// one that is not an id, belongs to shard 0. `>> 22` is a division by 2^22 = 4194304. The guard is a
/// plain pattern and a length rather than `{1,20}`: PostgreSQL's bounded repetition made the 10,000-game
/// sweep several times slower (psql, 10,000 rows: 61 ms against 15 ms).
pub(super) fn guild_held(column: &str, first_param: usize) -> String {
    let (total, first, last) = (first_param, first_param + 1, first_param + 2);
    format!(
        "(CASE WHEN {column} ~ '^[0-9]+$' AND length({column}) <= 20 \
         THEN mod(div({column}::numeric, 4194304), ${total}::bigint) ELSE 0 END) \
         BETWEEN ${first}::bigint AND ${last}::bigint"
    )
}
