/// A word that shell completion may offer: inert in bash, zsh and fish wherever it lands on the
/// command line, and passed through each completion script unchanged.
///
/// The scripts are not neutral carriers: bash's `compgen -W` expands every word it is given
/// (command substitution, `<(…)`, parameters), zsh's `_describe` splits a word at `:`, fish's `-a`
/// splits one at a tab; and a word that Tab puts on the line is run when the user presses Enter.
/// So the rule is an allowlist, not a list of dangers. A word is 1 or more of:
/// - letters, marks and digits of any script (Unicode's L, M and N categories): outside ASCII every
///   byte of their UTF-8 is 0x80 or more, which no shell reads as syntax in any locale;
/// - the ASCII letters and digits, and `-` `_` `.` `+` `@` `,` `/`, which no shell expands in any
///   position.
///
/// Everything else is out, and a word holding it is left out of the completions, never quoted:
/// `$`, backquote, `(` `)` `<` `>` `;` `&` `|` (substitutions and redirections); quotes and
/// backslash; whitespace and control characters (they split a word or act on the terminal);
/// `*` `?` `[` `]` (globs); `{` `}` (brace expansion in all three shells); `!` and `^` (history
/// expansion; `^` also negates a glob in zsh); `#` (a comment at the start of a word, a glob
/// operator in zsh); `~` (home directories at the start, and after `=` or `:` in bash); `=`
/// (`=cmd` is a path in zsh); `%` (`%self` is a process id in fish); `:` (zsh's `_describe` reads
/// what follows it as a description, and bash splits completed words at it, as at `=`); and
/// non-ASCII symbols and punctuation, such as a fullwidth `＄` or `｜`, which are inert bytes but
/// would mislead whoever reads the command line.
public struct CompletionWord: Sendable, Hashable, CustomStringConvertible {
  /// The word, exactly as it is offered.
  public let text: String

  /// The ASCII punctuation that may appear anywhere in a word.
  public static let punctuation: Set<Unicode.Scalar> = ["-", "_", ".", "+", "@", ",", "/"]

  /// Accepts `text` when it is inert: not empty, and every scalar inert.
  /// - Parameter text: a name from a cache, a file or a server.
  public init?(_ text: String) {
    guard Self.isInert(text) else { return nil }
    self.text = text
  }

  /// The word itself.
  public var description: String { text }

  /// Whether `text` may be offered: not empty, and every scalar inert.
  /// - Parameter text: the candidate word.
  /// - Returns: `true` when no shell would expand, split or act on any part of it.
  public static func isInert(_ text: String) -> Bool {
    !text.isEmpty && text.unicodeScalars.allSatisfy(isInert)
  }

  /// Whether one scalar may appear, anywhere, in a completion word.
  /// - Parameter scalar: the scalar to judge.
  /// - Returns: `true` for ASCII letters, digits and ``punctuation``, and for letters, marks and
  ///   digits outside ASCII.
  public static func isInert(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
        || ("0"..."9").contains(scalar) || punctuation.contains(scalar)
    }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
      return true
    default:
      return false
    }
  }

  /// The words to offer for what the user has typed: the inert `names` that start with `prefix`,
  /// in their order. The one filter of every dynamic completion.
  /// - Parameters:
  ///   - names: saved ids, favourite names or cached categories.
  ///   - prefix: the part of the word typed before the cursor.
  /// - Returns: the words, the others left out.
  public static func offered(_ names: some Sequence<String>, prefix: String) -> [CompletionWord] {
    names.compactMap { name in name.hasPrefix(prefix) ? CompletionWord(name) : nil }
  }
}
