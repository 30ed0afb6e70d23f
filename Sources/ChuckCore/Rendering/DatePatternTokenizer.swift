/// Splits a strftime-style date pattern, such as `%m/%d/%Y` or `%a, %b %-d, '%y`, into its
/// literal text and its `%` conversions: the one reader of `%` that ``DateParsePattern`` (which
/// reads dates) and ``DateFormat`` (which writes them) share.
///
/// It knows the syntax only: `%%` is a percent sign in the literal text, `%` then any scalar is a
/// conversion, and `%-` then any scalar is a conversion without padding. Which conversions exist,
/// and how each problem is worded, is for each caller to say: the two accept different fields and
/// word their messages for themselves.
///
/// The tokens come one at a time, in the pattern's order, so that a caller reports the first
/// problem the pattern has: `%q%` is an unknown `%q` before it is a lone `%` at the end.
struct DatePatternTokenizer: Sequence, IteratorProtocol {
  /// One part of a pattern.
  enum Token: Sendable, Equatable {
    /// Text to keep as it is, each `%%` already a `%`: all of it up to the next conversion.
    case literal(String)
    /// A `%` conversion, whether the caller knows it or not.
    case conversion(Conversion)
    /// The pattern ends with a `%` that nothing follows; nothing comes after this token.
    case trailingPercent
    /// The pattern ends with `%-` that nothing follows; nothing comes after this token.
    case trailingFlag
  }

  /// A `%` conversion: its letter, and whether `-` came before it.
  struct Conversion: Sendable, Equatable {
    /// The scalar after `%` (or after `%-`); any scalar, `%` included for `%-%`.
    let letter: Unicode.Scalar
    /// Whether the conversion was written `%-` and the letter, which asks for no padding.
    let unpadded: Bool

    /// The conversion as it was written, such as `%-d`, for messages.
    var name: String { "%" + (unpadded ? "-" : "") + String(Character(letter)) }
  }

  /// The pattern's scalars.
  private let scalars: [Unicode.Scalar]
  /// Where the next token starts.
  private var index = 0

  /// Starts at a pattern's first scalar.
  /// - Parameter scalars: the pattern's Unicode scalars, which the caller has usually checked
  ///   already (its length, control characters).
  init(_ scalars: [Unicode.Scalar]) {
    self.scalars = scalars
  }

  /// The next token, or `nil` at the end of the pattern.
  mutating func next() -> Token? {
    var literal = String.UnicodeScalarView()
    while index < scalars.count {
      let scalar = scalars[index]
      guard scalar == "%" else {
        literal.append(scalar)
        index += 1
        continue
      }
      if index + 1 < scalars.count, scalars[index + 1] == "%" {
        literal.append("%")
        index += 2
        continue
      }
      // The literal text before a conversion (or a trailing `%`) comes first, on its own.
      guard literal.isEmpty else { return .literal(String(literal)) }
      index += 1
      guard index < scalars.count else { return .trailingPercent }
      var letter = scalars[index]
      index += 1
      let unpadded = letter == "-"
      if unpadded {
        guard index < scalars.count else { return .trailingFlag }
        letter = scalars[index]
        index += 1
      }
      return .conversion(Conversion(letter: letter, unpadded: unpadded))
    }
    return literal.isEmpty ? nil : .literal(String(literal))
  }
}
