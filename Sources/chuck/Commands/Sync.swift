import ArgumentParser
import ChuckCore

extension Chuck {
  /// `chuck sync [--status]`, `chuck sync init | key | join KEY`: the lists of every machine
  /// through a folder another engine replicates, or a git clone (`SyncSetup`).
  struct Sync: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "sync",
      abstract: "Sync your lists with your other machines through a shared folder or git.",
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
        """,
      subcommands: [Init.self, Key.self, Join.self]
    )

    @Flag(help: "Say which machines' logs are in the folder and when each last changed.")
    var status = false

    @OptionGroup var options: GlobalOptions

    func run() async throws {
      try await options.runReporting { (context: Context) async throws(ChuckError) -> ChuckError? in
        let setup = try SyncSetup(context.components)
        guard !status else {
          let (replicas, waiting) = try setup.status()
          context.terminal.out("Sync folder: \(sanitizing: setup.folder)\n")
          for replica in replicas {
            context.terminal.out("\(sanitizing: replica.line)\n")
          }
          context.terminal.out(
            "\(sanitizing: "Changes of this machine not synced yet: \(waiting)")\n")
          return replicas.flatMap(\.refusals).first.map(ChuckError.syncRecordRefused)
        }
        return Sync.print(try setup.sync(), folder: setup.folder, context.terminal)
      }
    }

    /// Prints a sync's report; the first refusal is the error that sets the exit status.
    static func print(_ report: SyncSession.Report, folder: String, _ terminal: Terminal)
      -> ChuckError?
    {
      for line in report.lines(folder: folder) { terminal.out("\(sanitizing: line)\n") }
      report.notes.forEach(terminal.note)
      report.refusals.forEach(terminal.warn)
      return report.refusals.isEmpty
        ? nil
        : .syncRecordRefused(
          report.refusals.count == 1
            ? "one record or log was refused; the rest was merged"
            : "\(report.refusals.count) records or logs were refused; the rest was merged")
    }

    struct Init: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Make the key of your machines' sync on your first machine, and sync it.")

      @OptionGroup var options: GlobalOptions

      func run() async throws {
        try await options.runReporting {
          (context: Context) async throws(ChuckError) -> ChuckError? in
          let setup = try SyncSetup(context.components)
          let (key, report) = try setup.start()
          let error = Sync.print(report, folder: setup.folder, context.terminal)
          context.terminal.out(
            "\(sanitizing: "The key, to type on your other machines with chuck sync join:")\n"
              + "  \(sanitizing: key.text)\n")
          return error
        }
      }
    }

    struct Key: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Show this machine's sync key, to type on another machine with chuck sync join.")

      @OptionGroup var options: GlobalOptions

      func run() async throws {
        try await options.run { (context: Context) async throws(ChuckError) in
          let key = try SyncSetup(context.components).key()
          context.terminal.out("\(sanitizing: key.text)\n")
        }
      }
    }

    struct Join: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Take the sync key another machine shows, and sync this machine.",
        discussion: """
          The key is checked (a mistyped character is found) and tried on the logs already in \
          the folder before it is kept: a key that opens none of them is refused. This \
          machine's lists join the others': nothing kept here is lost.
          """)

      @Argument(help: "The key chuck sync key shows on a machine that syncs (spaces allowed).")
      var key: [String]

      @OptionGroup var options: GlobalOptions

      func run() async throws {
        try await options.runReporting {
          (context: Context) async throws(ChuckError) -> ChuckError? in
          let setup = try SyncSetup(context.components)
          return Sync.print(
            try setup.join(key.joined(separator: " ")), folder: setup.folder, context.terminal)
        }
      }
    }
  }
}
