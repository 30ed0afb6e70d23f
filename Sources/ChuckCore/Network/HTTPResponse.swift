import FoundationEssentials

/// One HTTP answer, whatever its status.
public struct HTTPResponse: Sendable, Equatable {
  /// The status code.
  public var status: Int
  /// The header fields, names in lower case.
  public var headers: [String: String]
  /// The body, complete.
  public var body: Data

  /// Makes a response.
  /// - Parameters:
  ///   - status: the status code.
  ///   - headers: header fields; names are lower-cased.
  ///   - body: the body.
  public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
    self.status = status
    self.headers = Dictionary(
      headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
    self.body = body
  }
}
