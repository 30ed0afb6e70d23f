import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small file of state that may be lost (`pick`'s rotation), with a write policy of its own:
/// read, then written again in place. The saved lists' policy (``FileStore``: a lock, a
/// temporary file, a rename and syncs) costs more than the rest of a `pick`.
public struct StateFile: Sendable {
  /// The file, its folder and its size limit.
  public let file: FileStore

  /// A state file.
  /// - Parameters:
  ///   - fileURL: the file.
  ///   - maximumSize: the most bytes it may hold.
  public init(fileURL: URL, maximumSize: Int) {
    file = FileStore(fileURL: fileURL, contents: .cache, maximumSize: maximumSize)
  }

  /// Reads the file and writes it again in place: no lock, no temporary file, no rename and no sync, which cost more than the rest
  /// of a `pick`. `change` gets the file's content as `read` makes it, when it is the caller's
  /// own, `nil` otherwise (missing, empty, unreadable, not a regular file of at most
  /// ``FileStore/maximumSize`` bytes, or something `read` does not take), and returns the new bytes, or
  /// `nil` to leave the file alone.
  ///
  /// Only a file of the caller's own is overwritten in place, and only through its own name (a
  /// symbolic link is not followed): new bytes of the old length overwrite it in one write, so
  /// that two writers leave one whole content, and a reader that meets a half-written one must
  /// see it in the format. Anything else in its place — a link to another file, a file with
  /// other content, a damaged state — is replaced by a new file with
  /// ``FileStore/replace(with:)``, which renames over the name and never writes through it, so
  /// no other file can be changed. A write that fails is left at that, without an error.
  /// - Parameters:
  ///   - read: the content of the caller's own bytes, `nil` for any others.
  ///   - change: the new bytes from the old content.
  public func rewrite<Content>(
    reading read: ([UInt8]) -> Content?, _ change: (Content?) -> [UInt8]?
  ) {
    let flags = O_RDWR | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW
    var fd = open(file.path, flags)
    var created = false
    if fd < 0, errno == ENOENT {
      try? file.makeDirectory(URL(fileURLWithPath: file.directory, isDirectory: true))
      // O_EXCL: a name that appeared meanwhile (a link included) is not opened.
      fd = open(file.path, flags | O_CREAT | O_EXCL, 0o600)
      created = fd >= 0
    }
    var own: Content?
    var size = 0
    if fd >= 0,
      let regular = try? FileStore.checkRegular(fd, path: file.path, maximumSize: file.maximumSize)
    {
      size = regular
      let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
        count = size == 0 ? 0 : max(0, pread(fd, buffer.baseAddress!, size, 0))
      }
      if bytes.count == size, !bytes.isEmpty { own = read(bytes) }
    }
    defer { if fd >= 0 { close(fd) } }
    guard let new = change(own) else { return }
    guard fd >= 0, own != nil || created else {
      try? file.replace(with: new)
      return
    }
    let written = new.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    if written == new.count, size > new.count { _ = ftruncate(fd, off_t(new.count)) }
  }
}
