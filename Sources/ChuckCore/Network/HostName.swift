import FoundationEssentials

/// A URL's host as libcurl looks it up, for comparing hosts however a URL spells them: letters in
/// either case, a percent-encoded byte (`%61ssets`), the trailing dot of a fully qualified name.
///
/// Only hosts that read the same to every parser are accepted: ASCII letters, digits, `-` and `_`
/// in dot-separated labels, or a bracketed IPv6 address. A URL with user info, a host that decodes
/// to anything else (a byte libcurl's IDN support would map to ASCII, a NUL) or an empty label has
/// no `HostName`; the caller refuses it.
struct HostName: Equatable {
  /// The host in lower case, percent-decoded, with its trailing dot if it was written with one.
  let text: String

  /// The host of `url`, or `nil` when the URL carries user info or its host is not plain.
  init?(_ url: URL) {
    guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
      components.percentEncodedUser == nil, components.percentEncodedPassword == nil,
      let written = components.percentEncodedHost,
      let decoded = Self.decoded(written)
    else { return nil }
    let host = String(decoding: decoded, as: UTF8.self).lowercased()
    guard Self.isPlain(host) else { return nil }
    text = host
  }

  /// The host without the trailing dot of a fully qualified name: `assets.chucknorris.host.` and
  /// `assets.chucknorris.host` are the same host.
  var name: Substring { text.hasSuffix(".") ? text.dropLast() : Substring(text) }

  /// Whether this host is `domain` or one of its subdomains, written in any of the ways above.
  /// - Parameter domain: a lower-case host name without a trailing dot.
  /// - Returns: whether it is in that domain.
  func isWithin(_ domain: String) -> Bool {
    name == domain || name.hasSuffix("." + domain)
  }

  /// The bytes of `text` with each `%XX` decoded; `nil` for a `%` not followed by two hex digits.
  private static func decoded(_ text: String) -> [UInt8]? {
    var bytes: [UInt8] = []
    var rest = text.utf8[...]
    while let byte = rest.popFirst() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard rest.count >= 2,
        let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16)
      else { return nil }
      bytes.append(value)
      rest = rest.dropFirst(2)
    }
    return bytes
  }

  /// Whether `host` is dot-separated labels of ASCII letters, digits, `-` and `_` (no empty one
  /// but a trailing dot's), or a bracketed IPv6 address.
  private static func isPlain(_ host: String) -> Bool {
    if host.hasPrefix("[") {
      return host.count > 2 && host.hasSuffix("]")
        && host.dropFirst().dropLast().allSatisfy {
          $0.isASCII && ($0.isHexDigit || $0 == ":" || $0 == ".")
        }
    }
    let name = host.hasSuffix(".") ? host.dropLast() : Substring(host)
    let labels = name.split(separator: ".", omittingEmptySubsequences: false)
    return labels.allSatisfy { label in
      !label.isEmpty
        && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }
  }
}
