import ArgumentParser
import ChuckCore

/// `--format TEMPLATE|waybar`, `--oneline`, `--max-width N`: a joke printed for another program
/// (`pick`, `random`, `show`, `list`); see `JokeFormat`.
struct FormatOption: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Print each joke through a template of fields ({value}, {setup}, {punchline}, {id}, "
        + "{source}, {categories}, {url}, {date}; {{ and }} for braces), or waybar for waybar's "
        + "JSON.", valueName: "template"))
  var format: String?

  @Flag(help: "Collapse whitespace: one line a joke.")
  var oneline = false

  @Option(help: ArgumentHelp("Cut the text to N columns, ending with …", valueName: "n"))
  var maxWidth: Int?

  /// The format asked for, or `nil` for the command's own output.
  /// - Parameter json: whether `--json` was given (which no format goes with).
  func resolve(json: Bool) throws -> JokeFormat? {
    try Self.format(format, oneLine: oneline, maximumWidth: maxWidth, json: json)
  }

  /// The same, from the options' values (for `FastPath` too).
  static func format(_ format: String?, oneLine: Bool, maximumWidth: Int?, json: Bool) throws
    -> JokeFormat?
  {
    guard format != nil || oneLine || maximumWidth != nil else { return nil }
    guard !json else {
      throw ValidationError("--json and --format, --oneline or --max-width do not go together.")
    }
    do throws(ChuckError) {
      return try JokeFormat(format, oneLine: oneLine, maximumWidth: maximumWidth)
    } catch {
      throw ValidationError(error.errorDescription ?? "bad --format")
    }
  }
}
