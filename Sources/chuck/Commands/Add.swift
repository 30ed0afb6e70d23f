import ArgumentParser
import ChuckCore

#if canImport(Glibc)
  import Glibc
#endif

extension Chuck {
  struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add",
      abstract: "Save a joke of your own (the source mine).",
      discussion: """
        The text is trimmed; it may hold line breaks (from stdin with -). Its id is made from \
        the text, so the same joke is never saved twice (exit 1, as random). Your jokes are the \
        source mine: list, show, pick, remove, favourites, export and the screen take them as \
        any other source's.
        """
    )

    @Argument(help: "The joke, or - to read it from stdin.")
    var text: String

    @OptionGroup var options: GlobalOptions

    func run() async throws {
      try await options.run { (context: Context) throws(ChuckError) in
        // A joke's worth of UTF-8 (4 bytes a character at most), and room for what trimming drops.
        let text =
          self.text == "-"
          ? String(
            decoding: try StandardInput.readAll(limit: Mine.maximumLength * 4 + 4096), as: UTF8.self
          )
          : self.text
        let joke = try Mine.joke(text, at: .now)
        let count = try context.components.list(Mine.self).add(joke)
        if context.json {
          context.terminal.out(JokeJSON.object(joke))
        }
        context.terminal.saved(id: joke.id, count: count)
      }
    }
  }
}
