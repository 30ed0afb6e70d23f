import FoundationEssentials
import Glibc

/// The small stores read through `NetworkCache` (favourites, the categories cache, the other
/// services' lists), from a file that holds the input: reading the whole list (`load`) and
/// reading it item by item (`loadRaw` then `decode`, as a save checks it) agree, every failure is
/// a storage error, and what is read is written back and read again unchanged.
enum StoresTarget {
  /// One file for every input, unlinked at once (so nothing is left however the run ends) and
  /// named by its `/proc/self/fd` path; in memory (`/dev/shm`) where there is one.
  private static let file: (fd: CInt, url: URL) = {
    var fd: CInt = -1
    for directory in ["/dev/shm", "."] where fd < 0 {
      var template = Array("\(directory)/chuck-fuzz-store-XXXXXX".utf8CString)
      fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
      if fd >= 0 { template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) } }
    }
    FuzzCheck.require(fd >= 0, "cannot make the store's file")
    return (fd, URL(fileURLWithPath: "/proc/self/fd/\(fd)"))
  }()

  static func run(_ bytes: [UInt8]) {
    FuzzCheck.require(ftruncate(file.fd, 0) == 0, "ftruncate failed")
    let written = bytes.withUnsafeBytes { pwrite(file.fd, $0.baseAddress, $0.count, 0) }
    FuzzCheck.require(written == bytes.count, "pwrite failed")
    check(Favorite.self) { favorite in
      FuzzCheck.require(Favorite.nameProblem(favorite.name) == nil, "a bad name was read")
      FuzzCheck.require(JokeID.isAcceptable(favorite.id), "a bad id was read")
    }
    check(String.self) { _ in }
    check(DadJoke.self) { FuzzCheck.require(JokeID.isAcceptable($0.id), "a bad id was read") }
    check(OfficialJoke.self) { FuzzCheck.require(JokeID.isAcceptable($0.id), "a bad id was read") }
    check(SwitterJoke.self) { FuzzCheck.require(JokeID.isAcceptable($0.id), "a bad id was read") }
  }

  private static func check<T: Codable & Equatable>(_: T.Type, _ each: (T) -> Void) {
    let store = NetworkCache<T>(fileURL: file.url)
    let whole: Result<[T], ChuckError>
    do throws(ChuckError) { whole = .success(try store.load()) } catch { whole = .failure(error) }
    let byItem: Result<[T], ChuckError>
    do throws(ChuckError) {
      byItem = .success(try store.loadRaw().decode(T.self, path: store.file.path))
    } catch {
      byItem = .failure(error)
    }
    switch (whole, byItem) {
    case (.success(let items), .success(let other)):
      FuzzCheck.require(items == other, "load and loadRaw+decode read different \(T.self) items")
      items.forEach(each)
      let raw = savedList(items.compactMap(storeEncoded))
      FuzzCheck.require(
        (try? raw.decode(T.self, path: "again")) == items, "\(T.self) items do not read back")
    case (.failure(let error), .failure):
      requireStorageError(error)
    case (.success, .failure(let error)), (.failure(let error), .success):
      FuzzCheck.require(false, "load and loadRaw+decode disagree on \(T.self): \(error)")
    }
  }

  private static func requireStorageError(_ error: ChuckError) {
    switch error {
    case .storageCorrupt, .storageUnsupportedVersion: return
    default: FuzzCheck.require(false, "reading a store gave \(error)")
    }
  }
}
