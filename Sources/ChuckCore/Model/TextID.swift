import FoundationEssentials

/// A stable id for a joke that comes without one (Switter sends only its text): the first 22
/// characters of the base64url SHA-256 of the text's NFC form. The same text always gets the same
/// id, however its accents are composed, so a duplicate is found as for any other source; 22
/// characters of `[A-Za-z0-9_-]` are 132 bits, and look like a Chuck Norris id. The NFC form is the
/// standard library's own (`_nfcCodeUnits`: FoundationEssentials has no normalization); the tests
/// compare the ids with Python's `unicodedata` and `hashlib`.
public enum TextID {
  /// The id's length.
  public static let length = 22

  /// The id of `text`.
  public static func make(_ text: String) -> String {
    let digest = SHA256.digest(text._nfcCodeUnits)
    let base64 = Data(digest).base64EncodedString()
    var id = ""
    for character in base64.prefix(length) {
      switch character {
      case "+": id.append("-")
      case "/": id.append("_")
      default: id.append(character)
      }
    }
    return id
  }
}
