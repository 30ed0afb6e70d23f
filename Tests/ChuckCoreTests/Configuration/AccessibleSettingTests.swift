import Testing

@testable import ChuckCore

/// The accessible mode's setting: `CHUCK_ACCESSIBLE`, else the file, else a non-empty
/// `ACCESSIBLE`, else off; each with its origin.
@Suite struct AccessibleSettingTests {
  static let home = ["HOME": "/home/chuck"]

  private func configuration(_ environment: [String: String], file text: String? = nil) throws
    -> ChuckConfiguration
  {
    let file = try text.map { try ConfigFile.parsed(Array($0.utf8)) }
    return try ChuckConfiguration(
      environment: Self.home.merging(environment) { $1 }, file: file, path: "/c")
  }

  @Test func offByDefault() throws {
    let standard = try configuration([:])
    #expect(!standard.accessible)
    #expect(standard.origins["accessible"] == nil)
    #expect(Setting.named("accessible")?.defaultValue == .boolean(false))
    #expect(Setting.named("accessible")?.flags == ["--accessible"])
    #expect(Setting.named("accessible")?.variable == .accessible)
  }

  /// Each way on, and where it came from.
  @Test(
    arguments: [
      (
        [EnvironmentVariable.accessible.name: "1"], nil,
        SettingOrigin.environment("CHUCK_ACCESSIBLE")
      ),
      (["CHUCK_ACCESSIBLE": "true"], nil, .environment("CHUCK_ACCESSIBLE")),
      (["ACCESSIBLE": "1"], nil, .environment("ACCESSIBLE")),
      (["ACCESSIBLE": "yes please"], nil, .environment("ACCESSIBLE")),
      ([:], "accessible = true", .file(path: "/c", line: 1)),
    ] as [([String: String], String?, SettingOrigin)])
  func turnedOn(environment: [String: String], file: String?, origin: SettingOrigin) throws {
    let configuration = try configuration(environment, file: file)
    #expect(configuration.accessible)
    #expect(configuration.origins["accessible"] == origin)
  }

  /// Chuck's own variable and file come before `ACCESSIBLE`, which speaks to every program; an
  /// empty `ACCESSIBLE` is unset.
  @Test func chucksOwnComeFirst() throws {
    let byVariable = try configuration(["ACCESSIBLE": "1", "CHUCK_ACCESSIBLE": "0"])
    #expect(!byVariable.accessible)
    #expect(byVariable.origins["accessible"] == .environment("CHUCK_ACCESSIBLE"))
    let byFile = try configuration(["ACCESSIBLE": "1"], file: "accessible = false")
    #expect(!byFile.accessible)
    #expect(byFile.origins["accessible"] == .file(path: "/c", line: 1))
    let overFile = try configuration(["CHUCK_ACCESSIBLE": "1"], file: "accessible = false")
    #expect(overFile.accessible)
    #expect(!(try configuration(["ACCESSIBLE": ""])).accessible)
  }

  /// A boolean setting's variable takes 1, 0, true or false; anything else is a usage error.
  @Test func badVariableIsRefused() {
    #expect(throws: ChuckError.self) { try configuration(["CHUCK_ACCESSIBLE": "yes"]) }
  }

  /// `ACCESSIBLE` is a variable chuck reads, with a meaning, after the settings' own.
  @Test func accessibleIsListed() {
    #expect(EnvironmentVariable.all.contains(.accessibleEverywhere))
    #expect(EnvironmentVariable.all.contains(.accessible))
    #expect(EnvironmentVariable.accessibleEverywhere.meaning.contains("CHUCK_ACCESSIBLE"))
  }
}
