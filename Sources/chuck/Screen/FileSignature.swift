#if canImport(Glibc)
  import Glibc
#endif

/// What tells a rewrite of the list file: inode, size and modification time.
struct FileSignature: Equatable {
  var inode: UInt64
  var size: Int64
  var seconds: Int
  var nanoseconds: Int

  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    seconds = info.st_mtim.tv_sec
    nanoseconds = info.st_mtim.tv_nsec
  }
}
