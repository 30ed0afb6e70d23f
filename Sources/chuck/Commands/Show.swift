import ArgumentParser
import ChuckCore
import FoundationEssentials

struct Show: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show",
    abstract: "Show every field of one joke.",
    discussion: """
      ID is a saved joke's id or a unique prefix of at least 4 characters. A full id that is not \
      saved is looked up on the API.
      """
  )

  @Argument(
    help: "A joke id, or a unique prefix of a saved one (4 characters or more).",
    completion: .custom(Completions.savedIDs))
  var id: String

  @OptionGroup var source: SourceOption
  @OptionGroup var options: GlobalOptions

  /// The longest the text waits for the icon.
  static let iconWait = 2.0

  func run() async throws {
    try await options.run { (context: Context) async throws(ChuckError) in
      try await Self.show(source.resolve(context).kind, id: id, context)
    }
  }

  /// Shows a saved joke by id or prefix, else (for a whole id) the service's.
  static func show<Kind: JokeKind>(_ kind: Kind.Type, id: String, _ context: Context)
    async throws(ChuckError)
  {
    let terminal = context.terminal
    let client = Kind.client(context.components)
    let found = try await context.components.list(kind).lookUp(id) {
      (id: String) async throws(ChuckError) -> Kind.Joke in
      guard Kind.source.canFetchByID else {
        throw .invalidArgument(Kind.source.noFetchByIDMessage)
      }
      return try await terminal.withSpinner("Looking up \(sanitizing: id)…") {
        () async throws(ChuckError) -> Kind.Joke in
        try await client.joke(id: id)
      }
    }
    let joke = found.joke
    if !found.isSaved {
      terminal.note("this joke is not in your list; it was fetched from the API.")
    }
    if context.json {
      terminal.out(JokeJSON.object(joke))
      return
    }
    var icon: JokeDetailView.Icon?
    if let address = joke.icon { icon = await Self.icon(at: address, context: context) }
    terminal.out(
      JokeDetailView(width: terminal.width, style: terminal.stdoutStyle).render(joke, icon: icon))
  }

  /// Downloads (or finds cached) the icon, waiting at most `iconWait`, and decides how to show it.
  static func icon(at address: String, context: Context) async -> JokeDetailView.Icon {
    let wait = min(iconWait, context.components.configuration.timeout)
    switch await context.components.icons.icon(for: address, waitingAtMost: wait) {
    case .failure(let error):
      return .unavailable("not downloaded: " + (error.errorDescription ?? "unknown error"))
    case .success(let file):
      let data = Data((try? IconStore.image(in: file)) ?? [])
      switch context.terminal.imageProtocol {
      case .kitty? where ImageKind(of: data) == .png:
        return .inline(InlineImage.kitty(png: data, columns: 8, rows: 4))
      case .iTerm2?:
        return .inline(InlineImage.iTerm2(image: data, columns: 8))
      default:
        return .file(file.path)
      }
    }
  }
}
