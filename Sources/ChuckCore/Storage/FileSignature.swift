#if canImport(Glibc)
  import Glibc
#endif

/// What tells a rewrite of a file (the screen watches the lists with it): inode, size and
/// modification time.
public struct FileSignature: Equatable, Sendable {
  /// The inode: a rename into place changes it.
  public var inode: UInt64
  /// The size in bytes.
  public var size: Int64
  /// The modification time's seconds.
  public var seconds: Int
  /// The modification time's nanoseconds.
  public var nanoseconds: Int

  /// A signature as recorded.
  init(inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int) {
    self.inode = inode
    self.size = size
    self.seconds = seconds
    self.nanoseconds = nanoseconds
  }

  /// The file's signature now.
  /// - Parameter path: the file.
  /// - Returns: `nil` when it cannot be read (it does not exist).
  public init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    seconds = info.st_mtim.tv_sec
    nanoseconds = info.st_mtim.tv_nsec
  }
}
