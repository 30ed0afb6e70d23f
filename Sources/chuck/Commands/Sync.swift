import ArgumentParser
import ChuckCore

extension Chuck {
  /// `chuck sync [--status]`, `chuck sync init | key | join KEY`: the lists of every machine
  /// through a folder another engine replicates, or a git clone (`SyncSetup`). One command whose
  /// first word is what to do: four ArgumentParser commands cost 39 KB of binary, one 15.
  struct Sync: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "sync",
      abstract: "Sync your lists with your other machines through a shared folder or git.",
      usage: """
        chuck sync [--status]
        chuck sync init
        chuck sync key
        chuck sync join KEY
        """,
      discussion: """
        The sync folder is sync-dir in the config file (or CHUCK_SYNC_DIR): a folder that \
        Syncthing, Nextcloud, Dropbox or NFS replicates, or a git clone (chuck runs git pull \
        --rebase, commit and push there). Each machine writes only its own log there, every \
        record sealed (XChaCha20-Poly1305, libsodium) under a key kept in \
        $XDG_CONFIG_HOME/chuck/sync-key, never in the folder. chuck sync init makes the key on \
        your first machine; chuck sync key shows it; chuck sync join KEY takes it on the next. \
        A record that does not open or read is refused in words and the rest merged (exit 65); \
        nothing saved here is lost. With sync = "auto" in the config file, every command that \
        changes your lists syncs after the change. Details: man chuck (SYNC).
        """
    )

    @Flag(help: "Say which machines' logs are in the folder and when each last changed.")
    var status = false

    @Argument(
      help: ArgumentHelp(
        "Nothing: sync. init: make the key on your first machine and sync. key: show it. "
          + "join KEY: take the key another machine shows (spaces allowed) and sync.",
        valueName: "init | key | join KEY"),
      completion: .list(["init", "key", "join"]))
    var action: [String] = []

    @OptionGroup var options: GlobalOptions

    func validate() throws {
      switch action.first {
      case nil: return
      case _ where status:
        throw ValidationError("--status goes alone: chuck sync --status.")
      case "init", "key":
        guard action.count == 1 else {
          throw ValidationError("chuck sync \(action[0]) takes nothing more.")
        }
      case "join":
        guard action.count > 1 else {
          throw ValidationError("Give the key: chuck sync join KEY (chuck sync key shows it).")
        }
      case let word?:
        throw ValidationError(
          "'\(word)' is not something sync does: chuck sync, or chuck sync init, key or join KEY.")
      }
    }

    func run() async throws {
      try await options.runReporting { (context: Context) async throws(ChuckError) -> ChuckError? in
        let setup = try SyncSetup(context.components)
        let terminal = context.terminal
        switch action.first {
        case "init":
          let (key, report) = try setup.start()
          if context.json {
            terminal.out(SyncJSON.report(report, folder: setup.folder, key: key))
            return Sync.print(report, folder: setup.folder, nil, terminal)
          }
          let error = Sync.print(report, folder: setup.folder, report, terminal)
          terminal.out(
            "\(sanitizing: "The key, to type on your other machines with chuck sync join:")\n"
              + "  \(sanitizing: key.text)\n")
          return error
        case "key":
          let key = try setup.key()
          terminal.out(context.json ? SyncJSON.key(key) : "\(sanitizing: key.text)\n")
          return nil
        case "join":
          let key = action.dropFirst().joined(separator: " ")
          return Sync.print(try setup.join(key), folder: setup.folder, context)
        default:
          guard status else { return Sync.print(try setup.sync(), folder: setup.folder, context) }
          let (replicas, waiting) = try setup.status()
          if context.json {
            terminal.out(SyncJSON.status(replicas, waiting: waiting, folder: setup.folder))
            return replicas.flatMap(\.refusals).first.map(ChuckError.syncRecordRefused)
          }
          terminal.out("Sync folder: \(sanitizing: setup.folder)\n")
          for replica in replicas { terminal.out("\(sanitizing: replica.line)\n") }
          terminal.out("\(sanitizing: "Changes of this machine not synced yet: \(waiting)")\n")
          return replicas.flatMap(\.refusals).first.map(ChuckError.syncRecordRefused)
        }
      }
    }

    /// Prints a sync's report, as JSON with `--json`.
    static func print(_ report: SyncSession.Report, folder: String, _ context: Context)
      -> ChuckError?
    {
      if context.json { context.terminal.out(SyncJSON.report(report, folder: folder)) }
      return print(report, folder: folder, context.json ? nil : report, context.terminal)
    }

    /// Prints a sync's report (its lines, when given one), its notes and refusals on stderr; the
    /// first refusal is the error that sets the exit status.
    static func print(
      _ report: SyncSession.Report, folder: String, _ lines: SyncSession.Report?,
      _ terminal: Terminal
    ) -> ChuckError? {
      for line in lines?.lines(folder: folder) ?? [] { terminal.out("\(sanitizing: line)\n") }
      report.notes.forEach(terminal.note)
      report.refusals.forEach(terminal.warn)
      return report.refusals.isEmpty
        ? nil
        : .syncRecordRefused(
          report.refusals.count == 1
            ? "one record or log was refused; the rest was merged"
            : "\(report.refusals.count) records or logs were refused; the rest was merged")
    }
  }
}
