import Testing

@testable import ChuckCore

/// Values by name, found by length first, then by the whole name.
@Suite struct NamedValuesTests {
  /// Names of one length that differ only at the end, names that are prefixes of others, and a
  /// name of another length: each finds its own value, and setting one again replaces it.
  @Test func findsEachNameAmongNamesOfTheSameLength() {
    var values = NamedValues<Int>()
    values["sources.articles"] = 1
    values["sources.articlez"] = 2
    values["sources"] = 3
    values["sources.articles.fields"] = 4
    #expect(values["sources.articles"] == 1)
    #expect(values["sources.articlez"] == 2)
    #expect(values["sources"] == 3)
    #expect(values["sources.articles.fields"] == 4)
    #expect(values["sources.article"] == nil)
    #expect(values["sources.articlex"] == nil)
    values["sources.articlez"] = 5
    values["sources.articles"] = nil
    #expect(values["sources.articlez"] == 5)
    #expect(values["sources.articles"] == 1)
  }

  /// Names are compared as bytes, as TOML compares keys: `é` written as one scalar and as `e`
  /// with a combining accent are one string to Swift's `==`, and two names here.
  @Test func canonicallyEquivalentNamesOfOtherLengthsAreDifferentEntries() {
    var values = NamedValues<Int>()
    values["caf\u{E9}"] = 1
    #expect(values["cafe\u{301}"] == nil)
    #expect(values["caf\u{E9}"] == 1)
  }
}
