/// Makes untrusted text (from a server or the saved file) safe to print on a terminal.
///
/// Control characters (C0 except newline and tab, DEL, C1), whole escape sequences (CSI, OSC, DCS,
/// APC, PM, SOS and two-character escapes) and bidirectional formatting characters (Unicode's
/// `Bidi_Control` set) are each replaced by one visible placeholder. Stored data is never altered:
/// this runs at the rendering boundary only.
public enum TerminalSafeText {
  /// What a removed control character or escape sequence is shown as.
  public static let placeholder: Character = "\u{FFFD}"

  /// Returns `text` with every unsafe character or sequence replaced by ``placeholder``.
  /// - Parameters:
  ///   - text: untrusted text.
  ///   - keepNewlines: whether newline and tab are kept (for multi-line output); when `false` they
  ///     are replaced too.
  /// - Returns: text that cannot move the cursor, change colours, set the clipboard, make links or
  ///   reorder what is shown.
  public static func render(_ text: String, keepNewlines: Bool = true) -> String {
    // Fast path: almost every joke is plain text.
    if !text.unicodeScalars.contains(where: { isUnsafe($0, keepNewlines: keepNewlines) }) {
      return text
    }
    var output = String.UnicodeScalarView()
    var scalars = text.unicodeScalars.makeIterator()
    var pending: Unicode.Scalar? = nil
    while let scalar = pending ?? scalars.next() {
      pending = nil
      guard isUnsafe(scalar, keepNewlines: keepNewlines) else {
        output.append(scalar)
        continue
      }
      output.append(contentsOf: String(placeholder).unicodeScalars)
      switch scalar.value {
      case 0x1B:
        pending = skipEscape(&scalars)
      case 0x9B:
        pending = skipControlSequence(&scalars)
      case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
        pending = skipString(&scalars)
      default:
        break
      }
    }
    return String(output)
  }

  /// Whether a scalar may not reach a terminal as it is.
  /// - Parameters:
  ///   - scalar: the scalar to judge.
  ///   - keepNewlines: whether newline and tab are allowed.
  /// - Returns: `true` for C0 (but, optionally, newline and tab), DEL, C1 and bidi controls.
  public static func isUnsafe(_ scalar: Unicode.Scalar, keepNewlines: Bool = true) -> Bool {
    switch scalar.value {
    case 0x0A, 0x09: return !keepNewlines
    case 0x00...0x1F, 0x7F...0x9F: return true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }

  /// Consumes what follows an ESC; returns a scalar read too far, if any.
  private static func skipEscape(_ scalars: inout String.UnicodeScalarView.Iterator)
    -> Unicode.Scalar?
  {
    guard let next = scalars.next() else { return nil }
    switch next {
    case "[": return skipControlSequence(&scalars)
    case "]", "P", "X", "^", "_": return skipString(&scalars)
    case "\u{1B}": return next
    default:
      // A two-character escape (ESC 7, ESC c, ESC ( B …): the intermediate bytes and the final.
      if (0x20...0x2F).contains(next.value) {
        while let more = scalars.next() {
          if !(0x20...0x2F).contains(more.value) {
            return (0x30...0x7E).contains(more.value) ? nil : more
          }
        }
      }
      return (0x30...0x7E).contains(next.value) ? nil : next
    }
  }

  /// Consumes a CSI's parameter and intermediate bytes and its final byte.
  private static func skipControlSequence(_ scalars: inout String.UnicodeScalarView.Iterator)
    -> Unicode.Scalar?
  {
    while let next = scalars.next() {
      switch next.value {
      case 0x20...0x3F: continue
      case 0x40...0x7E: return nil
      default: return next
      }
    }
    return nil
  }

  /// Consumes an OSC/DCS/APC/PM/SOS string up to its terminator (BEL, ST or ESC \).
  private static func skipString(_ scalars: inout String.UnicodeScalarView.Iterator)
    -> Unicode.Scalar?
  {
    while let next = scalars.next() {
      switch next.value {
      case 0x07, 0x9C: return nil
      case 0x1B:
        guard let after = scalars.next() else { return nil }
        return after == "\\" ? nil : after
      case 0x0A: return next
      default: continue
      }
    }
    return nil
  }
}
