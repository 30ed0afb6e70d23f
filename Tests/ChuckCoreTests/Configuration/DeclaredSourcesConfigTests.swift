import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

/// The config file's declared sources as the settings see them: `chuck config check` counts
/// them apart from the settings, `[sources.*]` tables are no unknown tables, at most eight, and
/// their origins may serve images over plain http. No test here installs them
/// (``DeclaredSources``): the configuration only collects them.
@Suite struct DeclaredSourcesConfigTests {
  /// The config file the declarations are said to come from.
  static let path = "/home/me/.config/chuck/config"

  /// A valid source `NAME` of three lines, and a blank line.
  private func source(_ name: String) -> String {
    "[sources.\(name)]\nurl = \"https://\(name).example.com\"\nrandom = \"/r\"\nid = \"/id\"\n"
      + "text = \"/t\"\n\n"
  }

  /// The config file of a text, which parses.
  private func file(_ text: String) -> ConfigFile {
    let (file, problems) = ConfigFile.parse(Array(text.utf8))
    #expect(problems == [], "the file parses")
    return file
  }

  /// `apply` collects the declarations in file order, warns of no `[sources.*]` table (but of
  /// another unknown table), and adds a declaration's problems to the settings' in line order.
  @Test func applyCollectsDeclarations() throws {
    var configuration = ChuckConfiguration.standard
    let text =
      "retries = 2\n\n" + DeclaredTestKinds.geekText + "\n\n" + DeclaredTestKinds.bareText
      + "\n\n[colours]\nred = 1\n"
    let problems = configuration.apply(file(text), path: Self.path)
    #expect(problems == [])
    #expect(configuration.declarations.map(\.name) == ["test-geek", "test-bare"])
    #expect(configuration.declarations.first == TestGeek.declaration.withOrigin(line: 3))
    #expect(configuration.warnings == ["\(Self.path):21: unknown table [colours], ignored"])
    #expect(configuration.retries == 2)

    var bad = ChuckConfiguration.standard
    let badProblems = bad.apply(
      file("timeout = \"x\"\n[sources.broken]\nurl = \"ftp://x\"\n"), path: Self.path)
    #expect(badProblems.map(\.line) == [1, 2, 2, 2, 3])
    #expect(badProblems.first?.key == "timeout")
    #expect(badProblems.dropFirst().allSatisfy { $0.key?.hasPrefix("sources.broken") == true })
    #expect(bad.declarations.isEmpty)
    #expect(bad.warnings.isEmpty)

    // A configuration made of such a file refuses it, naming the source's key.
    #expect(throws: ChuckError.self) {
      try ChuckConfiguration(
        environment: [:], file: file("[sources.broken]\nurl = \"https://x\"\n"), path: Self.path)
    }
    let made = try ChuckConfiguration(
      environment: [:], file: file(DeclaredTestKinds.bareText), path: Self.path)
    #expect(made.declarations == [TestBare.declaration])
    #expect(DeclaredSources.declarations.isEmpty, "a configuration installs nothing")
  }

  /// `source = NAME` naming a source the file declares wrongly (which is then no source) is no
  /// problem of its own: the declaration's problems say why, and the first of them is what every
  /// command shows. A name that no table declares is a problem of `source`.
  @Test func sourceNamingABadDeclaration() {
    let broken = "[sources.broken]\nurl = \"ftp://x\"\n"
    var configuration = ChuckConfiguration.standard
    let problems = configuration.apply(file("source = \"broken\"\n" + broken), path: Self.path)
    #expect(problems.map(\.line) == [2, 2, 2, 3])
    #expect(problems.allSatisfy { $0.key?.hasPrefix("sources.broken") == true }, "\(problems)")
    #expect(configuration.source == .chuck)
    var other = ChuckConfiguration.standard
    let unknown = other.apply(file("source = \"brok\"\n" + broken), path: Self.path)
    #expect(unknown.first?.key == "source")
    #expect(unknown.count == problems.count + 1)
  }

  /// `load` reads the declarations before the settings; a file whose declaration has a
  /// problem is refused naming it, and no source is installed.
  @Test func loadRefusesABadDeclaration() throws {
    let folder = try TemporaryDirectory.make(prefix: "declared-load")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("config").path
    try Data("retries = 1\n\n[sources.broken]\nurl = \"https://x.example.com\"\n".utf8).write(
      to: URL(fileURLWithPath: path))
    chmod(path, 0o600)
    do throws(ChuckError) {
      _ = try ChuckConfiguration.load(environment: ["CHUCK_CONFIG": path, "HOME": folder.path])
      Issue.record("the file was taken")
    } catch {
      guard case .badConfiguration(let named, let problems) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(named == path)
      #expect(
        Set(problems.compactMap(\.key)) == [
          "sources.broken.random", "sources.broken.id", "sources.broken.text",
        ])
      #expect(problems.map(\.line) == [3, 3, 3])
    }
    #expect(DeclaredSources.declarations.isEmpty)
    #expect(JokeSource.allCases == JokeSource.builtIn)
  }

  /// Eight sources are declared; a ninth is refused on its header's line, naming it, and the
  /// eight are kept.
  @Test func atMostEightSources() {
    let names = (1...9).map { "s\($0)" }
    let text = names.map(source).joined()
    let (declarations, problems) = SourceDeclaration.declarations(
      in: file(text), path: Self.path, environment: [:])
    #expect(declarations.map(\.name) == Array(names.prefix(8)))
    #expect(
      problems == [
        ConfigProblem(
          line: 49, key: "sources.s9",
          message: "a config file declares at most 8 sources: remove one of the others to "
            + "declare this one")
      ])
    let eight = SourceDeclaration.declarations(
      in: file(names.prefix(8).map(source).joined()), path: Self.path, environment: [:])
    #expect(eight.problems == [] && eight.declarations.count == 8)
  }

  /// `config check` counts the settings without the sources' keys, and the sources apart; a
  /// header's variable is read from the environment it is given; a problem of a declaration is
  /// a problem of the file.
  @Test func configCheckCountsSources() throws {
    let folder = try TemporaryDirectory.make(prefix: "declared-config-check")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("config").path
    let text =
      "retries = 2\ntimeout = 5\n\n" + DeclaredTestKinds.articlesText + "\n\n"
      + DeclaredTestKinds.geekText + "\n"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    chmod(path, 0o600)
    let report = ConfigSettings(path: path, environment: DeclaredTestKinds.environment).check()
    #expect(report.exists)
    #expect(report.problems == [])
    #expect(report.warnings == [])
    #expect(report.settings == 2)
    #expect(report.sources == 2)

    let unset = ConfigSettings(path: path).check()
    #expect(unset.sources == 1)
    #expect(unset.settings == 2)
    #expect(unset.problems.map(\.key) == ["sources.test-articles.headers.Authorization"])
    #expect(unset.problems.map(\.line) == [29])
    #expect(unset.problems.first?.message.contains("TEST_ARTICLES_TOKEN") == true)
    #expect(unset.problems.first?.message.contains("s3cret") == false)
  }

  /// Plain http images are fetched from a declared source's own scheme, host and port, as from
  /// the API's; from nowhere else; the components give the icons the declared base URLs.
  @Test func iconsFromADeclaredSourcesOrigin() throws {
    let root = try TemporaryDirectory.make(prefix: "declared-icons")
    var icons = IconStore(
      cacheDirectory: root, apiBaseURL: try #require(URL(string: "https://api.chucknorris.io")),
      download: { (_: URL) async throws(ChuckError) -> Data in Data() })
    let image = "http://127.0.0.1:8080/articles/images/1.png"
    let refused = ChuckError.badResponse("the icon is not fetched: only https icons are downloaded")
    #expect(throws: refused) { try icons.source(for: image).get() }
    icons.sourceBaseURLs = [
      try #require(URL(string: "https://other.example.com")),
      try #require(URL(string: "http://127.0.0.1:8080/articles")),
    ]
    #expect(try icons.source(for: image).get().absoluteString == image)
    #expect(
      try icons.source(for: "http://127.0.0.1:8080/elsewhere.png").get().absoluteString
        == "http://127.0.0.1:8080/elsewhere.png")
    for other in [
      "http://127.0.0.1:8081/articles/images/1.png", "http://localhost:8080/articles/1.png",
      "http://127.0.0.1.:8080/articles/1.png", "http://other.example.com/a.png",
    ] {
      #expect(throws: refused, "\(other)") { try icons.source(for: other).get() }
    }
    #expect(
      try icons.source(for: "https://cdn.example/a.png").get().absoluteString
        == "https://cdn.example/a.png")

    let configuration = try ChuckConfiguration(
      environment: ["CHUCK_DATA_DIR": root.path, "CHUCK_CACHE_DIR": root.path],
      file: file(DeclaredTestKinds.geekText + "\n" + DeclaredTestKinds.bareText),
      path: Self.path)
    let components = ChuckComponents(
      configuration: configuration, transport: ScriptedTransport([]).transport)
    #expect(
      components.icons.sourceBaseURLs.map(\.absoluteString) == [
        "http://127.0.0.1:9/geek/", "https://bare.example.com",
      ])
    #expect(
      try components.icons.source(for: "http://127.0.0.1:9/img.png").get().absoluteString
        == "http://127.0.0.1:9/img.png")
  }
}

extension SourceDeclaration {
  /// The same declaration, declared on another line of the same file.
  func withOrigin(line: Int) -> SourceDeclaration {
    guard case .file(let path, _) = origin else { return self }
    return SourceDeclaration(
      name: name, origin: .file(path: path, line: line), title: title, label: label,
      baseURL: baseURL, fetch: fetch, byIDPath: byIDPath, searchPath: searchPath,
      searchItems: searchItems, id: id,
      text: text, date: date, dateFormat: dateFormat, categories: categories, image: image,
      summary: summary, fields: fields, headers: headers)
  }
}
