import Foundation

/// A throwaway certificate authority and server certificates for 127.0.0.1, made with `openssl`
/// (EC P-256 keys, so it takes a fraction of a second) inside a ``TemporaryDirectory``.
public struct TestCertificates: Sendable {
  /// A server's certificate and its key, as PEM files.
  public struct Pair: Sendable {
    /// The certificate.
    public let certificate: URL
    /// Its private key.
    public let key: URL
  }

  /// The CA's certificate (a bundle of one), for `CURL_CA_BUNDLE` or `SSL_CERT_FILE`.
  public let authority: URL
  /// A folder holding the CA's certificate under its `openssl rehash` name, for `SSL_CERT_DIR`.
  public let authorityDirectory: URL
  /// Signed by the CA for `127.0.0.1` and `localhost` (subjectAltName IP and DNS), valid now.
  public let trusted: Pair
  /// Signed by the CA for `127.0.0.1` and `localhost`, valid only on 1 January 2020.
  public let expired: Pair
  /// For `127.0.0.1` and `localhost`, valid now, but signed by its own key.
  public let selfSigned: Pair
  /// Signed by the CA, valid now, but for `example.invalid` only.
  public let mismatched: Pair

  /// The certificates, made once per test process.
  /// - Returns: the certificates.
  public static func shared() throws -> TestCertificates { try made.get() }

  private static let made = Result { try TestCertificates() }

  private init() throws {
    let openssl = try ExternalTool.require("openssl", package: "openssl")
    let folder = try TemporaryDirectory.make(prefix: "certificates")
    func file(_ name: String) -> URL { folder.appendingPathComponent(name) }
    func write(_ name: String, _ text: String) throws {
      try Data(text.utf8).write(to: file(name))
    }
    func run(_ arguments: [String]) throws { try openssl.run(arguments, in: folder) }
    let newKey = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]

    // Our own configuration files: nothing depends on the system's openssl.cnf.
    try write(
      "ca.cnf",
      """
      [req]
      distinguished_name = name
      prompt = no
      x509_extensions = authority
      [name]
      CN = chuck test CA
      [authority]
      basicConstraints = critical, CA:TRUE
      keyUsage = critical, keyCertSign, cRLSign
      subjectKeyIdentifier = hash
      [ca]
      default_ca = signer
      [signer]
      database = index.txt
      new_certs_dir = .
      serial = serial
      default_md = sha256
      policy = anything
      unique_subject = no
      [anything]
      commonName = supplied

      """)
    try run(
      ["req", "-x509", "-config", "ca.cnf", "-days", "30"] + newKey
        + ["-keyout", "ca.key", "-out", "ca.pem"])
    authority = file("ca.pem")

    func server(_ name: String, host: String, names: String) throws {
      try write(
        "\(name).cnf",
        """
        [req]
        distinguished_name = name
        prompt = no
        x509_extensions = server
        [name]
        CN = \(host)
        [server]
        basicConstraints = critical, CA:FALSE
        keyUsage = critical, digitalSignature
        extendedKeyUsage = serverAuth
        subjectAltName = \(names)

        """)
    }
    let local = "IP:127.0.0.1, DNS:localhost"
    try server("trusted", host: "127.0.0.1", names: local)
    try server("expired", host: "127.0.0.1", names: local)
    try server("self-signed", host: "127.0.0.1", names: local)
    try server("mismatched", host: "example.invalid", names: "DNS:example.invalid")
    for name in ["trusted", "expired", "mismatched"] {
      try run(
        ["req", "-new", "-config", "\(name).cnf"] + newKey
          + ["-keyout", "\(name).key", "-out", "\(name).csr"])
    }
    for name in ["trusted", "mismatched"] {
      try run([
        "x509", "-req", "-in", "\(name).csr", "-CA", "ca.pem", "-CAkey", "ca.key",
        "-set_serial", name == "trusted" ? "2" : "3", "-days", "30", "-extfile", "\(name).cnf",
        "-extensions", "server", "-out", "\(name).pem",
      ])
    }
    // `x509 -days` cannot date a certificate in the past; `ca -startdate -enddate` can.
    try write("index.txt", "")
    try write("serial", "10\n")
    try run([
      "ca", "-batch", "-notext", "-config", "ca.cnf", "-cert", "ca.pem", "-keyfile", "ca.key",
      "-in", "expired.csr", "-out", "expired.pem", "-startdate", "20200101000000Z",
      "-enddate", "20200102000000Z", "-extfile", "expired.cnf", "-extensions", "server",
    ])
    try run(
      ["req", "-x509", "-config", "self-signed.cnf", "-days", "30"] + newKey
        + ["-keyout", "self-signed.key", "-out", "self-signed.pem"])

    func pair(_ name: String) -> Pair {
      Pair(certificate: file("\(name).pem"), key: file("\(name).key"))
    }
    trusted = pair("trusted")
    expired = pair("expired")
    selfSigned = pair("self-signed")
    mismatched = pair("mismatched")

    authorityDirectory = folder.appendingPathComponent("authorities", isDirectory: true)
    try FileManager.default.createDirectory(
      at: authorityDirectory, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: authority, to: authorityDirectory.appendingPathComponent("chuck-test-ca.pem"))
    try run(["rehash", authorityDirectory.path])
  }
}
