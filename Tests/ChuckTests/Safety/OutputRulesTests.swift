import ChuckTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct OutputRulesTests {
  static let joke = MadeUpJoke(1, "Chuck Norris colours inside the lines.")

  struct ColourCase: Sendable, CustomTestStringConvertible {
    var stream: OutputStream
    var arguments: [String] = []
    var environment: [String: String] = [:]
    var coloured: Bool

    var testDescription: String {
      "\(stream) \(arguments.joined(separator: " ")) \(environment) → "
        + (coloured ? "colour" : "plain")
    }
  }

  static let stdoutCases = [
    ColourCase(stream: .pipe, coloured: false),
    ColourCase(stream: .terminal, coloured: true),
    ColourCase(stream: .terminal, environment: ["NO_COLOR": "1"], coloured: false),
    ColourCase(stream: .terminal, environment: ["NO_COLOR": ""], coloured: true),
    ColourCase(stream: .terminal, environment: ["TERM": "dumb"], coloured: false),
    ColourCase(stream: .terminal, arguments: ["--color", "never"], coloured: false),
    ColourCase(
      stream: .terminal, arguments: ["--color", "never"], environment: ["CLICOLOR_FORCE": "1"],
      coloured: false),
    ColourCase(stream: .terminal, arguments: ["--color", "auto"], coloured: true),
    ColourCase(stream: .terminal, arguments: ["--no-color"], coloured: false),
    ColourCase(
      stream: .terminal, arguments: ["--no-color"], environment: ["CLICOLOR_FORCE": "1"],
      coloured: false),
    ColourCase(
      stream: .terminal, arguments: ["--no-color"], environment: ["CHUCK_COLOR": "always"],
      coloured: false),
    ColourCase(stream: .pipe, arguments: ["--color", "always"], coloured: true),
    ColourCase(
      stream: .pipe, arguments: ["--color", "always"], environment: ["NO_COLOR": "1"],
      coloured: true),
    ColourCase(
      stream: .pipe, arguments: ["--color", "always"], environment: ["TERM": "dumb"],
      coloured: true),
    ColourCase(stream: .pipe, environment: ["CLICOLOR_FORCE": "1"], coloured: true),
    ColourCase(
      stream: .pipe, environment: ["CLICOLOR_FORCE": "1", "NO_COLOR": "1"], coloured: false),
    ColourCase(
      stream: .terminal, environment: ["CLICOLOR_FORCE": "1", "NO_COLOR": "1"], coloured: false),
  ]

  /// Colour on stdout follows `--color`, the terminal, `NO_COLOR`, `TERM` and `CLICOLOR_FORCE`.
  @Test(arguments: stdoutCases)
  func colourOnStdout(_ row: ColourCase) async throws {
    let sandbox = try ChuckSandbox()
    try sandbox.writeList([Self.joke.object])
    let other: OutputStream = row.stream == .pipe ? .terminal : .pipe
    let result = try await sandbox.chuck(
      ["list"] + row.arguments, row.environment, stdout: row.stream, stderr: other)
    #expect(result.status == 0)
    #expect(result.stdout.contains("\u{1B}[") == row.coloured, "\(result.stdout.debugDescription)")
    #expect(result.stdout.withoutSGR.contains("Chuck Norris Jokes"))
    #expect(result.stderr == "")
  }

  static let stderrCases = [
    ColourCase(stream: .terminal, coloured: true),
    ColourCase(stream: .terminal, environment: ["NO_COLOR": "1"], coloured: false),
    ColourCase(stream: .terminal, environment: ["TERM": "dumb"], coloured: false),
    ColourCase(stream: .terminal, arguments: ["--color", "never"], coloured: false),
    ColourCase(stream: .pipe, coloured: false),
    ColourCase(stream: .pipe, arguments: ["--color", "always"], coloured: true),
    ColourCase(stream: .pipe, environment: ["CLICOLOR_FORCE": "1"], coloured: true),
    ColourCase(
      stream: .pipe, environment: ["CLICOLOR_FORCE": "1", "NO_COLOR": "1"], coloured: false),
  ]

  /// Colour on stderr follows the same rules: the error is red only with colour on.
  @Test(arguments: stderrCases)
  func colourOnStderr(_ row: ColourCase) async throws {
    let (_, sandbox) = try await startSandbox(pool: [Self.joke])
    try sandbox.writeList([Self.joke.object])
    let other: OutputStream = row.stream == .pipe ? .terminal : .pipe
    let result = try await sandbox.chuck(
      ["random"] + row.arguments, row.environment, stdout: other, stderr: row.stream)
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(
      result.stderr.contains("\u{1B}[31m") == row.coloured, "\(result.stderr.debugDescription)")
    // What is left on screen once a spinner line has been cleared by `\r` (the error, wrapped at
    // the terminal's width).
    let visible = result.stderr.split(separator: "\r").last.map(String.init) ?? ""
    #expect(visible.replacingOccurrences(of: "\u{1B}[K", with: "").withoutSGR.hasPrefix("error:"))
  }

  struct FailureCase: Sendable, CustomTestStringConvertible {
    var name: String
    var arguments: [String]
    var rules: [String] = []
    var environment: [String: String] = [:]
    var list: String?
    var testDescription: String { name }
  }

  static let failures = [
    FailureCase(
      name: "duplicate", arguments: ["random"],
      list: JSON.object([
        "version": .number(1), "items": [joke.object],
      ]).text),
    FailureCase(
      name: "5xx after retries", arguments: ["random"],
      rules: [#"{"path":"/jokes/random","fault":"html_503","times":-1}"#]),
    FailureCase(name: "unknown category", arguments: ["random", "--category", "nope"]),
    FailureCase(name: "corrupt list", arguments: ["list"], list: "{\"version\":1,"),
    FailureCase(
      name: "bad environment", arguments: ["list"], environment: ["CHUCK_TIMEOUT": "abc"]),
    FailureCase(name: "unknown id", arguments: ["show", "NoSuchJokeAnywhere0123"]),
    FailureCase(
      name: "bad response", arguments: ["random"],
      rules: [#"{"path":"/jokes/random","fault":"malformed"}"#]),
    FailureCase(
      name: "redirect", arguments: ["random", "--json"],
      rules: [#"{"path":"/jokes/random","redirect":"http://127.0.0.1:9/elsewhere"}"#]),
  ]

  /// A failure prints nothing on stdout and one stderr line that starts with `error:`.
  @Test(arguments: failures)
  func errorsGoToStderrAndSayError(_ row: FailureCase) async throws {
    let (_, sandbox) = try await startSandbox(rules: row.rules, pool: [Self.joke])
    if let list = row.list { try sandbox.writeListText(list) }
    let result = try await sandbox.chuck(row.arguments, row.environment)
    #expect(result.status != 0)
    #expect(result.stdout == "")
    #expect(result.stderr.lines.count == 1, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("error: "))
  }

  // A made-up joke whose every free-text field tries to drive the terminal: OSC 52 (clipboard),
  // CSI (clear, colour), OSC 8 links, C1 controls, carriage return, bidi overrides and isolates,
  // DCS, NUL, BEL, backspace, DEL.
  static let hostileValue =
    "Chuck Norris \u{1B}]52;c;SGVsbG8=\u{07}copies, \u{1B}[2J\u{1B}[Hclears, "
    + "\u{1B}[31;1mreds\u{1B}[0m,\rreturns, \u{9B}31mC1 CSI, \u{85}NEL, "
    + "\u{9D}8;;http://evil.example\u{9C}links, \u{202E}desrever\u{202C}, "
    + "\u{2066}isolate\u{2069}, \u{200F}rlm \u{061C}alm, bell\u{07} back\u{08}space del\u{7F} "
    + "nul\u{0} \u{1B}Pdcs\u{1B}\\ \u{1B}7save\u{1B}8 \u{1B}]8;;https://evil.example/\u{1B}\\link"
  static let hostileJokes = [
    MadeUpJoke(
      id: "hostile1Value00000000a", value: hostileValue,
      categories: ["dev\u{1B}[5m", "\u{202E}ved"]),
    MadeUpJoke(id: "hostile2Value00000000b", value: "\u{1B}[2K\r" + hostileValue),
  ]

  /// Asserts that text for a terminal holds nothing a terminal would act on.
  static func expectSafe(_ text: String, _ what: String) {
    let unsafe = TerminalOracle.unsafeScalars(in: text)
    #expect(unsafe.isEmpty, "\(what): \(unsafe.map { String($0.value, radix: 16) })")
  }

  enum HostileSource: String, Sendable, CaseIterable {
    case fakeFault, madeUp
  }
}
