# Multi-stage build: compile in the Rust image, run in a small Debian image as a numeric non-root user.
FROM rust:1.95-slim-bookworm AS build
WORKDIR /src

# Dependencies in a layer of their own: the manifests and placeholder sources only, so editing the sources
# does not build every crate again. Cargo wants a file for every declared target, hence the placeholder
# benches (one per `name = "..."` of the manifest; they are never built).
COPY Cargo.toml Cargo.lock ./
COPY render/Cargo.toml render/Cargo.toml
RUN mkdir -p src render/src benches \
    && echo 'fn main() {}' > src/main.rs \
    && touch src/lib.rs render/src/lib.rs \
    && sed -n 's/^name = "\(.*\)"$/\1/p' Cargo.toml \
       | while read -r name; do echo 'fn main() {}' > "benches/$name.rs"; done \
    && cargo build --release --locked --bin roundhouse

# The sources. Copied files keep their old modification times, which Cargo would take for the
# placeholders' already built output: touch the crate roots so both crates are built again.
COPY migrations migrations
COPY render/src render/src
COPY src src
RUN touch src/main.rs src/lib.rs render/src/lib.rs \
    && cargo build --release --locked --bin roundhouse

FROM debian:bookworm-slim
# A numeric user, so the runtime can tell it is not root without reading /etc/passwd; /data is its own.
RUN groupadd --system --gid 10001 roundhouse \
    && useradd --system --uid 10001 --gid 10001 --home-dir /data --shell /usr/sbin/nologin roundhouse \
    && mkdir -p /data && chown 10001:10001 /data
COPY --from=build /src/target/release/roundhouse /usr/local/bin/roundhouse
COPY config.example.toml /etc/roundhouse/config.example.toml
# Settings come from the environment (DISCORD_TOKEN at least); /data/roundhouse.toml is read if present.
ENV ROUNDHOUSE_DB=/data/roundhouse.db
USER 10001:10001
WORKDIR /data
# The database (and terminal board pictures) live in /data.
VOLUME ["/data"]
# `docker stop` sends this; the bot finishes the commands under way, closes the database and exits 0.
# (As PID 1 it gets no default signal handling from the kernel: `serve` installs its own handlers.)
STOPSIGNAL SIGTERM
ENTRYPOINT ["roundhouse"]
CMD ["serve"]
