import ChuckCore
import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// The forms of `chuck pick`, `chuck list` and `chuck random` that shell start-up files, status
/// bars and scripts use, run without the argument parser: building swift-argument-parser's
/// command tree costs more than the command itself (its reflection is about a third of a
/// `chuck pick`'s time), `pick` and `list` must start like `fortune`, and `random` must beat
/// `curl | jq`.
///
/// It is a table of spellings (``options``) and nothing else: it fills the same
/// ``CommandLineOptions`` as the parsed commands and asks it for the request, where every rule
/// between options is. Anything it does not read plainly — another command, `--help`, a repeated
/// or unknown option, short flags run together, a value that looks like an option, options that
/// do not go together — is left to the argument parser, which decides and words every error; so
/// the fast path never changes what a command line means. `StartupCommandTests` checks each form
/// against the parser's result (a trailing `--` sends any command line to the parser), and
/// `StartupCommandTableTests` the table against the parser's own description of the commands.
struct StartupCommand: Equatable {
  enum Command: Equatable {
    case pick(PickRequest)
    case list(ListRequest)
    case random(RandomRequest)
  }

  /// The commands run here.
  struct Commands: OptionSet, Equatable {
    let rawValue: UInt8
    static let pick = Commands(rawValue: 1)
    static let list = Commands(rawValue: 2)
    static let random = Commands(rawValue: 4)
    static let all: Commands = [.pick, .list, .random]

    /// The command of this name, if it is one of them.
    init?(named name: String) {
      switch name {
      case "pick": self = .pick
      case "list": self = .list
      case "random": self = .random
      default: return nil
      }
    }

    init(rawValue: UInt8) { self.rawValue = rawValue }
  }

  /// One option as the table reads it.
  struct Option: Equatable {
    /// `--name`.
    let long: String
    /// `-x`, if it has one.
    let short: String?
    /// Whether it takes a value; an option that takes one may also come again (`--exclude`).
    let value: Value
    /// The commands that take it.
    let commands: Commands

    enum Value: Equatable {
      /// A flag.
      case none
      /// One value, not empty.
      case one
      /// A value each time it comes, empty too (`--exclude ''`).
      case repeated
    }

    init(
      _ long: String, _ short: String? = nil, taking value: Value = .none, for commands: Commands
    ) {
      (self.long, self.short, self.value, self.commands) = (long, short, value, commands)
    }
  }

  /// Every option the fast path reads.
  static let options: [Option] = [
    Option("--json", for: .all), Option("--color", taking: .one, for: .all),
    Option("--no-color", for: .all), Option("--accessible", for: .all),
    Option("--format", taking: .one, for: .all), Option("--oneline", for: .all),
    Option("--max-width", taking: .one, for: .all), Option("--source", taking: .one, for: .all),
    Option("--category", taking: .one, for: [.pick, .random]),
    Option("--exclude", taking: .repeated, for: [.pick, .random]),
    Option("--short", "-s", for: .pick), Option("--long", "-l", for: .pick),
    Option("--length", "-n", taking: .one, for: .pick),
    Option("--match", "-m", taking: .one, for: .pick),
    Option("--ignore-case", "-i", for: .pick), Option("--show-source", "-c", for: .pick),
    Option("--daily", for: .pick), Option("--no-rotate", for: .pick),
    Option("--date-format", taking: .one, for: [.pick, .list]),
  ]

  let command: Command
  let json: Bool
  let color: ColorMode?
  /// `--accessible`.
  let accessible: Bool

  /// The fast form of `arguments` (without the program's name), or nil.
  init?(_ arguments: some Collection<String>) {
    guard let name = arguments.first, let command = Commands(named: name) else { return nil }
    var typed = CommandLineOptions()
    var color: ColorMode?
    var accessible = false
    var seen: [String] = []
    var rest = arguments.dropFirst()[...]
    while let argument = rest.popFirst() {
      let (given, inlineValue) = Self.split(argument)
      guard
        let option = Self.options.first(where: { $0.long == given || $0.short == given }),
        option.commands.contains(command),
        option.value == .repeated || !seen.contains(Self.colorGroup(option.long))
      else { return nil }
      seen.append(Self.colorGroup(option.long))
      guard option.value != .none else {
        guard inlineValue == nil else { return nil }
        switch option.long {
        case "--no-color": color = .never
        case "--accessible": accessible = true
        default: Self.set(option.long, &typed)
        }
        continue
      }
      guard let value = inlineValue ?? rest.popFirst(), !value.hasPrefix("-"),
        !value.isEmpty || option.value == .repeated,
        Self.set(option.long, to: value, &typed, &color)
      else { return nil }
    }
    // What the parser would refuse, it refuses in its own words.
    do throws(ChuckError) {
      switch command {
      case .pick: self.command = .pick(try typed.pickRequest())
      case .list: self.command = .list(try typed.listRequest())
      default: self.command = .random(try typed.randomRequest())
      }
    } catch {
      return nil
    }
    self.json = typed.json
    self.color = color
    self.accessible = accessible
  }

  /// `--no-color` counts as `--color`: the two together are the parser's to decide.
  private static func colorGroup(_ long: String) -> String {
    long == "--no-color" ? "--color" : long
  }

  /// Sets a flag.
  private static func set(_ flag: String, _ typed: inout CommandLineOptions) {
    switch flag {
    case "--json": typed.json = true
    case "--oneline": typed.oneLine = true
    case "--short": typed.short = true
    case "--long": typed.long = true
    case "--ignore-case": typed.ignoreCase = true
    case "--show-source": typed.showSource = true
    case "--daily": typed.daily = true
    default: typed.noRotate = true
    }
  }

  /// Sets an option's value; `false` for a value of the wrong type (the parser's to word).
  private static func set(
    _ option: String, to value: String, _ typed: inout CommandLineOptions, _ color: inout ColorMode?
  ) -> Bool {
    switch option {
    case "--color":
      guard let mode = ColorMode(rawValue: value) else { return false }
      color = mode
    case "--format": typed.format = value
    case "--max-width":
      guard let number = Int(value) else { return false }
      typed.maximumWidth = number
    case "--source": typed.source = value
    case "--category": typed.category = value
    case "--exclude": typed.exclude.append(value)
    case "--length":
      guard let number = Int(value) else { return false }
      typed.length = number
    case "--date-format": typed.dateFormat = value
    default: typed.match = value
    }
    return true
  }

  /// `--name=value` as its two parts; any other argument as itself and no value.
  private static func split(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
      return (argument, nil)
    }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  /// Runs the command and exits with its status: `pick` and `list` at once on this thread,
  /// `random`, which waits for the network, in a task while this thread serves the main queue.
  func start() -> Never {
    let invocation = Invocation(color: color, accessible: accessible, json: json)
    switch command {
    case .pick(let request):
      exit(
        invocation.run { (context: Context) throws(ChuckError) in
          context.printPicked(
            try JokePicker(components: context.components).pick(request), request)
        })
    case .list(let request):
      exit(
        invocation.run { (context: Context) throws(ChuckError) in
          try context.printList(SavedListing(request.scope, context.components), request)
        })
    case .random(let request):
      Task { exit(await Self.random(request, invocation)) }
      dispatchMain()
    }
  }

  /// `random` as the parsed command runs it (`GlobalOptions.run(asksService:)`): libcurl loads
  /// on another thread while the context is built, and is waited for before the exit.
  private static func random(_ request: RandomRequest, _ invocation: Invocation) async -> Int32 {
    CurlPreload.start()
    defer { CurlPreload.wait() }
    do throws(ChuckError) {
      let context = try invocation.context()
      try await context.fetchAndPrint(request)
      invocation.syncAfterChange(context)
      return 0
    } catch {
      return invocation.fail(error)
    }
  }
}
