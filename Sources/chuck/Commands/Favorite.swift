import ArgumentParser
import ChuckCore

extension Chuck {
  /// `chuck favorite add|list|remove|rename`: saved jokes of any source, marked under a name.
  struct Favorite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "favorite",
      abstract: "Name your favourite saved jokes.",
      discussion: """
        A favourite is a saved joke (of any source) under a name: 1 to 60 characters, no control \
        characters, unique compared case-insensitively. At most CHUCK_FAVORITES_MAX (1 to 1000, \
        default 10). Removing a joke from its list removes its favourite too.
        """,
      subcommands: [Add.self, List.self, Remove.self, Rename.self],
      aliases: ["favourite", "fav"]
    )

    struct Add: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Make a saved joke a favourite under a name.",
        discussion: """
          A joke is a favourite under one name at most. A taken name, or a full set of \
          favourites, is refused (exit 1) and nothing changes.
          """
      )

      @Argument(
        help: "The joke's id, or a unique prefix of it (4 characters or more).",
        completion: .custom(Completions.savedIDs))
      var id: String

      @Argument(help: "The favourite's name (quote it when it has spaces).")
      var name: String

      @OptionGroup var source: SourceOption
      @OptionGroup var options: GlobalOptions

      func run() async throws {
        try await options.run(flags: source.flags) { (context: Context) throws(ChuckError) in
          let favorites = context.components.favorites
          let added = try favorites.add(
            name: name, idOrPrefix: id,
            in: context.components.list(of: source.resolve(context)), at: .now)
          let terminal = context.terminal
          if context.json {
            terminal.out(JokeJSON.object(added.favorite))
            return
          }
          let favorite = added.favorite
          terminal.out(
            "Added favourite \(sanitizing: favorite.name): \(sanitizing: favorite.source.name) "
              + "\(sanitizing: favorite.id) \u{201C}\(JokePreview.make(added.text))\u{201D}; "
              + "\(added.count) of \(favorites.limit) favourites.\n")
        }
      }
    }

    struct List: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show the favourites, by name.",
        discussion: """
          Each with its name, the joke's preview, the date it was made a favourite, its source and \
          id. --json prints an array of {"name", "source", "id", "added_at"} in the same order.
          """
      )

      @OptionGroup var options: GlobalOptions

      func run() async throws {
        try await options.run { (context: Context) throws(ChuckError) in
          let favorites = context.components.favorites
          let terminal = context.terminal
          if context.json {
            terminal.out(JokeJSON.array(try favorites.sorted()))
            return
          }
          let rows = try FavoriteRows.listed(context.components)
          terminal.out(
            JokeListView(
              width: terminal.width, style: terminal.stdoutStyle,
              title: "Favourites: \(rows.count) of \(favorites.limit)",
              emptyMessage: "You have no favourites yet. Name one with: chuck favorite add ID NAME",
              // Favourites mix sources: the setting's dates.
              dates: ShownDates(source: nil, configuration: context.components.configuration).date
            ).render(rows: rows))
        }
      }
    }

    struct Remove: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a favourite by name (the joke stays in its list).",
        discussion: "The name is matched case-insensitively; an unknown name exits 66."
      )

      @Argument(
        help: "The favourite's name.", completion: .custom(Completions.favoriteNames))
      var name: String

      @OptionGroup var options: GlobalOptions

      func run() async throws {
        try await options.run { (context: Context) throws(ChuckError) in
          let removed = try context.components.favorites.remove(named: name)
          let terminal = context.terminal
          if context.json {
            terminal.out(JokeJSON.object(removed))
            return
          }
          terminal.out(
            "Removed favourite \(sanitizing: removed.name): \(sanitizing: removed.source.name) "
              + "\(sanitizing: removed.id)\n")
        }
      }
    }

    struct Rename: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "rename",
        abstract: "Give a favourite a new name (its joke and date stay).",
        discussion: """
          The old name is matched case-insensitively (an unknown name exits 66); the new one \
          follows the rules of add (1 to 60 characters, else 64; not another favourite's name, \
          else 1). The screen's favourites tab renames with r.
          """
      )

      @Argument(
        help: "The favourite's name.", completion: .custom(Completions.favoriteNames))
      var name: String

      @Argument(help: "Its new name.")
      var newName: String

      @OptionGroup var options: GlobalOptions

      func run() async throws {
        try await options.run { (context: Context) throws(ChuckError) in
          let renamed = try context.components.favorites.rename(named: name, to: newName)
          let terminal = context.terminal
          if context.json {
            terminal.out(JokeJSON.object(renamed))
            return
          }
          terminal.out(
            "Renamed favourite \(sanitizing: name) to \(sanitizing: renamed.name): "
              + "\(sanitizing: renamed.source.name) \(sanitizing: renamed.id)\n")
        }
      }
    }
  }
}
