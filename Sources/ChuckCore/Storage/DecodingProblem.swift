/// One wording for why a `Decodable` value could not be decoded, for answers and files alike:
/// what is wrong, and where (`items.1.created_at`, `the top level`).
enum DecodingProblem {
  /// A short reason for a decoding failure.
  /// - Parameter error: what the decoder threw.
  /// - Returns: for example `'value' missing at the top level` or `bad value at created_at`.
  static func describe(_ error: any Error) -> String {
    switch error as? DecodingError {
    case .keyNotFound(let key, let context)?:
      return "'\(key.stringValue)' missing at \(location(context))"
    case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
      return "wrong type at \(location(context))"
    case .dataCorrupted(let context)?:
      return context.codingPath.isEmpty ? "not valid JSON" : "bad value at \(location(context))"
    default:
      return "not valid JSON"
    }
  }

  private static func location(_ context: DecodingError.Context) -> String {
    let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
    return path.isEmpty ? "the top level" : path.joined(separator: ".")
  }
}
