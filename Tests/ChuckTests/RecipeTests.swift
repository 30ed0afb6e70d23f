import ChuckTestSupport
import Foundation
import Testing

/// The recipes of `Documentation/recipes.md`, read from that file and tried for real: shells,
/// tmux, the bars' commands, motd, cowsay and the systemd units.
@Suite struct RecipeTests {
  /// The recipes file, beside the tests in the repository.
  static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Documentation/recipes.md")

  /// The code block that follows `<!-- recipe: NAME -->`.
  static func recipe(_ name: String) throws -> String {
    let text = try String(contentsOf: file, encoding: .utf8)
    let marker = try #require(text.range(of: "<!-- recipe: \(name) -->"), "no recipe \(name)")
    let rest = text[marker.upperBound...]
    let fence = try #require(rest.range(of: "```"))
    let body = rest[fence.upperBound...].drop { $0 != "\n" }.dropFirst()
    let end = try #require(body.range(of: "\n```"))
    return String(body[..<end.lowerBound]) + "\n"
  }

  static let short = MadeUpJoke(1, "Chuck Norris can unit test an entire app with one assert.")
  static let long = MadeUpJoke(
    2, String(repeating: "Chuck Norris once counted to infinity, and then back again. ", count: 4))

  /// A sandbox with a short and a long joke saved, a `bin` folder with `chuck` in it, and an
  /// environment whose `PATH` finds it (and Debian's games).
  struct Setup {
    let sandbox: ChuckSandbox
    let bin: URL

    init(saving jokes: [MadeUpJoke] = [RecipeTests.short, RecipeTests.long]) async throws {
      (_, sandbox) = try await startSandbox()
      try sandbox.writeList(jokes.map(\.object))
      bin = sandbox.root.appendingPathComponent("bin", isDirectory: true)
      try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        at: bin.appendingPathComponent("chuck"), withDestinationURL: ChuckSandbox.binary)
    }

    var environment: [String: String?] {
      ["PATH": bin.path + ":/usr/bin:/bin:/usr/games"]
    }

    /// A file of the sandbox with this text.
    func write(_ text: String, to path: String, executable: Bool = false) throws -> URL {
      let url = sandbox.root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
      if executable {
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
      }
      return url
    }

    func shell(_ script: String, _ more: [String: String?] = [:]) async throws -> ChuckResult {
      try await sandbox.shell(script, environment.merging(more) { $1 })
    }
  }

  /// bash, zsh and fish, started interactively with the start-up file, print the short joke;
  /// with an empty list, nothing at all.
  @Test(arguments: ["bash", "zsh", "fish"])
  func shellStartUp(shell: String) async throws {
    for jokes in [[Self.short, Self.long], []] {
      let setup = try await Setup(saving: jokes)
      let snippet = try Self.recipe(shell)
      let command: String
      switch shell {
      case "bash":
        let rc = try setup.write(snippet, to: "home/.bashrc")
        command = "bash --rcfile '\(rc.path)' -i -c true </dev/null 2>/dev/null"
      case "zsh":
        _ = try setup.write(snippet, to: "zdot/.zshrc")
        command = "ZDOTDIR='\(setup.sandbox.root.path)/zdot' zsh -i -c true </dev/null 2>/dev/null"
      default:
        _ = try setup.write(snippet, to: "config/fish/conf.d/chuck.fish")
        command =
          "XDG_CONFIG_HOME='\(setup.sandbox.root.path)/config' "
          + "XDG_RUNTIME_DIR='\(setup.sandbox.root.path)' fish -i -c true </dev/null 2>/dev/null"
      }
      let result = try await setup.shell(command)
      #expect(result.stdout == (jokes.isEmpty ? "" : Self.short.value + "\n"), "\(shell)")
    }
  }

  /// tmux loads the configuration; the command inside `#(…)` prints the day's joke on one line
  /// within 60 columns, the same on each run.
  @Test func tmuxStatusLine() async throws {
    let setup = try await Setup()
    let conf = try setup.write(try Self.recipe("tmux"), to: "tmux.conf")
    let socket = "chuck-recipe-\(getpid())"
    let shown = try await setup.shell(
      "tmux -L \(socket) -f '\(conf.path)' start-server \\; show -g status-right;"
        + " tmux -L \(socket) kill-server 2>/dev/null; true")
    #expect(
      shown.stdout.contains("#(chuck pick --daily --oneline --max-width 60)"), "\(shown.stderr)")
    let job = try #require(
      try Self.recipe("tmux").split(separator: "#(").dropFirst().first?.split(separator: ")").first)
    let first = try await setup.shell(String(job))
    let second = try await setup.shell(String(job))
    #expect(first.status == 0)
    #expect(first.stdout == second.stdout)
    #expect(first.stdout.split(separator: "\n").count == 1)
    #expect(first.stdout.dropLast().count <= 60)
  }

  /// waybar's `exec` prints its JSON on one line; polybar's hook one line; both within 60
  /// columns.
  @Test func bars() async throws {
    let setup = try await Setup()
    let module = try JSON.parse(try Self.recipe("waybar"))["custom/chuck"]
    let exec = try #require(module?["exec"]?.string)
    #expect(module?["return-type"]?.string == "json")
    let waybar = try await setup.shell(exec)
    #expect(waybar.stdout.filter { $0 == "\n" }.count == 1)
    let object = try JSON.parse(waybar.stdout)
    #expect(object["class"] == .array([.string("chuck")]))
    #expect((object["text"]?.string?.count ?? 99) <= 60)
    #expect(object["tooltip"]?.string != nil)
    let hook = try #require(
      try Self.recipe("polybar").split(separator: "\n").first { $0.hasPrefix("hook-0 = ") })
    let polybar = try await setup.shell(String(hook.dropFirst("hook-0 = ".count)))
    #expect(polybar.stdout.split(separator: "\n").count == 1)
    #expect(polybar.stdout.dropLast().count <= 60)
  }

  /// run-parts runs the motd script: the joke; with a list that cannot be read, nothing, and
  /// the login goes on (status 0).
  @Test func messageOfTheDay() async throws {
    let setup = try await Setup()
    let script = try Self.recipe("motd").replacingOccurrences(
      of: "/home/me/.local/share/chuck", with: setup.sandbox.dataDirectory.path)
    let folder = setup.sandbox.root.appendingPathComponent("update-motd.d")
    _ = try setup.write(script, to: "update-motd.d/60-chuck", executable: true)
    let motd = try await setup.shell("run-parts --lsbsysinit '\(folder.path)'")
    #expect(motd.status == 0)
    #expect(motd.stdout == Self.short.value + "\n")
    try Data("not a list".utf8).write(to: setup.sandbox.listFile)
    let broken = try await setup.shell("run-parts --lsbsysinit '\(folder.path)'")
    #expect(broken.status == 0)
    #expect(broken.stdout == "" && broken.stderr == "")
  }

  /// cowsay puts the joke in the cow's balloon.
  /// (Skipped where cowsay is missing, except in CI, which installs it.)
  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: "/usr/games/cowsay")
        || ProcessInfo.processInfo.environment["CI"] != nil))
  func cowsay() async throws {
    let setup = try await Setup()
    let result = try await setup.shell(try Self.recipe("cowsay"))
    #expect(result.status == 0)
    #expect(result.stdout.contains("Chuck Norris can unit test"))
    #expect(result.stdout.contains("(oo)"))
  }

  /// The units are valid for systemd; the service's command sends the joke to `notify-send`.
  @Test func notificationTimer() async throws {
    let setup = try await Setup()
    let service = try setup.write(
      try Self.recipe("service"), to: "units/chuck-joke.service")
    _ = try setup.write(try Self.recipe("timer"), to: "units/chuck-joke.timer")
    if FileManager.default.fileExists(atPath: "/usr/bin/systemd-analyze") {
      let verify = try await setup.shell(
        "systemd-analyze verify '\(service.path)' '\(service.deletingLastPathComponent().path)"
          + "/chuck-joke.timer'")
      #expect(verify.status == 0, "\(verify.stderr)")
    }
    let record = setup.sandbox.root.appendingPathComponent("notified")
    _ = try setup.write(
      "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(record.path)'\n", to: "bin/notify-send",
      executable: true)
    let exec = try #require(
      try Self.recipe("service").split(separator: "\n").first { $0.hasPrefix("ExecStart=") })
    let run = try await setup.shell(String(exec.dropFirst("ExecStart=".count)))
    #expect(run.status == 0, "\(run.stderr)")
    let sent = try String(contentsOf: record, encoding: .utf8)
    #expect(sent.hasPrefix("--app-name=chuck\nJoke\n"))
    #expect(
      sent.hasSuffix(Self.short.value + "\n") || sent.contains("Chuck Norris once counted"))
  }
}
