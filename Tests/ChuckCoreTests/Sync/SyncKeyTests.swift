import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct SyncKeyTests {
  private static let counting = SyncKey(bytes: 0...31)
  private static let countingText =
    "aaaq-eaye-auda-ocaj-bifq-ydio-b4ib-ceqt-cqkr-mfyy-denb-wha5-dyps-hmy"
  private static let mistyped = ChuckError.invalidArgument(
    "this sync key does not check out: a character was mistyped; compare it with the key "
      + "shown on the other machine")

  let folder: URL
  let path: String

  init() throws {
    folder = try TemporaryDirectory.make(prefix: "sync-key")
    path = folder.appendingPathComponent("chuck/sync-key").path
  }

  private func write(_ text: String, mode: mode_t) throws {
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("chuck"), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    #expect(chmod(path, mode) == 0)
  }

  /// The text is lower-case RFC 4648 base32 of the key and its CRC-16/CCITT-FALSE, in groups of
  /// four: the answers of Python's `base64.b32encode` and `binascii.crc_hqx` for three keys.
  @Test(arguments: [
    ([UInt8](0...31), countingText),
    (
      [UInt8](repeating: 0xFF, count: 32),
      "7777-7777-7777-7777-7777-7777-7777-7777-7777-7777-7777-7777-777x-l6a"
    ),
    (
      [UInt8](repeating: 0, count: 32),
      "aaaa-aaaa-aaaa-aaaa-aaaa-aaaa-aaaa-aaaa-aaaa-aaaa-aaaa-aaaa-aaap-cta"
    ),
  ])
  func knownText(bytes: [UInt8], text: String) throws {
    let key = SyncKey(bytes: bytes)
    #expect(key.text == text)
    #expect(try SyncKey(text: text) == key)
  }

  /// New keys differ, and each reads back from its text as typed: in upper case, without
  /// dashes, with spaces or line breaks anywhere.
  @Test func generatedKeysReadBack() throws {
    let keys = (0..<50).map { _ in SyncKey.generate() }
    for (index, key) in keys.enumerated() {
      #expect(!keys[(index + 1)...].contains(key))
      let text = key.text
      #expect(text.utf8.count == 55 + 13)
      #expect(try SyncKey(text: text) == key)
      #expect(try SyncKey(text: text.uppercased()) == key)
      #expect(try SyncKey(text: text.replacing("-", with: "")) == key)
      #expect(try SyncKey(text: " " + text.replacing("-", with: " ") + "\r\n") == key)
      #expect(try SyncKey(text: text.replacing("-", with: "\n-- ")) == key)
    }
    #expect(SyncKey.generate() != Self.counting)
  }

  /// Every character typed as any other, and every two neighbours swapped, is caught: by the
  /// CRC-16, which misses no run of changed bits shorter than 17, or, in the last character, by
  /// its unused bits. For the known keys and new ones.
  @Test func everyMistypedCharacterIsRefused() {
    let digits = Array("abcdefghijklmnopqrstuvwxyz234567")
    let keys =
      [Self.counting, SyncKey(bytes: [UInt8](repeating: 0xFF, count: 32))]
      + (0..<4).map { _ in SyncKey.generate() }
    for key in keys {
      let text = Array(key.text.replacing("-", with: ""))
      var typos: [String] = []
      for index in text.indices {
        for digit in digits where digit != text[index] {
          var typed = text
          typed[index] = digit
          typos.append(String(typed))
        }
        if index > 0, text[index - 1] != text[index] {
          var typed = text
          typed.swapAt(index - 1, index)
          typos.append(String(typed))
        }
      }
      #expect(typos.count >= 55 * 31)
      let accepted = typos.filter { (try? SyncKey(text: $0)) != nil }
      #expect(accepted.isEmpty, "\(key.text)")
      #expect(throws: Self.mistyped) { try SyncKey(text: typos[0]) }
    }
  }

  /// A key with characters left out or added is refused, saying how many there are.
  @Test(arguments: [
    (String(countingText.dropLast()), 54),
    (countingText + "a", 56),
    ("aaaa-bbbb", 8),
    ("", 0),
    (" - ", 0),
  ])
  func wrongLengthIsRefused(text: String, count: Int) {
    #expect(
      throws: ChuckError.invalidArgument(
        "a sync key has 55 letters and digits besides its dashes; this one has \(count)")
    ) { try SyncKey(text: text) }
  }

  /// A character outside base32 is named, with where it is, and with the letter meant when it
  /// looks like one.
  @Test(arguments: [
    ("0aaq", "'0' (character 1)", "; an o?"),
    ("aaaq-e1ye", "'1' (character 7)", "; an l or an i?"),
    ("aaaq-eaye-8", "'8' (character 11)", "; a b?"),
    ("aaaq_eaye", "'_' (character 5)", ""),
    ("aaé", "'é' (character 3)", ""),
    ("aa\u{1B}[31m", "'\u{FFFD}' (character 3)", ""),
  ])
  func aBadCharacterIsNamed(text: String, named: String, hint: String) {
    #expect(
      throws: ChuckError.invalidArgument(
        "a sync key has no \(named): its characters are a to z and 2 to 7\(hint)")
    ) { try SyncKey(text: text) }
  }

  /// The file is `sync-key` in chuck's configuration folder, which `CHUCK_CONFIG` does not move.
  @Test func whereTheFileIs() {
    #expect(SyncKey.file(environment: ["HOME": "/h"]) == "/h/.config/chuck/sync-key")
    #expect(
      SyncKey.file(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h", "CHUCK_CONFIG": "/c"])
        == "/x/chuck/sync-key")
    #expect(
      SyncKey.file(environment: ["XDG_CONFIG_HOME": "x", "HOME": "/h"])
        == "/h/.config/chuck/sync-key")
  }

  /// A written key reads back; the folder is made 0700, the file 0600 holding the text and a
  /// line break, and no temporary file is left beside it.
  @Test func writtenKeyReadsBack() throws {
    #expect(try SyncKey.read(from: path) == nil)
    let key = SyncKey.generate()
    try key.write(to: path)
    #expect(try SyncKey.read(from: path) == key)
    #expect(try permissions(folder.appendingPathComponent("chuck")) == 0o700)
    #expect(try permissions(URL(fileURLWithPath: path)) == 0o600)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == key.text + "\n")
    #expect(
      try FileManager.default.contentsOfDirectory(
        atPath: folder.appendingPathComponent("chuck").path)
        == ["sync-key"])
  }

  /// A key is never written over another (nor over anything else there): the first stays.
  @Test func anExistingKeyIsKept() throws {
    let first = SyncKey.generate()
    try first.write(to: path)
    #expect(throws: ChuckError.syncNotReady("a key is already there: \(path)")) {
      try SyncKey.generate().write(to: path)
    }
    #expect(try SyncKey.read(from: path) == first)
    let dangling = folder.appendingPathComponent("dangling").path
    #expect(symlink(folder.appendingPathComponent("nowhere").path, dangling) == 0)
    #expect(throws: ChuckError.syncNotReady("a key is already there: \(dangling)")) {
      try SyncKey.generate().write(to: dangling)
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
        "chuck", "dangling",
      ])
    #expect(
      try FileManager.default.contentsOfDirectory(
        atPath: folder.appendingPathComponent("chuck").path)
        == ["sync-key"])
  }

  /// A key file that its group or other users may read or change is refused, with its mode and
  /// the command that mends it.
  @Test(arguments: [
    (0o644 as mode_t, "readable by others (mode 0644)"),
    (0o640, "readable by others (mode 0640)"),
    (0o604, "readable by others (mode 0604)"),
    (0o620, "writable by others (mode 0620)"),
    (0o610, "open to others (mode 0610)"),
  ])
  func aKeyOpenToOthersIsRefused(mode: mode_t, what: String) throws {
    try write(Self.countingText + "\n", mode: mode)
    #expect(throws: ChuckError.syncNotReady("\(path) is \(what); chmod 600 it")) {
      try SyncKey.read(from: path)
    }
    #expect(chmod(path, 0o600) == 0)
    #expect(try SyncKey.read(from: path) == Self.counting)
  }

  /// A file that does not hold a key is refused as damaged, saying why; one typed by hand (upper
  /// case, spaces) is read.
  @Test func aDamagedFileIsRefused() throws {
    try write("hello\n", mode: 0o600)
    #expect(
      throws: ChuckError.syncNotReady(
        "\(path) is damaged: a sync key has 55 letters and digits besides its dashes; "
          + "this one has 5")
    ) { try SyncKey.read(from: path) }
    try write(String(Self.countingText.dropLast()) + "a\n", mode: 0o600)
    #expect(
      throws: ChuckError.syncNotReady(
        "\(path) is damaged: this sync key does not check out: a character was mistyped; "
          + "compare it with the key shown on the other machine")
    ) { try SyncKey.read(from: path) }
    try write(String(repeating: "a", count: 5000), mode: 0o600)
    #expect(throws: ChuckError.syncNotReady("\(path) is damaged: it is larger than a sync key")) {
      try SyncKey.read(from: path)
    }
    try write(Self.countingText.uppercased().replacing("-", with: " ") + "\n", mode: 0o600)
    #expect(try SyncKey.read(from: path) == Self.counting)
  }

  /// A folder in the key's place is not read as a key.
  @Test func aFolderIsNotAKey() throws {
    try FileManager.default.createDirectory(
      atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    #expect(
      throws: ChuckError.storageUnreadable(path: path, reason: "not a regular file (a directory)")
    ) { try SyncKey.read(from: path) }
  }
}
