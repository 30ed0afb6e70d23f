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
        let text = self.text == "-" ? try Self.readStandardInput() : self.text
        let joke = try Mine.joke(text, at: .now)
        let count = try context.components.list(Mine.self).add(joke)
        if context.json {
          context.terminal.out(JokeJSON.object(joke))
        }
        context.terminal.saved(id: joke.id, count: count)
      }
    }

    /// Everything on stdin, as UTF-8 (at most the longest joke's worth, and then some).
    private static func readStandardInput() throws(ChuckError) -> String {
      var bytes: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count < 0 {
          if errno == EINTR { continue }
          throw .invalidArgument("cannot read stdin: " + String(cString: strerror(errno)))
        }
        if count == 0 { break }
        bytes += buffer[0..<count]
        guard bytes.count <= Mine.maximumLength * 4 + 4096 else {
          throw .invalidArgument("a joke is at most \(Mine.maximumLength) characters")
        }
      }
      return String(decoding: bytes, as: UTF8.self)
    }
  }
}
