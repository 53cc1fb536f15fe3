# Multi-stage build: compile in the Rust image, run in a small Debian image as a non-root user.
FROM rust:1.95-slim-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked --bin roundhouse

FROM debian:bookworm-slim
RUN useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin roundhouse \
    && mkdir -p /data && chown roundhouse /data
COPY --from=build /src/target/release/roundhouse /usr/local/bin/roundhouse
COPY config.example.toml /etc/roundhouse/config.example.toml
USER roundhouse
WORKDIR /data
# The database (and terminal board pictures) live in /data.
VOLUME ["/data"]
ENTRYPOINT ["roundhouse"]
CMD ["serve", "--config", "/data/roundhouse.toml"]
