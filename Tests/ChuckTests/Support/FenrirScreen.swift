import ChuckTestSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// chuck's screen heard through a real screen reader: Fenrir (Debian's console screen reader) in
/// its pseudo-terminal mode, run in tmux on a private socket (``TmuxScreen``), with a speech
/// command that writes each utterance to a log instead of a speaker (`Fixtures/fenrir/`). Keys
/// go in as a user types them; ``utterances(after:)`` is what Fenrir said since.
///
/// Fenrir and chuck are children of the tmux server, which ends them when it ends (and the
/// ``HelperWatchdog`` ends it with the test process).
final class FenrirScreen {
  /// Which PTY keymap Fenrir reads keys with.
  enum Keymap: String {
    /// Fenrir's own: a lone Esc is "stop speaking" and never reaches the program.
    case stock = "pty-stock.conf"
    /// The same without that binding.
    case tuned = "pty-tuned.conf"
  }

  /// One thing Fenrir said.
  struct Utterance: Equatable, CustomStringConvertible {
    /// Seconds since the epoch.
    var time: Double
    /// The text handed to speech, its line breaks as Fenrir writes them (` , `).
    var text: String

    var description: String { text }

    /// Whether it says anything: a letter or a digit (not only spaces and the commas Fenrir
    /// puts for line breaks).
    var isSpeech: Bool { text.contains { $0.isLetter || $0.isNumber } }

    /// Whether it is a braille pattern (a spinner's frame) or a lone symbol with no word.
    var isGlyphOnly: Bool {
      let letters = text.unicodeScalars.filter {
        !CharacterSet.whitespaces.contains($0) && $0 != ","
      }
      return !letters.isEmpty && !letters.contains { CharacterSet.alphanumerics.contains($0) }
    }

    /// Whether it holds a braille pattern anywhere.
    var hasBraille: Bool { text.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) } }
  }

  let tmux: TmuxScreen
  private let folder: URL
  private let heard: URL

  /// Starts chuck (with `arguments`) under Fenrir in a terminal of `columns` × `rows`.
  init(
    sandbox: ChuckSandbox, arguments: [String] = [], keymap: Keymap = .tuned,
    columns: Int = 100, rows: Int = 30, chuckEnvironment: [String: String] = [:]
  ) throws {
    _ = try ExternalTool.require("fenrir", package: "fenrir")
    folder = try TemporaryDirectory.make(prefix: "fenrir")
    heard = folder.appendingPathComponent("heard.log")
    _ = FileManager.default.createFile(atPath: heard.path, contents: nil)
    let tools = FakeAPI.fixtures.appendingPathComponent("fenrir")
    let run = folder.appendingPathComponent("run.sh")
    let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
    // tmux's script copies its chuck (the sandbox's environment) here before Fenrir starts.
    try "#!/bin/sh\nexec '\(folder.path)/chuck' \(quoted)\n".write(
      to: run, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: run.path)
    var settings = try String(
      contentsOf: tools.appendingPathComponent("settings.conf"), encoding: .utf8)
    for (name, value) in [
      ("@SAY@", tools.appendingPathComponent("say.sh").path),
      ("@SOUND@", tools.appendingPathComponent("sound.sh").path),
      ("@KEYMAP@", tools.appendingPathComponent(keymap.rawValue).path),
      ("@INTERRUPT@", "True"),
      ("@DEBUG@", folder.appendingPathComponent("fenrir.log").path),
      ("@SHELL@", run.path),
    ] {
      settings = settings.replacing(name, with: value)
    }
    let configuration = folder.appendingPathComponent("settings.conf")
    try settings.write(to: configuration, atomically: true, encoding: .utf8)
    let script =
      "cp ./chuck '\(folder.path)/chuck'; HEARD_LOG='\(heard.path)' TERM=xterm-256color "
      + "/usr/bin/fenrir -s '\(configuration.path)'"
    // The rows as a user has them by default: without ids.
    tmux = try TmuxScreen(
      sandbox: sandbox, script: script, columns: columns, rows: rows,
      chuckEnvironment: ["CHUCK_SCREEN_IDS": "0"].merging(chuckEnvironment) { $1 })
  }

  deinit { stop() }

  /// Ends tmux, Fenrir and chuck, and removes Fenrir's files.
  func stop() {
    tmux.stop()
    try? FileManager.default.removeItem(at: folder)
  }

  /// Everything Fenrir said so far, oldest first.
  var utterances: [Utterance] {
    let text = (try? String(contentsOf: heard, encoding: .utf8)) ?? ""
    var said: [Utterance] = []
    // An utterance may hold line breaks: each starts with `<time>\tSAY\t`.
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
      if fields.count == 3, let time = Double(fields[0]), fields[1] == "SAY" || fields[1] == "SOUND"
      {
        if fields[1] == "SAY" { said.append(Utterance(time: time, text: String(fields[2]))) }
      } else if !said.isEmpty {
        said[said.count - 1].text += "\n" + line
      }
    }
    return said
  }

  /// How many utterances there are so far: a mark to read what comes after.
  var mark: Int { utterances.count }

  /// What Fenrir said after `mark`, once it has said something that speaks and then nothing new
  /// for `quiet` seconds (at most `seconds` in all).
  func utterances(after mark: Int, seconds: Double = 15, quiet: Double = 0.8) async
    -> [Utterance]
  {
    var last = -1
    var stableSince = Date()
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      let said = Array(utterances.dropFirst(mark))
      if said.count != last {
        last = said.count
        stableSince = Date()
      } else if said.contains(where: \.isSpeech), Date().timeIntervalSince(stableSince) >= quiet {
        return said
      }
      try? await Task.sleep(for: .milliseconds(50))
    }
    return Array(utterances.dropFirst(mark))
  }

  /// Presses a key (tmux's names: `j`, `Enter`, `Escape`, `C-g`) and returns what was said
  /// after it.
  func press(_ key: String, seconds: Double = 15) async throws -> [Utterance] {
    let before = mark
    try tmux.send(key)
    return await utterances(after: before, seconds: seconds)
  }
}
