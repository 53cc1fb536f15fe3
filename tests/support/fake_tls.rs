//! The fake Discord's REST API as `https://discord.com`, so a bot reaches it exactly as it reaches
//! Discord, serenity's rate limiter included (that limiter sends every request to
//! `https://discord.com/api/v10` and ignores any proxy). The certificate is self-signed, made fresh
//! for each fake, and trusted only by the HTTP client [`FakeTls::client`] builds.

use std::net::SocketAddr;
use std::sync::Arc;

use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls::ServerConfig;
use tokio_rustls::rustls::crypto::ring::default_provider;
use tokio_rustls::rustls::pki_types::{PrivateKeyDer, PrivatePkcs8KeyDer};

/// The host name the certificate is made for: serenity's REST base is `https://discord.com/api/v10`.
const HOST: &str = "discord.com";

/// The fake's TLS side: what accepts connections and the certificate clients must trust.
pub struct FakeTls {
    acceptor: TlsAcceptor,
    certificate_pem: String,
}

impl FakeTls {
    /// Makes a self-signed certificate for `discord.com` and a server configuration around it.
    pub fn new() -> Self {
        let made = rcgen::generate_simple_self_signed(vec![HOST.to_owned()])
            .expect("fake Discord: make a certificate");
        let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(made.signing_key.serialize_der()));
        let config = ServerConfig::builder_with_provider(Arc::new(default_provider()))
            .with_safe_default_protocol_versions()
            .expect("fake Discord: TLS versions")
            .with_no_client_auth()
            .with_single_cert(vec![made.cert.der().clone()], key)
            .expect("fake Discord: TLS configuration");
        Self {
            acceptor: TlsAcceptor::from(Arc::new(config)),
            certificate_pem: made.cert.pem(),
        }
    }

    /// What wraps each accepted connection.
    pub fn acceptor(&self) -> TlsAcceptor {
        self.acceptor.clone()
    }

    /// An HTTP client that finds `discord.com` at `address` and trusts the fake's certificate there
    /// (and nothing else: the usual roots are left out, so no request can reach the real Discord).
    pub fn client(&self, address: SocketAddr) -> reqwest::Client {
        let certificate = reqwest::Certificate::from_pem(self.certificate_pem.as_bytes())
            .expect("fake Discord: read its own certificate");
        reqwest::Client::builder()
            .use_rustls_tls()
            .tls_built_in_root_certs(false)
            .add_root_certificate(certificate)
            .resolve(HOST, address)
            .build()
            .expect("fake Discord: build an HTTP client")
    }
}
