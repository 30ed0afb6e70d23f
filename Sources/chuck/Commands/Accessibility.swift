import ArgumentParser
import ChuckCore
import FoundationEssentials

extension Chuck {
  /// A help topic, as `gh help accessibility` is one: `chuck help accessibility` shows the
  /// accessible mode and what chuck does for everyone in its discussion, and `chuck accessibility`
  /// prints the same text.
  struct Accessibility: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "accessibility",
      abstract: "The accessible mode, for screen readers, braille displays and magnifiers.",
      discussion: topic
    )

    /// The topic, in paragraphs: how to turn the mode on and keep it, what it changes in every
    /// command and on the screen, what is true for everyone, recipes, and where the rest is.
    static let topic = """
      The accessible mode is for screen readers, braille displays, screen magnifiers, and anyone \
      who wants no motion in the terminal. Turn it on for one command with --accessible; for \
      a whole shell with CHUCK_ACCESSIBLE=1, or a non-empty ACCESSIBLE (the variable that other \
      terminal programs honour too); for good with chuck config set accessible true. \
      CHUCK_ACCESSIBLE and the config file come before ACCESSIBLE, so accessible = false in \
      the file keeps chuck out of it; chuck config list --origin says where it came from.

      In every command: progress is said once in words on stderr ("Fetching a joke…", then \
      "Done.", or an error: line), never redrawn in place; a two-part joke's question stays on \
      its line; a joke's icon is its text alternative ("Chuck Norris's avatar, cached at \
      PATH"), never an image.

      On the screen (chuck on a terminal, or chuck ui): the cursor stays visible, and after \
      every frame it stands on what has the focus: the selected row, a question, a prompt's \
      insertion point, the current line of a joke's detail, which starts with the joke. \
      Nothing moves: the status line says \
      "Fetching a joke…" and then what came of it. Each row says what it is in words, so that \
      the line under the cursor read alone is whole: "3 of 12: Chuck Norris can divide by \
      zero, 2020-01-05, favourite" (its position, text, date and state: favourite, not a \
      favourite, saved, not saved). Every change (a joke saved, removed, already in the list, \
      an error, another tab) is one plain line in the status line, which stays until the next \
      key; a question is a whole sentence that says which key answers it.

      For everyone: colours are the terminal's own 16 only, never dim, and never the only sign \
      (an error says error:, the selected row is in reverse video with the cursor on it); \
      --no-color (the same as --color never) or NO_COLOR turns colour off. On the screen a \
      move changes no text, so a screen reader (Fenrir, Speakup) reads the row reached; rows \
      carry no id unless screen-ids = true; Ctrl-G does what Esc does, for screen readers that \
      take Esc (Fenrir's PTY keymap). The screen is tested at 80x24, at \
      40x12 (200 % zoom) and at 20x6 (400 %). --json prints every command's result as data, \
      for other tools to present.

      Recipes: chuck pick | espeak-ng reads a saved joke aloud; spd-say "$(chuck pick)" says \
      one through Speech Dispatcher; chuck random --oneline | espeak-ng fetches one and reads it.

      Details and what is not supported: man chuck (ACCESSIBILITY), and accessibility.md in \
      chuck's documentation.
      """

    @OptionGroup var options: GlobalOptions

    func validate() throws {
      guard !options.json else {
        throw ValidationError("--json is for commands that print a result; this topic is text.")
      }
    }

    /// Prints the topic wrapped at the terminal's width, a blank line between paragraphs. A
    /// topic, not a task: it reads no configuration, so it works while a setting is wrong.
    func run() {
      let terminal = Terminal(
        color: options.colorMode ?? .auto, accessible: true,
        environment: ProcessEnvironment.current)
      let paragraphs = Self.topic.split(separator: "\n\n").map { paragraph in
        TextWrapper.wrap(TerminalText(sanitizing: paragraph), width: terminal.width)
          .map { $0 + .newline }.reduce(TerminalText.empty, +)
      }
      terminal.out(paragraphs.dropFirst().reduce(paragraphs.first ?? .empty) { $0 + .newline + $1 })
    }
  }
}
