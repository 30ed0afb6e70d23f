import ChuckCore
import ChuckTestSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A shell in tmux, on a private socket, that runs the built `chuck` on a real terminal: for the
/// tests of the interactive screen. The shell's script is given; `$CHUCK` names the binary with
/// the sandbox's environment (and nothing else of the test's), through a script in the folder.
///
/// The tmux server is a daemon (not our child): its process id is asked for at the start, so that
/// letting the screen go only signals it. The ``HelperWatchdog`` ends it with the test process.
final class TmuxScreen {
  let folder: URL
  private let socket: String
  private let environment: [String: String]
  /// The tmux server's process id.
  private(set) var server: pid_t = 0

  /// Starts a detached tmux session of `columns` × `rows` running `script` in `folder`.
  /// - Parameter options: lines of tmux configuration read before the session starts (for
  ///   example `set -g set-clipboard on`); none by default.
  init(
    sandbox: ChuckSandbox, script: String, columns: Int = 80, rows: Int = 12,
    chuckEnvironment extra: [String: String] = [:], options: [String] = []
  ) throws {
    folder = try TemporaryDirectory.make(prefix: "tmux")
    let configuration = folder.appendingPathComponent("tmux.conf")
    try options.map { $0 + "\n" }.joined().write(
      to: configuration, atomically: true, encoding: .utf8)
    socket = folder.appendingPathComponent("socket").path
    environment = ["PATH": "/usr/bin:/bin", "HOME": sandbox.home.path]
    var chuckEnvironment = sandbox.baseEnvironment
    chuckEnvironment["TERM"] = "tmux-256color"
    // The rows show ids (`screen-ids`), so that a test finds a joke's row by its id; the default
    // rows, without them, are checked by ScreenHeardTests and the renderer's tests.
    chuckEnvironment["CHUCK_SCREEN_IDS"] = "1"
    chuckEnvironment.merge(extra) { $1 }
    let assignments = chuckEnvironment.map { "'\($0.key)=\($0.value)'" }.joined(separator: " ")
    let wrapper = folder.appendingPathComponent("chuck")
    try "#!/bin/sh\nexec env -i \(assignments) '\(ChuckSandbox.binary.path)' \"$@\"\n".write(
      to: wrapper, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: wrapper.path)
    let command = "cd '\(folder.path)'; CHUCK=./chuck; \(script); sleep 60"
    // The server that new-session starts keeps only what Spawn gives it, none of our pipes.
    let client = try Spawn.start(
      "/usr/bin/tmux",
      arguments: [
        "-S", socket, "-f", configuration.path, "new-session", "-d", "-x", String(columns), "-y",
        String(rows), "/bin/sh", "-c", command,
      ],
      environment: environment.map { "\($0.key)=\($0.value)" },
      output: folder.appendingPathComponent("tmux.log").path)
    guard Spawn.wait(client, timeout: 20) == 0 else {
      throw HarnessError.unexpected("tmux did not start")
    }
    let pid = try tmux(["display-message", "-p", "#{pid}"]).stdout
    server = Int32(pid.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
  }

  /// Ends the tmux server (SIGTERM: it hangs up its panes), without waiting.
  deinit { stop() }

  /// Ends the tmux server and everything in it, without waiting.
  func stop() {
    if server > 0 { kill(server, SIGTERM) }
  }

  /// Runs a tmux command against the server (a few milliseconds; killed after 10 s). Blocks this
  /// thread for that long.
  @discardableResult
  func tmux(_ arguments: [String]) throws -> ChuckResult {
    try ChuckSandbox.run(
      executable: URL(fileURLWithPath: "/usr/bin/tmux"), arguments: ["-S", socket] + arguments,
      environment: environment, timeout: 10)
  }

  /// The visible screen as text, or with its colours and attributes as escape sequences.
  ///
  /// As text, the selection is marked `> ` in its first two columns: the screen draws no marker
  /// (a move changes attributes only, for screen readers), so the first line of a selected entry
  /// (a line wholly in reverse video, from its first column) gets one here, as the screen drew
  /// it before. The tests read which row is selected from it, as a user sees the reverse video.
  func screen(escapes: Bool = false) -> String {
    let captured = (try? tmux(["capture-pane", "-p", "-e"]).stdout) ?? ""
    if escapes { return captured }
    var lines: [String] = []
    var previousSelected = false
    for cells in TerminalCells.lines(captured) {
      let text = cells.text.trimmingTrailingSpaces
      let isSelected =
        !text.isEmpty && text.hasPrefix("  ") && cells.reversed.trimmingTrailingSpaces == text
      lines.append(isSelected && !previousSelected ? "> " + text.dropFirst(2) : cells.text)
      previousSelected = isSelected
    }
    return lines.joined(separator: "\n") + (captured.hasSuffix("\n") ? "\n" : "")
  }

  /// The lines of the visible screen, trailing spaces removed.
  var lines: [String] {
    screen().lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
  }

  /// Presses keys, in tmux's names (`Enter`, `Escape`, `Down`, `C-c`) or as text.
  func send(_ keys: String...) throws {
    try tmux(["send-keys"] + keys)
  }

  /// The process id of the program the session's shell runs in the foreground (the shell's
  /// child).
  func childProcess() throws -> Int32? {
    let shell = try tmux(["list-panes", "-F", "#{pane_pid}"]).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let children = try? String(
      contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
    return children?.split(separator: " ").first.flatMap { Int32($0) }
  }

  /// Waits up to `seconds` for `condition` on the screen's text, then as long as a person or a
  /// script that reads the screen takes at least before the next key: more than
  /// `KeyDecoder.togetherMilliseconds`. Sooner, a key sent after `send("-l", " pie")` came
  /// "together" with those (as the rest of a paste does) and Enter was refused as pasted: the
  /// rename step of `favouritesTab` failed so on a fast, idle machine.
  ///
  /// Once met, it also waits (up to a second) for the screen to hold still for 80 ms: when a view
  /// changes, the screen draws the focused row first and the rest 40 ms later (for screen
  /// readers), and a condition on the focused row is met before the rest is there.
  func waitFor(seconds: Double = 20, _ condition: (String) -> Bool) async -> Bool {
    let met = await waitUntil(seconds: seconds) { condition(screen()) }
    if met {
      var last = screen()
      for _ in 0..<12 {
        try? await Task.sleep(for: .milliseconds(80))
        let now = screen()
        if now == last { break }
        last = now
      }
    }
    try? await Task.sleep(for: .milliseconds(KeyDecoder.togetherMilliseconds + 5))
    return met
  }

  /// Writes bytes to the program as the terminal would (`send-keys -H`): escape sequences such as
  /// mouse reports, never split or translated by tmux.
  func sendBytes(_ text: String) throws {
    try tmux(["send-keys", "-H"] + text.utf8.map { String($0, radix: 16) })
  }

  /// A mouse event as a terminal in SGR mode (1006) reports it, at a cell of the screen counted
  /// from 0 as ``lines`` counts (the report counts from 1): button 0 is a left click, 64 and 65
  /// the wheel up and down.
  func click(row: Int, column: Int, button: Int = 0) throws {
    try sendBytes("\u{1B}[<\(button);\(column + 1);\(row + 1)M")
  }

  /// Pastes `text` as a terminal does (through a tmux buffer), bracketed when `bracketed` and the
  /// program asked for it.
  func paste(_ text: String, bracketed: Bool = true) throws {
    try tmux(["set-buffer", text])
    try tmux(["paste-buffer", "-d"] + (bracketed ? ["-p"] : []))
  }

  /// A tmux format expanded for the pane (`display-message -p`), for example
  /// `#{mouse_any_flag}`.
  func format(_ format: String) throws -> String {
    try tmux(["display-message", "-p", format]).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Where the terminal's cursor stands (`#{cursor_x},#{cursor_y}`), counted from 0 as
  /// ``lines`` counts; `nil` when tmux does not say.
  func cursor() -> (column: Int, row: Int)? {
    guard let text = try? format("#{cursor_x},#{cursor_y}") else { return nil }
    let parts = text.split(separator: ",").compactMap { Int($0) }
    return parts.count == 2 ? (parts[0], parts[1]) : nil
  }

  /// Waits up to `seconds` for the cursor to stand at a cell.
  func waitForCursor(column: Int, row: Int, seconds: Double = 10) async -> Bool {
    await waitUntil(seconds: seconds) {
      guard let cursor = cursor() else { return false }
      return cursor.column == column && cursor.row == row
    }
  }

  /// The status area: the last `count` lines, empty ones left out, joined by spaces (a message
  /// wrapped at word boundaries reads as one line again).
  func status(lines count: Int = 3) -> String {
    lines.suffix(count).filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// The visible screen's lines with what tmux knows of each cell's attributes.
  func cells() -> [TerminalCells] {
    TerminalCells.lines(screen(escapes: true))
  }
}

/// One line of a screen that tmux captured with its attributes (`capture-pane -e`): its text,
/// and the text of its cells in reverse video, underlined, or red. tmux writes only the changes
/// from cell to cell, across lines too, so a screen is read whole.
struct TerminalCells: Equatable {
  /// Every character, without the escape sequences.
  var text = ""
  /// The characters in reverse video (SGR 7), in order.
  var reversed = ""
  /// The characters underlined (SGR 4).
  var underlined = ""
  /// The characters in red (SGR 31).
  var red = ""

  /// The lines of a captured screen.
  static func lines(_ screen: String) -> [TerminalCells] {
    var (isReversed, isUnderlined, isRed) = (false, false, false)
    var lines: [TerminalCells] = []
    for line in screen.lines {
      var cells = TerminalCells()
      var rest = Substring(line)
      while let first = rest.first {
        if first == "\u{1B}", let match = rest.prefixMatch(of: /\x{1B}\[([0-9;:]*)m/) {
          var codes = match.output.1.split(separator: ";", omittingEmptySubsequences: false)
            .map { Int($0.prefix { $0 != ":" }) ?? 0 }[...]
          while let code = codes.popFirst() {
            switch code {
            case 0: (isReversed, isUnderlined, isRed) = (false, false, false)
            case 4: isUnderlined = true
            case 7: isReversed = true
            case 24: isUnderlined = false
            case 27: isReversed = false
            case 31: isRed = true
            case 30, 32...37, 39, 90...97: isRed = false
            case 38:
              isRed = false
              codes = codes.dropFirst(codes.first == 5 ? 2 : 4)
            case 48: codes = codes.dropFirst(codes.first == 5 ? 2 : 4)
            default: break
            }
          }
          rest = rest[match.range.upperBound...]
          continue
        }
        cells.text.append(first)
        if isReversed { cells.reversed.append(first) }
        if isUnderlined { cells.underlined.append(first) }
        if isRed { cells.red.append(first) }
        rest = rest.dropFirst()
      }
      lines.append(cells)
    }
    return lines
  }
}

extension String {
  /// The string without its trailing spaces.
  fileprivate var trimmingTrailingSpaces: String {
    String(reversed().drop { $0 == " " }.reversed())
  }
}
