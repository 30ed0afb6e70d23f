import ChuckCore

/// The forms of `chuck pick` and `chuck list` that shell start-up files use, run without the
/// argument parser: building swift-argument-parser's command tree costs more than the command
/// itself (its reflection is about a third of a `chuck pick`'s time), and these two must start
/// like `fortune`.
///
/// It accepts only `pick` or `list` followed by `--json`, `--color MODE` and, for `pick`,
/// `--category NAME` (each at most once, `--name=value` too). Anything else — another command,
/// `--help`, a repeated or unknown option, a value that looks like an option — is left to the
/// argument parser, which decides and words every error; so the fast path never changes what a
/// command line means. The command bodies are the same functions the parsed commands run
/// (`Pick.pick`, `List.list`), and `FastPathTests` checks each form against the parser's result
/// (a trailing `--` sends any command line to the parser).
struct FastPath: Equatable {
  enum Command: Equatable {
    case pick(category: String?)
    case list
  }

  let command: Command
  let json: Bool
  let color: ColorMode

  /// The fast form of `arguments` (without the program's name), or nil.
  init?(_ arguments: some Collection<String>) {
    guard let name = arguments.first, name == "pick" || name == "list" else { return nil }
    var json = false
    var color: ColorMode?
    var category: String?
    var rest = arguments.dropFirst()[...]
    while let argument = rest.popFirst() {
      if argument == "--json" {
        guard !json else { return nil }
        json = true
        continue
      }
      let (option, inlineValue) = Self.split(argument)
      guard option == "--color" || (option == "--category" && name == "pick") else { return nil }
      guard let value = inlineValue ?? rest.popFirst(), !value.isEmpty, !value.hasPrefix("-")
      else { return nil }
      if option == "--color" {
        guard color == nil, let mode = ColorMode(rawValue: value) else { return nil }
        color = mode
      } else {
        guard category == nil else { return nil }
        category = value
      }
    }
    self.command = name == "pick" ? .pick(category: category) : .list
    self.json = json
    self.color = color ?? .auto
  }

  /// `--name=value` as its two parts; any other argument as itself and no value.
  private static func split(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
      return (argument, nil)
    }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  /// Runs the command and returns its exit status.
  func run() -> Int32 {
    Invocation(color: color, json: json).run { (context: Context) throws(ChuckError) in
      switch command {
      case .pick(let category): try Chuck.Pick.pick(category: category, source: nil, context)
      case .list: try Chuck.List.list(source: nil, context)
      }
    }
  }
}
