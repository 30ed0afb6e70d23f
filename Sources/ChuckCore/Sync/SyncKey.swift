import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// The key that seals a sync's records (``SodiumSealer``): 32 random bytes, the same on each of
/// the user's machines and never in the sync folder. A machine keeps it in
/// ``file(environment:)`` (the file 0600, its folder 0700); the user carries it to another machine
/// as ``text``, to read and type: RFC 4648 base32 of the key and a 2-byte checksum, in groups of
/// four, so that a mistyped character is caught before the key is used.
///
/// The checksum is CRC-16/CCITT-FALSE, not FNV-1a's first bytes: a CRC of 16 bits catches every
/// run of changed bits no longer than 16, so every mistyped character (5 bits) and every two
/// neighbours swapped are caught, where FNV-1a's high bytes barely depend on the key's last byte
/// (4 of 110 typos tried in one key's last characters went through).
public struct SyncKey: Sendable, Equatable {
  /// How many bytes a key has.
  public static let length = 32
  /// How many characters ``text`` has, besides its dashes: base32 of the key and its checksum.
  public static let textLength = ((length + checksumLength) * 8 + 4) / 5

  /// How many bytes of checksum the text carries.
  private static let checksumLength = 2
  /// Base32's digits (RFC 4648), in lower case.
  private static let digits = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)

  /// The bytes, in memory of their own that is zeroed when the last copy of the key is gone.
  private let secret: Secret

  /// A key of these bytes (a test's known key).
  /// - Parameter bytes: ``length`` bytes.
  init(bytes: some Collection<UInt8>) {
    precondition(bytes.count == Self.length, "a sync key has \(Self.length) bytes")
    secret = Secret { $0.copyBytes(from: bytes) }
  }

  /// A new key from the system's random source (`getrandom`), for the first machine of a sync.
  /// libsodium is not needed for it.
  /// - Returns: the key.
  public static func generate() -> SyncKey {
    var generator = SystemRandomNumberGenerator()
    return SyncKey(
      secret: Secret { bytes in
        for offset in stride(from: 0, to: length, by: 8) {
          bytes.storeBytes(of: generator.next() as UInt64, toByteOffset: offset, as: UInt64.self)
        }
      })
  }

  private init(secret: Secret) {
    self.secret = secret
  }

  /// Calls `body` with the key's bytes, which must not escape it.
  /// - Parameter body: what uses the bytes.
  /// - Returns: what `body` returns.
  func withUnsafeBytes<Result>(_ body: (UnsafePointer<UInt8>) -> Result) -> Result {
    withExtendedLifetime(secret) {
      body(UnsafePointer(secret.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)))
    }
  }

  /// Whether two keys have the same bytes, compared without stopping at the first difference.
  public static func == (lhs: SyncKey, rhs: SyncKey) -> Bool {
    var difference: UInt8 = 0
    for index in 0..<length { difference |= lhs.secret.bytes[index] ^ rhs.secret.bytes[index] }
    return difference == 0
  }

  // MARK: The text

  /// The key as a user reads and types it: the base32 digits (`a`–`z`, `2`–`7`) of the key and
  /// its CRC-16, in groups of four joined by `-`, such as `aaaq-eaye-auda-…-dyps-hmy`
  /// (``textLength`` characters, the last group of three).
  public var text: String {
    // Room for all of it at once: a buffer that grew would be given back unwiped.
    var payload: [UInt8] = []
    payload.reserveCapacity(Self.length + Self.checksumLength)
    withUnsafeBytes {
      payload.append(contentsOf: UnsafeBufferPointer(start: $0, count: Self.length))
    }
    payload += Self.checksum(of: payload)
    var characters = Self.base32(payload)
    defer {
      Self.wipe(&payload)
      Self.wipe(&characters)
    }
    var grouped: [UInt8] = []
    grouped.reserveCapacity(characters.count + characters.count / 4)
    for (index, character) in characters.enumerated() {
      if index > 0, index % 4 == 0 { grouped.append(UInt8(ascii: "-")) }
      grouped.append(character)
    }
    defer { Self.wipe(&grouped) }
    return String(decoding: grouped, as: UTF8.self)
  }

  /// Reads a key as ``text`` writes it, as a user types it: in upper or lower case, with dashes,
  /// spaces and line breaks anywhere.
  /// - Parameter text: the key's text.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` naming a character that is not base32 (and
  ///   where it is), a wrong number of characters, or a checksum that does not match (a
  ///   mistyped character).
  public init(text: some StringProtocol) throws(ChuckError) {
    var values: [UInt8] = []
    values.reserveCapacity(text.utf8.count)
    defer { Self.wipe(&values) }
    var position = 0
    for character in text {
      position += 1
      if let byte = character.asciiValue, Self.isSeparator(byte) { continue }
      guard let value = character.asciiValue.flatMap(Self.value(of:)) else {
        throw .invalidArgument(Self.badCharacter(character, at: position))
      }
      values.append(value)
    }
    guard values.count == Self.textLength else {
      throw .invalidArgument(
        "a sync key has \(Self.textLength) letters and digits besides its dashes; "
          + "this one has \(values.count)")
    }
    var payload: [UInt8] = []
    payload.reserveCapacity(Self.length + Self.checksumLength)
    defer { Self.wipe(&payload) }
    var buffer: UInt32 = 0
    var bits = 0
    for value in values {
      buffer = buffer << 5 | UInt32(value)
      bits += 5
      if bits >= 8 {
        bits -= 8
        payload.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
      }
    }
    let key = payload[..<Self.length]
    // The last character's unused bits are zero: another value there is a typo too.
    guard buffer & (1 << UInt32(bits) - 1) == 0,
      payload[Self.length...].elementsEqual(Self.checksum(of: key))
    else {
      throw .invalidArgument(
        "this sync key does not check out: a character was mistyped; compare it with the key "
          + "shown on the other machine")
    }
    self.init(bytes: key)
  }

  /// The key's CRC-16/CCITT-FALSE (polynomial 0x1021, from 0xFFFF, bits high first, as Python's
  /// `binascii.crc_hqx(key, 0xFFFF)`), high byte first: the order of base32's bits, so that a
  /// character's bits are one run.
  private static func checksum(of key: some Sequence<UInt8>) -> [UInt8] {
    var crc: UInt16 = 0xFFFF
    for byte in key {
      crc ^= UInt16(byte) << 8
      for _ in 0..<8 { crc = crc & 0x8000 != 0 ? crc << 1 ^ 0x1021 : crc << 1 }
    }
    return [UInt8(crc >> 8), UInt8(truncatingIfNeeded: crc)]
  }

  /// Bytes in base32 digits, without `=` padding; the last digit's unused bits are zero.
  private static func base32(_ bytes: [UInt8]) -> [UInt8] {
    var characters: [UInt8] = []
    characters.reserveCapacity((bytes.count * 8 + 4) / 5)
    var buffer: UInt32 = 0
    var bits = 0
    for byte in bytes {
      buffer = buffer << 8 | UInt32(byte)
      bits += 8
      while bits >= 5 {
        bits -= 5
        characters.append(digits[Int(buffer >> UInt32(bits) & 31)])
      }
    }
    if bits > 0 { characters.append(digits[Int(buffer << UInt32(5 - bits) & 31)]) }
    return characters
  }

  /// A base32 digit's value, in either case, or `nil`.
  private static func value(of byte: UInt8) -> UInt8? {
    let lower = ASCIIByte.isLetter(byte) ? byte | 0x20 : byte
    switch lower {
    case UInt8(ascii: "a")...UInt8(ascii: "z"): return lower - UInt8(ascii: "a")
    case UInt8(ascii: "2")...UInt8(ascii: "7"): return lower - UInt8(ascii: "2") + 26
    default: return nil
    }
  }

  /// Whether a byte only separates the digits: a dash, a space, a tab or a line break.
  private static func isSeparator(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "-"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"),
      UInt8(ascii: "\r"):
      true
    default: false
    }
  }

  /// Why a character cannot be in a key, with the letter meant when it looks like one.
  private static func badCharacter(_ character: Character, at position: Int) -> String {
    let shown = TerminalSafeText.render(String(character), keepNewlines: false)
    let meant: String =
      switch character {
      case "0": "; an o?"
      case "1": "; an l or an i?"
      case "8": "; a b?"
      default: ""
      }
    return "a sync key has no '\(shown)' (character \(position)): its characters are a to z "
      + "and 2 to 7" + meant
  }

  /// Zeroes bytes that held the key or its text, where the compiler cannot skip it.
  private static func wipe(_ bytes: inout [UInt8]) {
    bytes.withUnsafeMutableBytes {
      if let start = $0.baseAddress { explicit_bzero(start, $0.count) }
    }
  }

  // MARK: The file

  /// Where a machine keeps its key: `sync-key` in chuck's configuration folder
  /// (``ChuckConfiguration/configDirectory(in:)``: `$XDG_CONFIG_HOME/chuck`, else
  /// `~/.config/chuck`). `CHUCK_CONFIG` does not move it: it names the config file alone.
  /// - Parameter environment: the process's environment variables.
  /// - Returns: the file's path.
  public static func file(environment: [String: String]) -> String {
    ChuckConfiguration.configDirectory(in: environment) + "/sync-key"
  }

  /// The largest key file that is read: its text and a line break are 69 bytes.
  static let largestFile = 4096

  /// Reads the key a machine keeps, as ``write(to:)`` wrote it. A file that its group or other
  /// users may read or change is refused, as ssh refuses such a private key: the key opens every
  /// record of the sync. It is opened without blocking (a FIFO in its place cannot hang `chuck`).
  /// - Parameter path: the file (``file(environment:)``).
  /// - Returns: the key, or `nil` when there is no file.
  /// - Throws: ``ChuckError/syncNotReady(_:)`` for a file open to others or one that holds no
  ///   key (damaged); ``ChuckError/storageUnreadable(path:reason:)`` for one that cannot be read
  ///   or is not a regular file.
  public static func read(from path: String) throws(ChuckError) -> SyncKey? {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    if fd < 0 {
      if errno == ENOENT { return nil }
      throw .storageUnreadable(path: path, reason: FileDescriptorOutput.describe(errno))
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      throw .storageUnreadable(path: path, reason: FileDescriptorOutput.describe(errno))
    }
    if let kind = FileStore.kind(of: info.st_mode) {
      throw .storageUnreadable(path: path, reason: "not a regular file (\(kind))")
    }
    if let refusal = refusal(mode: info.st_mode, path: path) { throw .syncNotReady(refusal) }
    var failure: Int32 = 0
    var bytes = [UInt8](unsafeUninitializedCapacity: largestFile + 1) { buffer, count in
      (count, failure) = FileDescriptorInput.fill(fd, buffer)
    }
    defer { wipe(&bytes) }
    guard failure == 0 else {
      throw .storageUnreadable(path: path, reason: FileDescriptorOutput.describe(failure))
    }
    guard bytes.count <= largestFile else {
      throw .syncNotReady("\(path) is damaged: it is larger than a sync key")
    }
    do throws(ChuckError) {
      return try SyncKey(text: String(decoding: bytes, as: UTF8.self))
    } catch {
      guard case .invalidArgument(let reason) = error else { throw error }
      throw .syncNotReady("\(path) is damaged: \(reason)")
    }
  }

  /// Why a key file of this mode is refused, or `nil` when only its owner may use it.
  private static func refusal(mode: mode_t, path: String) -> String? {
    let others = mode & 0o077
    guard others != 0 else { return nil }
    let octal = String(mode & 0o7777, radix: 8)
    let shown = String(repeating: "0", count: max(0, 4 - octal.utf8.count)) + octal
    let what =
      others & 0o044 != 0
      ? "readable by others" : others & 0o022 != 0 ? "writable by others" : "open to others"
    return "\(path) is \(what) (mode \(shown)); chmod 600 it"
  }

  /// Writes the key for this machine, never over another: its folder is made (0700, and its
  /// missing parents), the text is staged in a temporary file beside it (0600, flushed), linked
  /// in the key's place — which, unlike a rename, fails when a file is there — and the folder is
  /// flushed. Two machines' keys cannot be mixed up by a second `write`, and a power cut leaves
  /// the whole key or none.
  /// - Parameter path: the file (``file(environment:)``).
  /// - Throws: ``ChuckError/syncNotReady(_:)`` when a key (or anything) is already there;
  ///   ``ChuckError/storageWriteFailed(path:reason:)`` when it cannot be written (nothing was);
  ///   ``ChuckError/storageNotDurable(paths:reason:)`` when the folder could not be flushed.
  public func write(to path: String) throws(ChuckError) {
    let store = FileStore(fileURL: URL(fileURLWithPath: path), maximumSize: Self.largestFile)
    let alreadyThere = ChuckError.syncNotReady("a key is already there: \(path)")
    try store.makeDirectory(store.fileURL.deletingLastPathComponent())
    guard !store.exists else { throw alreadyThere }
    var content = Array((text + "\n").utf8)
    defer { Self.wipe(&content) }
    let temporary = try store.stage(content)
    let linked = link(temporary, path) == 0 ? 0 : errno
    unlink(temporary)
    guard linked == 0 else {
      throw linked == EEXIST
        ? alreadyThere : store.writeFailed(path, FileDescriptorOutput.describe(linked))
    }
    let failure = store.syncDirectory()
    guard failure == 0 else {
      throw .storageNotDurable(paths: [path], reason: FileDescriptorOutput.describe(failure))
    }
  }
}

/// Bytes that are zeroed before their memory is given back. Immutable once filled, so shared
/// between threads without a lock.
private final class Secret: @unchecked Sendable {
  /// The bytes.
  let bytes: UnsafeMutableRawBufferPointer

  /// Memory for a key, zeroed, then filled.
  /// - Parameter fill: what writes the bytes.
  init(filling fill: (UnsafeMutableRawBufferPointer) -> Void) {
    bytes = .allocate(byteCount: SyncKey.length, alignment: 8)
    bytes.initializeMemory(as: UInt8.self, repeating: 0)
    fill(bytes)
  }

  deinit {
    explicit_bzero(bytes.baseAddress!, bytes.count)
    bytes.deallocate()
  }
}
