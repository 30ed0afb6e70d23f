/// Text that may be written to a terminal: the only thing `chuck`'s output and the screen's
/// rendering accept.
///
/// A value comes from one of three places, and nowhere else:
/// - the sanitiser, ``init(sanitizing:keepNewlines:)``, for anything from a server, a file, the
///   environment, the command line or a paste;
/// - a string literal written in `chuck`'s own source (`"Saved "`), interpolating only other
///   terminal text and numbers;
/// - `ChuckCore`'s own renderers (styles, inline images, JSON with its controls escaped), which
///   put parts that are terminal text already together.
///
/// So a raw `String` from outside cannot reach the terminal without the compiler noticing: it has
/// to be spelt `TerminalText(sanitizing: text)`.
public struct TerminalText: Sendable, Hashable, ExpressibleByStringInterpolation {
  /// The characters to write.
  public private(set) var string: String

  /// Text put together from parts that are already safe, or made by `chuck` itself.
  init(verbatim: String) {
    string = verbatim
  }

  /// Makes untrusted text safe: control characters, escape sequences and bidirectional controls
  /// become the visible placeholder (see ``TerminalSafeText``).
  /// - Parameters:
  ///   - untrusted: text from outside `chuck`'s source.
  ///   - keepNewlines: whether newline and tab are kept.
  public init(sanitizing untrusted: some StringProtocol, keepNewlines: Bool = true) {
    string = TerminalSafeText.render(String(untrusted), keepNewlines: keepNewlines)
  }

  /// A literal from `chuck`'s source.
  /// - Parameter value: the literal.
  public init(stringLiteral value: StaticString) {
    string = value.description
  }

  /// A literal from `chuck`'s source with interpolations, each of them terminal text or a number.
  /// - Parameter stringInterpolation: the parts.
  public init(stringInterpolation: StringInterpolation) {
    string = stringInterpolation.output
  }

  /// The parts of an interpolated literal: the literal's own text, terminal text, numbers, and
  /// untrusted text spelt `\(sanitizing: text)`.
  public struct StringInterpolation: StringInterpolationProtocol {
    fileprivate var output = ""

    /// Makes room for the parts.
    /// - Parameters:
    ///   - literalCapacity: the literal's length.
    ///   - interpolationCount: how many interpolations follow.
    public init(literalCapacity: Int, interpolationCount: Int) {
      output.reserveCapacity(literalCapacity + 16 * interpolationCount)
    }

    /// A piece of the literal as written in the source.
    /// - Parameter literal: the piece.
    public mutating func appendLiteral(_ literal: StaticString) {
      output += literal.description
    }

    /// Terminal text.
    /// - Parameter text: the text.
    public mutating func appendInterpolation(_ text: TerminalText) {
      output += text.string
    }

    /// A number, in decimal.
    /// - Parameter number: the number.
    public mutating func appendInterpolation(_ number: some BinaryInteger) {
      output += String(number)
    }

    /// Untrusted text, made safe on one line.
    /// - Parameter untrusted: the text.
    public mutating func appendInterpolation(sanitizing untrusted: some StringProtocol) {
      output += TerminalSafeText.render(String(untrusted), keepNewlines: false)
    }
  }

  /// No text.
  public static let empty = TerminalText(verbatim: "")
  /// A line break.
  public static let newline = TerminalText(verbatim: "\n")

  /// Whether there is no text.
  public var isEmpty: Bool { string.isEmpty }

  /// The columns the text takes on a terminal (one line, without escape sequences).
  public var width: Int { TextWrapper.width(of: string) }

  /// The text's lines, without their line breaks.
  /// - Parameter omittingEmpty: whether empty lines are left out.
  /// - Returns: the lines.
  public func lines(omittingEmpty: Bool = false) -> [TerminalText] {
    string.split(separator: "\n", omittingEmptySubsequences: omittingEmpty).map {
      TerminalText(verbatim: String($0))
    }
  }

  /// `count` spaces.
  /// - Parameter count: how many (none when negative).
  /// - Returns: the spaces.
  public static func spaces(_ count: Int) -> TerminalText {
    TerminalText(verbatim: String(repeating: " ", count: max(0, count)))
  }

  /// The two texts one after the other.
  public static func + (lhs: TerminalText, rhs: TerminalText) -> TerminalText {
    TerminalText(verbatim: lhs.string + rhs.string)
  }

  /// Appends `rhs` to `lhs`.
  public static func += (lhs: inout TerminalText, rhs: TerminalText) {
    lhs.string += rhs.string
  }

  /// The texts with `separator` between them.
  /// - Parameters:
  ///   - texts: the texts.
  ///   - separator: what goes between two of them.
  /// - Returns: one text.
  public static func joined(_ texts: [TerminalText], separator: TerminalText = .empty)
    -> TerminalText
  {
    TerminalText(verbatim: texts.map(\.string).joined(separator: separator.string))
  }
}

extension TerminalText: CustomStringConvertible {
  /// The text itself.
  public var description: String { string }
}
