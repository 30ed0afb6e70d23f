import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// The proxy variables of the environment, and the proxy they choose for a request, by curl's
/// rules (libcurl 7.86 and later). `chuck` chooses, and tells libcurl (`CURLOPT_PROXY`, empty for
/// none), instead of letting libcurl read the variables itself, because libcurl cannot say
/// afterwards whether it used a proxy: an error could not otherwise name the proxy.
///
/// - `no_proxy`, else `NO_PROXY`: `*` for every host, or names and addresses separated by commas
///   or blanks; a name also matches its subdomains (a leading dot is ignored), an IP address may
///   carry a `/bits` prefix length. A matching host is reached directly.
/// - Otherwise `<scheme>_proxy` (`https_proxy`, `http_proxy`), else its upper-case form (never
///   `HTTP_PROXY`, which a CGI server sets from a request's `Proxy:` header), else `all_proxy`,
///   else `ALL_PROXY`. An empty variable counts as unset.
public struct ProxySettings: Sendable, Equatable {
  /// The proxy variables that are set and not empty, by name.
  public var variables: [String: String]

  /// The variables read, in the order `chuck environment` names them.
  public static let names: [EnvironmentVariable] = [
    .httpsProxy, .httpsProxyUpper, .httpProxy, .allProxy, .allProxyUpper, .noProxy,
    .noProxyUpper,
  ]

  /// Makes settings from proxy variables (by default none: every host is reached directly).
  /// - Parameter variables: the variables, by name.
  public init(variables: [String: String] = [:]) {
    self.variables = variables.filter { !$0.value.isEmpty }
  }

  /// Reads the proxy variables of an environment.
  /// - Parameter environment: a process's environment.
  public init(environment: [String: String]) {
    var variables: [String: String] = [:]
    for variable in Self.names {
      if let value = variable.value(in: environment) { variables[variable.name] = value }
    }
    self.init(variables: variables)
  }

  /// The proxy for a request, as written in its variable (credentials included), or `nil` to
  /// connect directly.
  /// - Parameter url: the request's URL.
  /// - Returns: the proxy's URL.
  public func proxy(for url: URL) -> String? {
    guard let scheme = url.scheme?.lowercased(), let host = url.host, !bypasses(host) else {
      return nil
    }
    let name = scheme + "_proxy"
    return variables[name] ?? (name == "http_proxy" ? nil : variables[name.uppercased()])
      ?? variables["all_proxy"] ?? variables["ALL_PROXY"]
  }

  /// Whether `no_proxy` (else `NO_PROXY`) sends requests to `host` directly.
  /// - Parameter host: a host name or an IP address (an IPv6 one with or without brackets).
  /// - Returns: whether it is reached without a proxy.
  public func bypasses(_ host: String) -> Bool {
    guard let list = variables["no_proxy"] ?? variables["NO_PROXY"], !host.isEmpty else {
      return false
    }
    if list == "*" { return true }
    var name = Substring(host)
    if name.hasPrefix("["), name.hasSuffix("]") { name = name.dropFirst().dropLast() }
    let address = Self.address(name)
    if address == nil, name.hasSuffix(".") { name = name.dropLast() }
    let tokens = list.split { $0 == "," || $0 == " " || $0 == "\t" }
    return tokens.contains { token in
      if let address { return Self.matches(address, network: token) }
      var pattern = token
      if pattern.hasSuffix(".") { pattern = pattern.dropLast() }
      if pattern.hasPrefix(".") { pattern = pattern.dropFirst() }
      guard !pattern.isEmpty else { return false }
      let (host, domain) = (name.lowercased(), pattern.lowercased())
      return host == domain || host.hasSuffix("." + domain)
    }
  }

  /// The bytes of an IPv4 or IPv6 address, or `nil` for a host name.
  private static func address(_ text: Substring) -> [UInt8]? {
    for (family, size) in [(AF_INET, 4), (AF_INET6, 16)] {
      var bytes = [UInt8](repeating: 0, count: size)
      if inet_pton(family, String(text), &bytes) == 1 { return bytes }
    }
    return nil
  }

  /// Whether an address is in `network` (`address` or `address/bits`; no bits, or 0, means
  /// the whole address), as curl compares them.
  private static func matches(_ address: [UInt8], network: Substring) -> Bool {
    let parts = network.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
    guard let check = Self.address(parts[0]), check.count == address.count else { return false }
    var bits = address.count * 8
    if parts.count == 2 {
      // curl reads the length with atoi: a bad one is 0, which means the whole address.
      let length = Int(parts[1].prefix { $0.isASCII && $0.isNumber }) ?? 0
      guard length <= bits else { return false }
      if length > 0 { bits = length }
    }
    for index in 0..<address.count where bits > 0 {
      let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - min(8, bits)))
      if (address[index] ^ check[index]) & mask != 0 { return false }
      bits -= 8
    }
    return true
  }
}
