import FoundationEssentials

/// One HTTP request as `chuck` sends it: a GET of a URL with a few header fields.
public struct HTTPRequest: Sendable, Equatable {
  /// The URL to request.
  public var url: URL
  /// The method; `chuck` only ever sends `GET`.
  public var httpMethod = "GET"
  /// The header fields, in the order they are sent.
  public private(set) var headerFields: [(name: String, value: String)] = []

  /// Makes a GET request of `url` with no header fields.
  /// - Parameter url: the URL.
  public init(url: URL) {
    self.url = url
  }

  /// Sets a header field, replacing one of the same name (names compare case-insensitively).
  /// - Parameters:
  ///   - value: the value.
  ///   - name: the field's name.
  public mutating func setValue(_ value: String, forHTTPHeaderField name: String) {
    headerFields.removeAll { $0.name.lowercased() == name.lowercased() }
    headerFields.append((name, value))
  }

  /// A header field's value.
  /// - Parameter name: the field's name, in any case.
  /// - Returns: the value, or `nil` when the field is not set.
  public func value(forHTTPHeaderField name: String) -> String? {
    headerFields.first { $0.name.lowercased() == name.lowercased() }?.value
  }

  /// Requests are equal when they ask the same of the same URL.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.url == rhs.url && lhs.httpMethod == rhs.httpMethod
      && lhs.headerFields.map(\.name) == rhs.headerFields.map(\.name)
      && lhs.headerFields.map(\.value) == rhs.headerFields.map(\.value)
  }
}
