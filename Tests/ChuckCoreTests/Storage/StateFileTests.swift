import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

/// `pick`'s rotation state: read, then written again in place, through its own name only.
@Suite struct StateFileTests {
  let root: URL

  init() throws {
    root = try TemporaryDirectory.make(prefix: "state-file")
  }

  /// A state file is rewritten only as its own content only its own content, through its own name: a missing file is
  /// made in a missing folder, its own content is rewritten in place (the same inode, shorter
  /// content truncated), and a link to another file or other content in its place is replaced by
  /// a new file (renamed over the name), the other file untouched.
  @Test func writesOnlyItsOwn() throws {
    let state = root.appendingPathComponent("state/pick.state")
    let store = StateFile(fileURL: state, maximumSize: 4096)
    let own = { (bytes: [UInt8]) in bytes.starts(with: Array("own ".utf8)) ? bytes : nil }
    func inode() throws -> Int {
      try FileManager.default.attributesOfItem(atPath: state.path)[.systemFileNumber] as! Int
    }
    var seen: [[UInt8]?] = []
    store.rewrite(reading: own) {
      seen.append($0)
      return Array("own one, long\n".utf8)
    }
    let first = try inode()
    store.rewrite(reading: own) {
      seen.append($0)
      return Array("own two\n".utf8)
    }
    #expect(seen == [nil, Array("own one, long\n".utf8)])
    #expect(try inode() == first, "rewritten in place")
    #expect(try Data(contentsOf: state) == Data("own two\n".utf8))
    store.rewrite(reading: own) { _ in nil }
    #expect(try Data(contentsOf: state) == Data("own two\n".utf8), "nil leaves it alone")

    let other = root.appendingPathComponent("other.txt")
    try Data("someone else's\n".utf8).write(to: other)
    try FileManager.default.removeItem(at: state)
    try FileManager.default.createSymbolicLink(at: state, withDestinationURL: other)
    store.rewrite(reading: own) {
      seen.append($0)
      return Array("own three\n".utf8)
    }
    #expect(seen.last == .some(nil), "a link is not read through")
    #expect(try Data(contentsOf: other) == Data("someone else's\n".utf8))
    #expect(try Data(contentsOf: state) == Data("own three\n".utf8))
    #expect(
      try FileManager.default.attributesOfItem(atPath: state.path)[.type] as? FileAttributeType
        == .typeRegular)
    try Data("not ours\n".utf8).write(to: state)
    store.rewrite(reading: own) {
      seen.append($0)
      return Array("own four\n".utf8)
    }
    #expect(seen.last == .some(nil))
    #expect(try Data(contentsOf: state) == Data("own four\n".utf8))
  }
}
