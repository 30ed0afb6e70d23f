#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A config file that cannot be used: the file, and every problem found in it. The one error of
/// the config file, so that all of them exit alike (78, `EX_CONFIG`); a problem of the file as a
/// whole (not a regular file, too large, writable by others) has no line.
public struct ConfigFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file.
  public let path: String
  /// What is wrong, at least one thing, in line order.
  public let problems: [ConfigProblem]

  /// Makes the error.
  /// - Parameters:
  ///   - path: the file.
  ///   - problems: what is wrong.
  public init(path: String, problems: [ConfigProblem]) {
    self.path = path
    self.problems = problems
  }

  /// Each problem on a line of its own, with the file: `FILE:3: timeout: …`.
  public var description: String {
    problems.map { $0.message(in: path) }.joined(separator: "\n")
  }
}

extension ConfigFile {
  /// The largest config file that is read: 64 KiB, far more than any settings need.
  public static let largestFile = 64 * 1024

  /// Reads and parses a config file that must have no problem.
  /// - Parameter path: the file.
  /// - Returns: the file, or `nil` when there is none.
  /// - Throws: ``ConfigFileError`` with every problem (``read(path:)``'s and ``parse(_:)``'s).
  public static func load(path: String) throws(ConfigFileError) -> ConfigFile? {
    guard let bytes = try read(path: path) else { return nil }
    let (file, problems) = parse(bytes)
    guard problems.isEmpty else { throw ConfigFileError(path: path, problems: problems) }
    return file
  }

  /// Reads a config file's bytes with the care its power asks for: it can name a command to run
  /// (a browser), so, as ssh's StrictModes, a file that another user could have written is
  /// refused. It is opened without blocking and without becoming the controlling terminal (a
  /// FIFO or a device in its place cannot hang `chuck`), then checked before anything is read: a
  /// regular file (a symbolic link is followed to one) of at most ``largestFile`` bytes, owned by
  /// the effective user or root, and writable by neither its group nor others.
  /// - Parameter path: the file.
  /// - Returns: its bytes, or `nil` when it does not exist (the settings' defaults hold).
  /// - Throws: ``ConfigFileError`` with one problem, without a line, that names what is wrong
  ///   and how to mend it.
  public static func read(path: String) throws(ConfigFileError) -> [UInt8]? {
    func refuse(_ message: String) -> ConfigFileError {
      ConfigFileError(path: path, problems: [ConfigProblem(line: nil, message: message)])
    }
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    if fd < 0 {
      if errno == ENOENT { return nil }
      throw refuse("cannot read it: \(FileDescriptorOutput.describe(errno))")
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      throw refuse("cannot read it: \(FileDescriptorOutput.describe(errno))")
    }
    if let message = refusal(info, path: path) { throw refuse(message) }
    // Read into memory that is not zeroed first: zeroing the 64 KiB that a file may hold cost
    // more than reading a whole config file, and touched pages that a short file never needs.
    var failure: Int32 = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: largestFile + 1) { buffer, count in
      (count, failure) = FileDescriptorInput.fill(fd, buffer)
    }
    if failure != 0 { throw refuse("cannot read it: \(FileDescriptorOutput.describe(failure))") }
    // It grew past the limit while it was read.
    guard bytes.count <= largestFile else { throw refuse(tooLarge) }
    return bytes
  }

  private static let tooLarge =
    "larger than the \(largestFile / 1024) KiB a config file may hold; it holds settings only"

  /// Why a file with this status is not read, or `nil` when it is read.
  private static func refusal(_ info: stat, path: String) -> String? {
    if let kind = FileStore.kind(of: info.st_mode) {
      return "not a regular file (\(kind)); make it one, or remove it"
    }
    guard info.st_size >= 0, info.st_size <= Int64(largestFile) else { return tooLarge }
    let owner = info.st_uid
    if owner != geteuid(), owner != 0 {
      return "owned by another user (uid \(owner)), who could change the commands it names; "
        + "make it yours: chown \(geteuid()) \(shellWord(path))"
    }
    if info.st_mode & (S_IWGRP | S_IWOTH) != 0 {
      let who = info.st_mode & S_IWOTH != 0 ? "every user" : "its group"
      return "writable by \(who), who could change the commands it names; make it yours alone: "
        + "chmod go-w \(shellWord(path))"
    }
    return nil
  }

  /// A path as a shell reads it back: quoted when it holds more than letters, digits and `/._-`.
  private static func shellWord(_ path: String) -> String {
    let plain =
      !path.isEmpty
      && path.utf8.allSatisfy {
        isKeyByte($0) || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: ".")
      }
    return plain ? path : "'" + path.replacing("'", with: "'\\''") + "'"
  }
}
