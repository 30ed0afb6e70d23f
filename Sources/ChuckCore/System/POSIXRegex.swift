#if canImport(Glibc)
  import Glibc
#endif

/// A POSIX extended regular expression, as `fortune -m` and `grep -E` take it, compiled once by
/// the C library's `regcomp` and matched by `regexec`: the same engine and dialect as fortune, and
/// far quicker than a `Regex` for ten thousand jokes. Text is matched as UTF-8 in the `C.UTF-8`
/// locale (a `.` is one character, `-i` folds case by Unicode's simple rules), whatever the
/// process's locale.
public final class POSIXRegex: @unchecked Sendable {
  // `regexec` only reads the compiled expression: one may be used from several threads.
  private let compiled: UnsafeMutablePointer<regex_t>
  private let locale: locale_t?

  /// Compiles an expression.
  /// - Parameters:
  ///   - pattern: the expression (POSIX ERE).
  ///   - ignoringCase: whether case is ignored (`-i`).
  /// - Throws: ``ChuckError/invalidArgument(_:)`` with the C library's words for a bad one.
  public init(_ pattern: String, ignoringCase: Bool = false) throws(ChuckError) {
    let locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil)
    let compiled = UnsafeMutablePointer<regex_t>.allocate(capacity: 1)
    let flags = REG_EXTENDED | REG_NOSUB | (ignoringCase ? REG_ICASE : 0)
    let status = Self.inLocale(locale) { regcomp(compiled, pattern, flags) }
    guard status == 0 else {
      var message = [CChar](repeating: 0, count: 256)
      regerror(status, compiled, &message, message.count)
      compiled.deallocate()
      if let locale { freelocale(locale) }
      throw .invalidArgument(
        "'\(pattern)' is not a regular expression (POSIX extended): "
          + String(
            decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    self.compiled = compiled
    self.locale = locale
  }

  deinit {
    regfree(compiled)
    compiled.deallocate()
    if let locale { freelocale(locale) }
  }

  /// Whether the expression matches somewhere in `text` (up to a NUL character, as C strings end).
  /// - Parameter text: the text.
  /// - Returns: whether it matches.
  public func matches(_ text: String) -> Bool {
    Self.inLocale(locale) { regexec(compiled, text, 0, nil, 0) == 0 }
  }

  private static func inLocale<T>(_ locale: locale_t?, _ body: () -> T) -> T {
    guard let locale else { return body() }
    let previous = uselocale(locale)
    defer { uselocale(previous) }
    return body()
  }
}
