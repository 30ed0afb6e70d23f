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
/// It accepts only `pick`, `list` or `random` followed by `--json`, `--color MODE` and, for
/// `pick`, its options: `--category NAME`, `--exclude NAME` (repeatable), `-s`/`--short`,
/// `-l`/`--long`, `-n`/`--length N`, `-m`/`--match REGEX`, `-i`/`--ignore-case`,
/// `-c`/`--show-source` and `--source NAME|all`, `--daily`, `--no-rotate`; for `random`,
/// `--category NAME`, `--exclude NAME` (repeatable) and `--source NAME`; for all three,
/// `--format TEMPLATE`, `--oneline` and `--max-width N` (each other at most once, `--name=value`
/// too). Anything else — another command, `--help`, a repeated or unknown option, short flags
/// run together, a value that looks like an option, options that do not go together — is left
/// to the argument parser, which decides and words every error; so the fast path never changes
/// what a command line means. The command bodies are the same functions the parsed commands run
/// (`Pick.pick`, `List.list`, `Random.random`), and `FastPathTests` checks each form against the
/// parser's result (a trailing `--` sends any command line to the parser).
struct FastPath: Equatable {
  enum Command: Equatable {
    case pick(Chuck.Pick.Request)
    case list(SourceScope, JokeFormat?)
    case random(Random)
  }

  /// What `chuck random` asks for.
  struct Random: Equatable {
    var source: JokeSource?
    var category: String?
    var exclude: [String]
    var format: JokeFormat?
  }

  let command: Command
  let json: Bool
  let color: ColorMode

  /// The fast form of `arguments` (without the program's name), or nil.
  init?(_ arguments: some Collection<String>) {
    guard let name = arguments.first, Self.takes(name, "--json") != nil else { return nil }
    var json = false
    var color: ColorMode?
    var request = Chuck.Pick.Request()
    var seen: Set<String> = []
    var short = false
    var long = false
    var length: Int?
    var daily = false
    var noRotate = false
    var format: String?
    var oneLine = false
    var maximumWidth: Int?
    var rest = arguments.dropFirst()[...]
    while let argument = rest.popFirst() {
      let (given, inlineValue) = Self.split(argument)
      guard let option = Self.names[given], Self.takes(name, option) == true else { return nil }
      // Only --exclude may come again.
      guard option == "--exclude" || seen.insert(option).inserted else { return nil }
      if Self.flags.contains(option) {
        guard inlineValue == nil else { return nil }
        switch option {
        case "--json": json = true
        case "--short": short = true
        case "--long": long = true
        case "--ignore-case": request.ignoreCase = true
        case "--daily": daily = true
        case "--oneline": oneLine = true
        case "--no-rotate": noRotate = true
        default: request.showSource = true
        }
        continue
      }
      guard let value = inlineValue ?? rest.popFirst(), !value.hasPrefix("-"),
        !value.isEmpty || option == "--exclude"
      else { return nil }
      switch option {
      case "--color":
        guard let mode = ColorMode(rawValue: value) else { return nil }
        color = mode
      case "--category": request.category = value
      case "--exclude": request.exclude.append(value)
      case "--length":
        guard let number = Int(value), number >= 0 else { return nil }
        length = number
      case "--match": request.match = value
      case "--format": format = value
      case "--max-width":
        guard let number = Int(value) else { return nil }
        maximumWidth = number
      default:
        if value == "all" {
          guard name != "random" else { return nil }
          request.scope = .all
        } else {
          guard let source = JokeSource(rawValue: value) else { return nil }
          request.scope = .one(source)
        }
      }
    }
    // What the parser would refuse, it refuses in its own words.
    guard !(short && long), length == nil || short || long,
      !request.ignoreCase || request.match != nil, !(daily && noRotate)
    else { return nil }
    request.order = daily ? .daily : noRotate ? .random : .rotation
    let output: JokeFormat?
    do {
      output = try FormatOption.format(
        format, oneLine: oneLine, maximumWidth: maximumWidth, json: json)
    } catch {
      return nil
    }
    request.format = output
    let threshold = length ?? PickFilter.defaultLength
    request.length = short ? .short(threshold) : long ? .long(threshold) : .any
    switch name {
    case "pick": command = .pick(request)
    case "list": command = .list(request.scope, output)
    default:
      let source: JokeSource? =
        switch request.scope {
        case .one(let source): source
        default: nil
        }
      command = .random(
        Random(
          source: source, category: request.category, exclude: request.exclude, format: output))
    }
    self.json = json
    self.color = color ?? .auto
  }

  /// Every option's spellings, by its long name.
  private static let names: [String: String] = [
    "--json": "--json", "--color": "--color", "--category": "--category", "--exclude": "--exclude",
    "-s": "--short", "--short": "--short", "-l": "--long", "--long": "--long",
    "-n": "--length", "--length": "--length", "-m": "--match", "--match": "--match",
    "-i": "--ignore-case", "--ignore-case": "--ignore-case", "-c": "--show-source",
    "--show-source": "--show-source", "--source": "--source", "--daily": "--daily",
    "--no-rotate": "--no-rotate", "--format": "--format", "--oneline": "--oneline",
    "--max-width": "--max-width",
  ]
  /// The options that take no value.
  private static let flags: Set = [
    "--json", "--short", "--long", "--ignore-case", "--show-source", "--daily", "--no-rotate",
    "--oneline",
  ]
  /// Whether `command` takes `option` (a long name) here; `nil` for a command the fast path
  /// does not run. A function, not a table: a dictionary of sets is generic metadata that the
  /// runtime builds from its mangled name at the first use, a tenth of a `pick`.
  private static func takes(_ command: String, _ option: String) -> Bool? {
    switch command {
    case "pick": return true
    case "list":
      return ["--json", "--color", "--format", "--oneline", "--max-width", "--source"]
        .contains(option)
    case "random":
      return [
        "--json", "--color", "--format", "--oneline", "--max-width", "--source", "--category",
        "--exclude",
      ].contains(option)
    default: return nil
    }
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
    let invocation = Invocation(color: color, json: json)
    switch command {
    case .pick(let request):
      exit(
        invocation.run { (context: Context) throws(ChuckError) in
          try Chuck.Pick.pick(request, context)
        })
    case .list(let scope, let format):
      exit(
        invocation.run { (context: Context) throws(ChuckError) in
          try Chuck.List.list(scope, format: format, context)
        })
    case .random(let random):
      Task { exit(await Self.random(random, invocation)) }
      dispatchMain()
    }
  }

  /// `random` as the parsed command runs it (`GlobalOptions.run(asksService:)`): libcurl loads
  /// on another thread while the context is built, and is waited for before the exit.
  private static func random(_ random: Random, _ invocation: Invocation) async -> Int32 {
    CurlPreload.start()
    defer { CurlPreload.wait() }
    do throws(ChuckError) {
      let context = try invocation.context()
      let source = random.source ?? context.components.configuration.source
      try await Chuck.Random.random(
        source.kind, category: random.category, excluding: random.exclude,
        format: random.format, context)
      return 0
    } catch {
      return invocation.fail(error)
    }
  }
}
