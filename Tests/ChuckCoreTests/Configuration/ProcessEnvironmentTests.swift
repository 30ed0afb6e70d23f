import FoundationEssentials
import Testing

@testable import ChuckCore

#if canImport(Glibc)
  import Glibc
#endif

/// The environment as every command reads it: the same variables as `ProcessInfo`'s, read as
/// bytes.
@Suite struct ProcessEnvironmentTests {
  /// The variables of a block made of these entries.
  private func variables(_ entries: [String]) -> [String: String] {
    var pointers: [UnsafeMutablePointer<CChar>?] = entries.map { strdup($0) }
    pointers.append(nil)
    defer { for pointer in pointers { free(pointer) } }
    return pointers.withUnsafeBufferPointer { ProcessEnvironment.variables(in: $0.baseAddress!) }
  }

  @Test func sameAsProcessInfo() {
    #expect(ProcessEnvironment.current == ProcessInfo.processInfo.environment)
  }

  /// A value keeps every `=` after the first; an empty value is a value; UTF-8 stays UTF-8.
  @Test func namesAndValues() {
    #expect(
      variables(["A=1", "B=x=y", "EMPTY=", "LANG=fr_FR.UTF-8", "NAME=Chuck Norrís ☺"]) == [
        "A": "1", "B": "x=y", "EMPTY": "", "LANG": "fr_FR.UTF-8", "NAME": "Chuck Norrís ☺",
      ])
  }

  /// A name set twice keeps its first value, as `getenv` does; an entry without `=` or without
  /// a name is no variable; bytes that are not UTF-8 are repaired, not dropped.
  @Test func oddEntries() {
    #expect(variables(["A=first", "A=second", "NOEQUALS", "=nameless"]) == ["A": "first"])
    #expect(variables([]) == [:])
    let latin1: [UInt8] = [UInt8(ascii: "X"), UInt8(ascii: "="), 0xE9, 0]
    let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: latin1.count)
    defer { pointer.deallocate() }
    for (index, byte) in latin1.enumerated() { pointer[index] = CChar(bitPattern: byte) }
    let block: [UnsafeMutablePointer<CChar>?] = [pointer, nil]
    let read = block.withUnsafeBufferPointer { ProcessEnvironment.variables(in: $0.baseAddress!) }
    #expect(read == ["X": "\u{FFFD}"])
  }
}
