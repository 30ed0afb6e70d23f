import Foundation
import Testing

@testable import ChuckCore

/// The problems of the tables around a declared source: `[sources]`, unknown sub-tables, the
/// fields and the headers; and every problem of a file at once.
extension SourceDeclarationTests {
  /// `[sources]` holds no keys, and a source has no tables but its fields and headers; the
  /// keys of an unknown table are not checked again.
  @Test func tables() {
    let text =
      """
      [sources]
      color = "red"
      """ + "\n" + demo("title", "Demo")
        + """
        [sources.demo.field]
        Label = 5
        [sources.demo.headers.extra]
        [sources.other.thing]
        """
    #expect(
      problems(text) == [
        ConfigProblem(
          line: 2, key: "sources.color",
          message: "[sources] holds no keys of its own: declare a source in a table "
            + "[sources.NAME], such as [sources.articles]"),
        ConfigProblem(
          line: 9,
          message: "[sources.demo.field] is not a table of a source: a source has "
            + "[sources.demo], [sources.demo.fields] and [sources.demo.headers]"),
        ConfigProblem(
          line: 11,
          message: "[sources.demo.headers.extra] is not a table of a source: a source has "
            + "[sources.demo], [sources.demo.fields] and [sources.demo.headers]"),
        ConfigProblem(
          line: 12,
          message: "[sources.other.thing] is not a table of a source: a source has "
            + "[sources.other], [sources.other.fields] and [sources.other.headers]"),
      ])
  }

  /// A field's value is a string that is a JSON pointer.
  @Test func fields() {
    #expect(
      problems(
        demo("title", "Demo")
          + """
          [sources.demo.fields]
          Description = 5
          Author = "author"
          Release_date = "/release_date"
          """) == [
          ConfigProblem(
            line: 8, key: "sources.demo.fields.Description",
            message: "5 is not a string: write it in quotes, such as \"/description\""),
          ConfigProblem(
            line: 9, key: "sources.demo.fields.Author",
            message: "\"author\" is not a JSON pointer: a pointer starts with /, as in /joke or "
              + "/items/0/title (\"\" is the whole answer)"),
        ])
  }

  /// Every problem a header can have, each on its line; a variable's value is never shown.
  @Test func headers() {
    let refused = { (name: String) in
      "\(name) is set by chuck and libcurl for the connection itself: a source cannot set it, "
        + "nor "
        + SourceDeclaration.refusedHeaders.filter { $0 != name }.joined(separator: ", ")
    }
    let oneLine = "which would break the request: a header's value is one line of text"
    let variable =
      "is not a variable: a variable's name is letters, digits and _, not starting with a "
      + "digit, such as ${API_TOKEN}"
    let found = problems(
      demo("title", "Demo")
        + """
        [sources.demo.headers]
        Host = "example.org"
        transfer-encoding = "chunked"
        X-Token = "${MISSING}"
        x-token = "again"
        X-Open = "Bearer ${TOKEN"
        X-Name = "${1X} ${A-B} ${}"
        X-Broken = "${BROKEN}"
        X-Line = "a\\nb"
        X-Empty = ""
        X-Blank = "${BLANK}"
        X-Number = 5
        X-Nul = "${NUL}"
        Accept = "text/plain"
        """,
      environment: ["BROKEN": "a\r\nInjected: yes", "BLANK": "", "NUL": "a\u{0}b"])
    let header = "sources.demo.headers."
    #expect(
      found == [
        ConfigProblem(line: 8, key: header + "Host", message: refused("Host")),
        ConfigProblem(
          line: 9, key: header + "transfer-encoding", message: refused("Transfer-Encoding")),
        ConfigProblem(
          line: 10, key: header + "X-Token",
          message: "the variable MISSING is not set: set it in chuck's environment, or remove "
            + "the header"),
        ConfigProblem(
          line: 11, key: header + "x-token",
          message: "\"x-token\" is the header \"X-Token\" of line 10 again (a header's name is "
            + "the same in any case): set it once"),
        ConfigProblem(
          line: 12, key: header + "X-Open",
          message: "\"Bearer ${TOKEN\" has ${ without a } after it: write a variable as ${NAME}, "
            + "such as ${API_TOKEN}"),
        ConfigProblem(line: 13, key: header + "X-Name", message: "${1X} " + variable),
        ConfigProblem(line: 13, key: header + "X-Name", message: "${A-B} " + variable),
        ConfigProblem(line: 13, key: header + "X-Name", message: "${} " + variable),
        ConfigProblem(
          line: 14, key: header + "X-Broken",
          message: "the variable BROKEN holds a control character (U+000D), \(oneLine) (its "
            + "value is not shown)"),
        ConfigProblem(
          line: 15, key: header + "X-Line",
          message: "the value holds a control character (U+000A), \(oneLine)"),
        ConfigProblem(
          line: 16, key: header + "X-Empty",
          message: "the value is empty: give the header a value, or remove the line"),
        ConfigProblem(
          line: 17, key: header + "X-Blank",
          message: "the value is empty once its variables are filled in: give them a value, or "
            + "remove the header"),
        ConfigProblem(
          line: 18, key: header + "X-Number",
          message: "5 is not a string: write it in quotes, such as \"Bearer ${API_TOKEN}\""),
        ConfigProblem(
          line: 19, key: header + "X-Nul",
          message: "the variable NUL holds a control character (U+0000), \(oneLine) (its value "
            + "is not shown)"),
      ])
    #expect(!found.map(\.message).joined().contains("Injected"))
  }

  /// A header's name is an RFC 7230 token: letters, digits and its symbols, nothing else (the
  /// config file's keys cannot write most of what is refused, so the check is asked directly).
  @Test func headerNames() {
    #expect(SourceDeclaration.problem(withHeaderName: "X-Custom_9!#$%&'*+.^`|~") == nil)
    for name in ["", "X Y", "X:Y", "Ä", "X\"Y", "(X)", "X/Y", "X@Y"] {
      #expect(
        SourceDeclaration.problem(withHeaderName: name)
          == "\(name.debugDescription) is not a header name: a name is letters, digits and ! # $ "
          + "% & ' * + - . ^ _ ` | ~")
    }
  }

  /// Every problem of every source at once, in line order; a good source beside bad ones is
  /// still declared, and a problem names the file as a compiler does.
  @Test func everyProblemAtOnce() throws {
    let (declarations, problems) = read(
      """
      [sources.b]
      url = "ftp://x"
      id = "id"
      [sources.a]
      text = 5
      random = "/r"
      list = "/l"
      [sources.b.fields]
      X = "x"
      [sources.good]
      url = "https://example.com"
      random = "/r"
      id = "/id"
      text = "/t"
      """)
    #expect(declarations.map(\.name) == ["good"])
    #expect(declarations.first?.origin == .file(path: Self.path, line: 10))
    #expect(problems.map(\.line) == [1, 1, 2, 3, 4, 4, 5, 7, 9])
    #expect(
      problems.map(\.key) == [
        "sources.b.random", "sources.b.text", "sources.b.url", "sources.b.id", "sources.a.url",
        "sources.a.id", "sources.a.text", "sources.a.list", "sources.b.fields.X",
      ])
    let first = try #require(problems.first)
    #expect(
      first.message(in: Self.path)
        == Self.path + ":1: sources.b.random: " + first.message)
    #expect(
      problems[2].message
        == "\"ftp://x\" is a URL of ftp, not of http or https: expected an http or https URL "
        + "with a host, and no query or fragment")
  }

  /// A file without sources declares none and has no problem.
  @Test func noSources() {
    let (declarations, problems) = read("source = \"dad\"\n[keys]\njoke = \"n\"\n")
    #expect(declarations == [])
    #expect(problems == [])
  }
}
