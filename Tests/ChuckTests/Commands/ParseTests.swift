import ArgumentParser
import ChuckCore
import ChuckTestSupport
import Foundation
import Testing

@testable import chuck

@Suite struct ParseTests {
  /// `random` takes `--category NAME`.
  @Test func randomCategory() throws {
    let command = try #require(
      try Chuck.parseAsRoot(["random", "--category", "dev"]) as? Chuck.Random)
    #expect(command.category == "dev")
    #expect(command.options.json == false)
    #expect(command.options.color == nil)
  }

  /// Every command takes `--json` and `--color auto|always|never`.
  @Test(arguments: [["random"], ["list"], ["show", "abcd"]])
  func sharedOptions(command: [String]) throws {
    for color in ColorMode.allCases {
      let parsed = try Chuck.parseAsRoot(command + ["--json", "--color", color.rawValue])
      let options = try #require(
        (parsed as? Chuck.Random)?.options ?? (parsed as? Chuck.List)?.options
          ?? (parsed as? Chuck.Show)?.options)
      #expect(options.json)
      #expect(options.color == color)
    }
  }

  /// `show` takes the id as its argument.
  @Test func showArgument() throws {
    let command = try #require(
      try Chuck.parseAsRoot(["show", "CfW0ccNFTpeq_v1r13IjTQ"]) as? Chuck.Show)
    #expect(command.id == "CfW0ccNFTpeq_v1r13IjTQ")
  }

  /// Bad command lines are usage errors, exit status 64. (A short id prefix is refused by the list,
  /// which knows whether a full id is that short: `ShowTests.shortPrefix`.)
  @Test(arguments: [
    ["random", "--bogus"], ["list", "extra"], ["show"], ["show", "a", "b"],
    ["random", "--color", "purple"], ["random", "--category"], ["bogus"], ["--bogus"],
  ])
  func usageErrors(arguments: [String]) {
    do {
      let command = try Chuck.parseAsRoot(arguments)
      Issue.record("parsed as \(command)")
    } catch {
      #expect(Chuck.exitCode(for: error) == ExitCode(64))
    }
  }

  /// The built binary exits 64 on an unknown option, saying why on stderr only.
  @Test(arguments: [
    ["random", "--bogus"], ["bogus"], ["list", "--color", "purple"], ["show", "abc"],
  ])
  func usageErrorFromTheBinary(arguments: [String]) async throws {
    let sandbox = try ChuckSandbox()
    let result = try await sandbox.chuck(arguments)
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(result.stderr.lowercased().hasPrefix("error:"))
  }

  /// `chuck --version` prints the version.
  @Test func version() async throws {
    let result = try await ChuckSandbox().chuck(["--version"])
    #expect(result.status == 0)
    #expect(result.stdout == ChuckVersion.current + "\n")
    #expect(result.stdout.contains(/^\d+\.\d+\.\d+/))
    #expect(result.stderr == "")
  }

  /// `--help`, `-h` and `help` on the root print the usage and the commands on stdout.
  @Test(arguments: [["--help"], ["-h"], ["help"]])
  func rootHelp(arguments: [String]) async throws {
    let result = try await ChuckSandbox().chuck(arguments)
    #expect(result.status == 0)
    #expect(result.stdout.contains("USAGE:"))
    #expect(result.stderr == "")
    for command in ["random", "list", "show"] { #expect(result.stdout.contains(command)) }
    #expect(result.stdout.contains("--version"))
  }

  /// Every command has `--help` and `-h`, showing its `--json` and `--color` options (for a group
  /// such as `favorite`: every command in it).
  @Test func helpOnEveryCommand() async throws {
    func leaves(_ command: any ParsableCommand.Type, path: [String]) -> [[String]] {
      let children = command.configuration.subcommands
      guard !children.isEmpty else { return [path] }
      return children.flatMap { leaves($0, path: path + [$0._commandName]) }
    }
    let paths = leaves(Chuck.self, path: [])
    #expect(
      Set([["random"], ["list"], ["show"], ["favorite", "add"], ["sources"]]).isSubset(of: paths))
    let sandbox = try ChuckSandbox()
    for path in paths {
      for arguments in [path + ["--help"], path + ["-h"], ["help"] + path] {
        let result = try await sandbox.chuck(arguments)
        #expect(result.status == 0, "\(arguments)")
        #expect(
          result.stdout.contains("USAGE: chuck \(path.joined(separator: " "))"), "\(arguments)")
        #expect(result.stdout.contains("--json"), "\(arguments)")
        #expect(result.stdout.contains("--color"), "\(arguments)")
        #expect(result.stderr == "", "\(arguments)")
      }
    }
  }
}
