/// Which CA certificates a TLS connection trusts, as the `curl` tool reads them from the
/// environment: a bundle (`CURL_CA_BUNDLE`, else `SSL_CERT_FILE`) and a directory
/// (`SSL_CERT_DIR`); `nil` leaves libcurl's default. Certificates are always verified.
public struct CertificateAuthorities: Sendable, Equatable {
  /// A file of CA certificates.
  public var bundle: String?
  /// A directory of CA certificates.
  public var directory: String?

  /// Makes the settings.
  /// - Parameters:
  ///   - bundle: a file of CA certificates, or `nil` for libcurl's default.
  ///   - directory: a directory of CA certificates, or `nil`.
  public init(bundle: String? = nil, directory: String? = nil) {
    self.bundle = bundle
    self.directory = directory
  }

  /// Reads them from an environment, as `curl` does.
  /// - Parameter environment: a process's environment.
  public init(environment: [String: String]) {
    self.init(
      bundle: EnvironmentVariable.curlCABundle.value(in: environment)
        ?? EnvironmentVariable.sslCertFile.value(in: environment),
      directory: EnvironmentVariable.sslCertDirectory.value(in: environment))
  }
}
