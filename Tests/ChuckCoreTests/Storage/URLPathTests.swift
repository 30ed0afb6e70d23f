import FoundationEssentials
import Testing

@testable import ChuckCore

/// `appendingPath(_:isDirectory:)` makes the URL that `appendingPathComponent` makes.
@Suite struct URLPathTests {
  @Test(
    arguments: [
      ("/data", "jokes.json", false), ("/data/", "jokes.json", false),
      ("/home/chuck", ".local/share", true), ("/", "chuck", true),
      ("/a b/ü", "state/pick-rotation.json", false),
    ])
  func sameAsAppendingPathComponent(base: String, name: String, isDirectory: Bool) {
    let folder = URL(fileURLWithPath: base, isDirectory: true)
    let ours = folder.appendingPath(name, isDirectory: isDirectory)
    let theirs = folder.appendingPathComponent(name, isDirectory: isDirectory)
    #expect(ours.path == theirs.path)
    #expect(ours == theirs)
    #expect(ours.hasDirectoryPath == isDirectory)
  }
}
