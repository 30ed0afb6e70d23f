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

  /// What a command line fills as the table reads it: the options every rule is asked of, and
  /// the three that the invocation takes (`--color`, `--no-color`, `--accessible`).
  struct Typed {
    var options = CommandLineOptions()
    var color: ColorMode?
    var noColor = false
    var accessible = false
  }

  /// One option as the table reads it: its spellings, its commands, and the property of
  /// ``Typed`` it fills, which also says whether it takes a value — so that a row is all there
  /// is to add an option, and no option falls into another's branch.
  struct Option {
    /// `--name`.
    let long: String
    /// `-x`, if it has one.
    let short: String?
    /// What it fills.
    let fill: Fill
    /// The commands that take it.
    let commands: Commands

    /// The property an option fills, and how its text is read.
    enum Fill {
      /// A flag: true when given.
      case flag(any WritableKeyPath<Typed, Bool> & Sendable)
      /// One value, not empty, as it is.
      case text(any WritableKeyPath<Typed, String?> & Sendable)
      /// One value, a whole number.
      case number(any WritableKeyPath<Typed, Int?> & Sendable)
      /// A value each time it comes, empty too (`--exclude ''`).
      case texts(any WritableKeyPath<Typed, [String]> & Sendable)
      /// One value, a colour mode.
      case color(any WritableKeyPath<Typed, ColorMode?> & Sendable)
    }

    /// The property it fills, for telling rows apart.
    var property: AnyKeyPath {
      switch fill {
      case .flag(let property): property
      case .text(let property): property
      case .number(let property): property
      case .texts(let property): property
      case .color(let property): property
      }
    }

    /// Whether it takes a value; an option that takes one may also come again (`--exclude`).
    var value: Value {
      switch fill {
      case .flag: .none
      case .texts: .repeated
      case .text, .number, .color: .one
      }
    }

    enum Value: Equatable {
      /// A flag.
      case none
      /// One value, not empty.
      case one
      /// A value each time it comes, empty too (`--exclude ''`).
      case repeated
    }

    init(_ long: String, _ short: String? = nil, fills fill: Fill, for commands: Commands) {
      (self.long, self.short, self.fill, self.commands) = (long, short, fill, commands)
    }

    /// Fills what a flag fills.
    func set(_ typed: inout Typed) {
      if case .flag(let property) = fill { typed[keyPath: property] = true }
    }

    /// Fills what the option fills with its value; `false` for a value of the wrong type (the
    /// parser's to word).
    func set(_ value: String, _ typed: inout Typed) -> Bool {
      switch fill {
      case .flag: return false
      case .text(let property): typed[keyPath: property] = value
      case .texts(let property): typed[keyPath: property].append(value)
      case .number(let property):
        guard let number = Int(value) else { return false }
        typed[keyPath: property] = number
      case .color(let property):
        guard let mode = ColorMode(rawValue: value) else { return false }
        typed[keyPath: property] = mode
      }
      return true
    }
  }

  /// Every option the fast path reads.
  static let options: [Option] = [
    Option("--json", fills: .flag(\.options.json), for: .all),
    Option("--color", fills: .color(\.color), for: .all),
    Option("--no-color", fills: .flag(\.noColor), for: .all),
    Option("--accessible", fills: .flag(\.accessible), for: .all),
    Option("--format", fills: .text(\.options.format), for: .all),
    Option("--oneline", fills: .flag(\.options.oneLine), for: .all),
    Option("--max-width", fills: .number(\.options.maximumWidth), for: .all),
    Option("--source", fills: .text(\.options.source), for: .all),
    Option("--category", fills: .text(\.options.category), for: [.pick, .random]),
    Option("--exclude", fills: .texts(\.options.exclude), for: [.pick, .random]),
    Option("--short", "-s", fills: .flag(\.options.short), for: .pick),
    Option("--long", "-l", fills: .flag(\.options.long), for: .pick),
    Option("--length", "-n", fills: .number(\.options.length), for: .pick),
    Option("--match", "-m", fills: .text(\.options.match), for: .pick),
    Option("--ignore-case", "-i", fills: .flag(\.options.ignoreCase), for: .pick),
    Option("--show-source", "-c", fills: .flag(\.options.showSource), for: .pick),
    Option("--daily", fills: .flag(\.options.daily), for: .pick),
    Option("--no-rotate", fills: .flag(\.options.noRotate), for: .pick),
    Option("--date-format", fills: .text(\.options.dateFormat), for: [.pick, .list]),
  ]

  let command: Command
  let json: Bool
  /// `--color`, `--no-color` and `--accessible`, as the parsed commands give them.
  let settingFlags: [SettingFlag]

  /// The fast form of `arguments` (without the program's name), or nil.
  init?(_ arguments: some Collection<String>) {
    guard let name = arguments.first, let command = Commands(named: name) else { return nil }
    var typed = Typed()
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
        option.set(&typed)
        continue
      }
      guard let value = inlineValue ?? rest.popFirst(), !value.hasPrefix("-"),
        !value.isEmpty || option.value == .repeated, option.set(value, &typed)
      else { return nil }
    }
    // What the parser would refuse, it refuses in its own words.
    do throws(ChuckError) {
      switch command {
      case .pick: self.command = .pick(try typed.options.pickRequest())
      case .list: self.command = .list(try typed.options.listRequest())
      default: self.command = .random(try typed.options.randomRequest())
      }
    } catch {
      return nil
    }
    self.json = typed.options.json
    // `--no-color` and `--color` together are the parser's (above).
    settingFlags = GlobalOptions.settingFlags(
      color: typed.color, noColor: typed.noColor, accessible: typed.accessible)
  }

  /// `--no-color` counts as `--color`: the two together are the parser's to decide.
  private static func colorGroup(_ long: String) -> String {
    long == "--no-color" ? "--color" : long
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
    let invocation = Invocation(flags: settingFlags, json: json)
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
